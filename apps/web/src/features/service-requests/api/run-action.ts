import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceRequestAction, ServiceRequestActionBody, TServiceRequest } from '@portal/shared';
import { apiFetch, isApiError } from '../../../lib/api-client';
import { serviceRequestKeys } from './keys';

export interface ActionVariables<A extends ServiceRequestAction = ServiceRequestAction> {
  action: A;
  body: ServiceRequestActionBody<A>;
}

/** POST /api/service-requests/:id/<action> — the request afterwards. */
export function runServiceRequestAction<A extends ServiceRequestAction>(id: string, action: A, body: ServiceRequestActionBody<A>): Promise<TServiceRequest> {
  return apiFetch<TServiceRequest>(`/api/service-requests/${encodeURIComponent(id)}/${action}`, { method: 'POST', body });
}

/**
 * Every action of the state machine: the answer replaces the cached detail; a refusal because
 * the request moved on meanwhile (409) or went out of sight (404) refetches it, so the page
 * shows the current status and the buttons the server now allows.
 */
export function useServiceRequestAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: ActionVariables) => runServiceRequestAction(id, action, body as never),
    onSuccess: (request) => {
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
