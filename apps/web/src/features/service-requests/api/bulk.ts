import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBulkRequest, TBulkResult } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { serviceRequestKeys } from './keys';

/** POST /api/service-requests/bulk (admin) — one result per id, each through the same rules as alone. */
export function runBulk(body: TBulkRequest): Promise<TBulkResult> {
  return apiFetch<TBulkResult>('/api/service-requests/bulk', { method: 'POST', body });
}

export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runBulk,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: serviceRequestKeys.all }),
  });
}
