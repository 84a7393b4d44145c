import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdjustment, TCreateAdjustment } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { inventoryKeys } from '../../../lib/inventory-lookups';

/** POST /api/adjustments — 409 insufficient_stock when the change would go below zero. */
export function createAdjustment(body: TCreateAdjustment): Promise<TAdjustment> {
  return apiFetch<TAdjustment>('/api/adjustments', { method: 'POST', body });
}

export function useCreateAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdjustment,
    onSuccess: async () => {
      await Promise.all([inventoryKeys.adjustments, inventoryKeys.stock, inventoryKeys.items].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
