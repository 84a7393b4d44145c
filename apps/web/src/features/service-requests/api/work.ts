import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TStockList } from '@portal/shared';
import { apiFetch, isApiError } from '../../../lib/api-client';
import { serviceRequestKeys } from './keys';

export interface WorkCall {
  /** Under /api/service-requests/:id/ (or an absolute /api path). */
  path: string;
  method?: 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
}

/**
 * Every field-work change (work log, diagnostic, parts, photos, parts request, quality check):
 * afterwards the request's detail is read again — the server's answer is the truth (stock,
 * totals, status, the actions now allowed). A 409/404 refreshes it too.
 */
export function useWorkCall(requestId: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: serviceRequestKeys.detail(requestId) });
    void queryClient.invalidateQueries({ queryKey: serviceRequestKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: ['van-stock'] });
  };
  return useMutation({
    mutationFn: ({ path, method = 'POST', body }: WorkCall) =>
      apiFetch<unknown>(path.startsWith('/api/') ? path : `/api/service-requests/${encodeURIComponent(requestId)}/${path}`, { method, body: body ?? (method === 'DELETE' ? undefined : {}) }),
    onSuccess: refresh,
    onError: (error) => {
      if (isApiError(error) && (error.status === 409 || error.status === 404)) refresh();
    },
  });
}

/** What the technician's van holds (in stock only), for the parts picker. */
export function useVanStock(vanId: string | null, q: string) {
  return useQuery({
    queryKey: ['van-stock', vanId, q],
    enabled: !!vanId,
    queryFn: ({ signal }) =>
      apiFetch<TStockList>('/api/stock', { query: { warehouse_id: vanId ?? undefined, q: q || undefined, limit: 50, sort: 'item_code' }, signal }),
  });
}
