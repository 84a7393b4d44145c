import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFeedbackRequest, TServiceRequest } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { serviceRequestKeys } from './keys';

/** POST /api/service-requests/:id/feedback — rating, text and the signature (PNG data URL). */
export function submitFeedback(id: string, body: TFeedbackRequest): Promise<TServiceRequest> {
  return apiFetch<TServiceRequest>(`/api/service-requests/${encodeURIComponent(id)}/feedback`, { method: 'POST', body });
}

export function useSubmitFeedback(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TFeedbackRequest) => submitFeedback(id, body),
    onSuccess: (request) => {
      queryClient.setQueryData(serviceRequestKeys.detail(id), request);
      void queryClient.invalidateQueries({ queryKey: serviceRequestKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
    onSettled: (_data, error) => {
      if (error) void queryClient.invalidateQueries({ queryKey: serviceRequestKeys.detail(id) });
    },
  });
}
