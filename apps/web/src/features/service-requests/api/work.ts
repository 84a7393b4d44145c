import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TServiceRequest, TStockList } from '@portal/shared';
import { apiFetch, isApiError } from '../../../lib/api-client';
import { sendOrQueue, type OutboxKind, type SendResult, type WorkRequest } from '../../offline';
import { serviceRequestKeys } from './keys';

export interface WorkCall {
  /** Under /api/service-requests/:id/ (or an absolute /api path). */
  path: string;
  method?: 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** A photo: sent as multipart (`kind=photo` and the file). */
  photo?: File;
  /** A part used: what the task shows of it while it waits to sync. */
  part?: NonNullable<WorkRequest['meta']>['part'];
}

/** The work a technician may do without a connection (issue #27): it waits in the outbox. */
function queueKind(path: string, method: string): OutboxKind | null {
  if (path === 'work-log/start') return 'work-start';
  if (path === 'work-log/stop') return 'work-stop';
  if (path === 'diagnostic' && method === 'PUT') return 'diagnostic';
  if (path === 'parts' && method === 'POST') return 'part-add';
  if (path.startsWith('parts/') && method === 'DELETE') return 'part-remove';
  if (path === 'attachments' && method === 'POST') return 'photo';
  return null;
}

/**
 * Every field-work change (work log, diagnostic, parts, photos, parts request, quality check):
 * afterwards the request's detail is read again — the server's answer is the truth (stock,
 * totals, status, the actions now allowed). A 409/404 refreshes it too. A technician's work
 * without a network waits in the outbox (`queued`): the task shows it from there.
 */
export function useWorkCall(requestId: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: serviceRequestKeys.detail(requestId) });
    void queryClient.invalidateQueries({ queryKey: serviceRequestKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: ['van-stock'] });
  };
  return useMutation({
    // Offline the call must still run: it is the one that puts the action in the outbox.
    networkMode: 'always',
    mutationFn: async ({ path, method = 'POST', body, photo, part }: WorkCall): Promise<SendResult<unknown>> => {
      const fullPath = path.startsWith('/api/') ? path : `/api/service-requests/${encodeURIComponent(requestId)}/${path}`;
      const kind = queueKind(path, method);
      if (!kind) {
        return { queued: false, data: await apiFetch<unknown>(fullPath, { method, body: body ?? (method === 'DELETE' ? undefined : {}) }) };
      }
      const number = queryClient.getQueryData<TServiceRequest>(serviceRequestKeys.detail(requestId))?.number;
      return sendOrQueue({
        requestId,
        kind,
        method,
        path: fullPath,
        ...(photo ? { upload: { file: photo, fileName: photo.name || 'photo', fields: { kind: 'photo' } } } : body !== undefined ? { body } : {}),
        meta: {
          ...(number ? { number } : {}),
          ...(part ? { part } : {}),
          ...(kind === 'part-remove' ? { lineId: path.slice('parts/'.length) } : {}),
        },
      });
    },
    onSuccess: (result) => {
      if (!result.queued) refresh();
    },
    onError: (error) => {
      if (isApiError(error) && (error.status === 409 || error.status === 404)) refresh();
    },
  });
}

/**
 * What the technician's van holds (in stock only), for the parts picker. The list shown stays
 * while another search loads (offline, the picker searches the kept list itself).
 */
export function useVanStock(vanId: string | null, q: string) {
  return useQuery({
    queryKey: ['van-stock', vanId, q],
    enabled: !!vanId,
    queryFn: ({ signal }) =>
      apiFetch<TStockList>('/api/stock', { query: { warehouse_id: vanId ?? undefined, q: q || undefined, limit: 50, sort: 'item_code' }, signal }),
    placeholderData: keepPreviousData,
  });
}
