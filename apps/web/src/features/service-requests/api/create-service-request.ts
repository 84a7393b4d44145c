import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateServiceRequest, TServiceRequest } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { serviceRequestKeys } from './keys';

/** POST /api/service-requests — 201 with the request (status pending). */
export function createServiceRequest(body: TCreateServiceRequest): Promise<TServiceRequest> {
  return apiFetch<TServiceRequest>('/api/service-requests', { method: 'POST', body });
}

export function useCreateServiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServiceRequest,
    onSuccess: (request) => {
      queryClient.setQueryData(serviceRequestKeys.detail(request.id), request);
      void queryClient.invalidateQueries({ queryKey: serviceRequestKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
