import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceRequestAction, ServiceRequestActionBody, TServiceRequest } from '@portal/shared';
import { apiFetch, isApiError } from '../../../lib/api-client';
import { sendOrQueue } from '../../offline';
import { serviceRequestKeys } from './keys';

export interface ActionVariables<A extends ServiceRequestAction = ServiceRequestAction> {
  action: A;
  body: ServiceRequestActionBody<A>;
  /** Work is running and the action ends it: if it has to wait in the outbox, a pause at the device's time goes first. */
  pauseFirst?: boolean;
}

/** POST /api/service-requests/:id/<action> — the request afterwards. */
export function runServiceRequestAction<A extends ServiceRequestAction>(id: string, action: A, body: ServiceRequestActionBody<A>): Promise<TServiceRequest> {
  return apiFetch<TServiceRequest>(`/api/service-requests/${encodeURIComponent(id)}/${action}`, { method: 'POST', body });
}

/**
 * Every action of the state machine: the answer replaces the cached detail; a refusal because
 * the request moved on meanwhile (409) or went out of sight (404) refetches it, so the page
 * shows the current status and the buttons the server now allows. A technician's action
 * without a network waits in the outbox: then the answer is null and the task shows it queued.
 */
export function useServiceRequestAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline the call must still run: it is the one that puts the action in the outbox.
    networkMode: 'always',
    mutationFn: async ({ action, body, pauseFirst }: ActionVariables): Promise<TServiceRequest | null> => {
      const number = queryClient.getQueryData<TServiceRequest>(serviceRequestKeys.detail(id))?.number;
      const result = await sendOrQueue<TServiceRequest>({
        requestId: id,
        kind: 'action',
        method: 'POST',
        path: `/api/service-requests/${encodeURIComponent(id)}/${action}`,
        body,
        meta: { action, ...(number ? { number } : {}) },
        ...(pauseFirst ? { pauseFirst } : {}),
      });
      return result.queued ? null : result.data;
    },
    onSuccess: (request) => {
      if (!request) return;
      queryClient.setQueryData(serviceRequestKeys.detail(id), request);
      void queryClient.invalidateQueries({ queryKey: serviceRequestKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
    onError: (error) => {
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: serviceRequestKeys.detail(id) });
        void queryClient.invalidateQueries({ queryKey: serviceRequestKeys.lists() });
      }
    },
  });
}
