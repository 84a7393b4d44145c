import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateItem, TItem } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { inventoryKeys } from '../../../lib/inventory-lookups';

/** POST /api/items */
export function createItem(body: TCreateItem): Promise<TItem> {
  return apiFetch<TItem>('/api/items', { method: 'POST', body });
}

export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createItem, onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.items }) });
}
