import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppointmentAction, AppointmentActionBody, TAppointmentDetail } from '@portal/shared';
import { apiFetch, isApiError } from '../../../lib/api-client';
import { appointmentKeys } from './keys';

export interface AppointmentActionVariables<A extends AppointmentAction = AppointmentAction> {
  action: A;
  body: AppointmentActionBody<A>;
}

/**
 * POST /api/appointments/:id/<action>: the answer replaces the cached detail and the lists and
 * calendars refetch; a refusal because it moved on meanwhile (409) or went out of sight (404)
 * refetches too, so the page shows the current status and the buttons now allowed.
 */
export function useAppointmentAction(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.calendar() });
    void queryClient.invalidateQueries({ queryKey: ['availability'] });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  };
  return useMutation({
    mutationFn: ({ action, body }: AppointmentActionVariables) =>
      apiFetch<TAppointmentDetail>(`/api/appointments/${encodeURIComponent(id)}/${action}`, { method: 'POST', body }),
    onSuccess: (appointment) => {
      queryClient.setQueryData(appointmentKeys.detail(id), appointment);
      refresh();
    },
    onError: (error) => {
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: appointmentKeys.detail(id) });
        void queryClient.invalidateQueries({ queryKey: ['appointments', 'availability', id] });
        refresh();
      }
    },
  });
}
