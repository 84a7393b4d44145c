import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAppointmentDetail, TAvailability } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { appointmentKeys } from './keys';

/** GET /api/appointments/:id — with the caller's `allowed_actions` and the history. */
export function useAppointment(id: string) {
  return useQuery({
    queryKey: appointmentKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<TAppointmentDetail>(`/api/appointments/${encodeURIComponent(id)}`, { signal }),
  });
}

/** GET /api/appointments/:id/availability?date= — where this visit could move (its own time counted free). */
export function useRescheduleAvailability(id: string, date: string | null, enabled: boolean) {
  return useQuery({
    queryKey: appointmentKeys.availability(id, date),
    queryFn: ({ signal }) => apiFetch<TAvailability>(`/api/appointments/${encodeURIComponent(id)}/availability`, { query: { date: date! }, signal }),
    enabled: enabled && date !== null,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
