import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBookingRequest, TBookingResponse } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { availabilityKey } from './get-availability';

/** POST /api/bookings — the service request and its appointment, made together. */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBookingRequest) => apiFetch<TBookingResponse>('/api/bookings', { method: 'POST', body }),
    onSettled: () => {
      // Taken or not, the slots shown are no longer the truth.
      void queryClient.invalidateQueries({ queryKey: availabilityKey });
      void queryClient.invalidateQueries({ queryKey: ['appointments'] });
      void queryClient.invalidateQueries({ queryKey: ['service-requests', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
