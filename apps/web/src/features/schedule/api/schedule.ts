import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreateTimeOff, TPutSchedule, TSchedule, TTimeOff, TTimeOffList } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { registerRealtimeInvalidation } from '../../../lib/realtime';

/** Every schedule query lives under ['schedule']. */
export const scheduleKeys = {
  all: ['schedule'] as const,
  hours: (technicianId: string) => ['schedule', 'hours', technicianId] as const,
  timeOff: (technicianId: string) => ['schedule', 'time-off', technicianId] as const,
};

// The technician's hours or time off changed (by them or an admin, in another tab).
registerRealtimeInvalidation('schedule.updated', [scheduleKeys.all]);
// The week's visits (their queries live under ['appointments', 'calendar'], as the appointments
// screens' do): registered here too, since this page may be opened without those screens loaded.
for (const event of ['appointment.created', 'appointment.updated']) registerRealtimeInvalidation(event, [['appointments', 'calendar']]);

const base = (technicianId: string) => `/api/technicians/${encodeURIComponent(technicianId)}`;

/** GET /api/technicians/:id/schedule — weekly hours in the company zone. */
export function useSchedule(technicianId: string | null) {
  return useQuery({
    queryKey: scheduleKeys.hours(technicianId ?? ''),
    queryFn: ({ signal }) => apiFetch<TSchedule>(`${base(technicianId!)}/schedule`, { signal }),
    enabled: technicianId !== null,
  });
}

/** GET /api/technicians/:id/time-off — periods overlapping [from, to), or those not yet ended. */
export function useTimeOff(technicianId: string | null, range?: { from: string; to: string } | null) {
  return useQuery({
    queryKey: [...scheduleKeys.timeOff(technicianId ?? ''), range ?? 'upcoming'],
    queryFn: ({ signal }) => apiFetch<TTimeOffList>(`${base(technicianId!)}/time-off`, { query: range ? { from: range.from, to: range.to } : {}, signal }),
    enabled: technicianId !== null && range !== null,
    placeholderData: keepPreviousData,
  });
}

function useRefresh(technicianId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['schedule', 'hours', technicianId] });
    void queryClient.invalidateQueries({ queryKey: ['schedule', 'time-off', technicianId] });
    void queryClient.invalidateQueries({ queryKey: ['availability'] });
  };
}

/** PUT /api/technicians/:id/schedule — 409 schedule_conflict lists the bookings that would be stranded. */
export function useSaveSchedule(technicianId: string) {
  const refresh = useRefresh(technicianId);
  return useMutation({
    mutationFn: (body: TPutSchedule) => apiFetch<TSchedule>(`${base(technicianId)}/schedule`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

export function useAddTimeOff(technicianId: string) {
  const refresh = useRefresh(technicianId);
  return useMutation({
    mutationFn: (body: TCreateTimeOff) => apiFetch<TTimeOff>(`${base(technicianId)}/time-off`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useRemoveTimeOff(technicianId: string) {
  const refresh = useRefresh(technicianId);
  return useMutation({
    mutationFn: (timeOffId: string) => apiFetch<void>(`${base(technicianId)}/time-off/${encodeURIComponent(timeOffId)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}
