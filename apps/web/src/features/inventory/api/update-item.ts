import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TItem, TPatchItem } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { inventoryKeys } from '../../../lib/inventory-lookups';

/** PATCH /api/items/:id — edit, deactivate (`active: false`) or reactivate. */
export function updateItem({ id, patch }: { id: string; patch: TPatchItem }): Promise<TItem> {
  return apiFetch<TItem>(`/api/items/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch });
}

export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateItem, onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.items }) });
}
