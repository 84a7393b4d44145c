import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateWarehouse, TPatchWarehouse, TWarehouse } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { inventoryKeys } from '../../../lib/inventory-lookups';

/** POST /api/warehouses, or PATCH /api/warehouses/:id when `id` is given (also deactivate/reactivate). */
export function saveWarehouse({ id, body }: { id?: string; body: TCreateWarehouse | TPatchWarehouse }): Promise<TWarehouse> {
  return id
    ? apiFetch<TWarehouse>(`/api/warehouses/${encodeURIComponent(id)}`, { method: 'PATCH', body })
    : apiFetch<TWarehouse>('/api/warehouses', { method: 'POST', body });
}

export function useSaveWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveWarehouse, onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.warehouses }) });
}
