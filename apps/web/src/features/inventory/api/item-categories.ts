import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateItemCategory, TItemCategory, TPatchItemCategory } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { inventoryKeys } from '../../../lib/inventory-lookups';

/** POST /api/item-categories */
export function createItemCategory(body: TCreateItemCategory): Promise<TItemCategory> {
  return apiFetch<TItemCategory>('/api/item-categories', { method: 'POST', body });
}

/** PATCH /api/item-categories/:code — renames (the code stays). */
export function updateItemCategory({ code, patch }: { code: string; patch: TPatchItemCategory }): Promise<TItemCategory> {
  return apiFetch<TItemCategory>(`/api/item-categories/${encodeURIComponent(code)}`, { method: 'PATCH', body: patch });
}

/** After a change: the categories, and the items and stock lines that show their names. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: inventoryKeys.categories }),
      queryClient.invalidateQueries({ queryKey: inventoryKeys.items }),
      queryClient.invalidateQueries({ queryKey: inventoryKeys.stock }),
    ]);
}

export function useCreateItemCategory() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: createItemCategory, onSuccess: invalidate });
}

export function useUpdateItemCategory() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: updateItemCategory, onSuccess: invalidate });
}
