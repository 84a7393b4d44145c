import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAX_APPOINTMENT_PAGE, type TAppointment, type TAppointmentList } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { usePagedQuery, type ListQuery } from '../../../lib/paged-query';
import { appointmentKeys } from './keys';

/** GET /api/appointments — one page of the list (filters, cursor and limit in `query`). */
export function useAppointmentList(query: ListQuery) {
  return usePagedQuery<TAppointment>(appointmentKeys.lists(), '/api/appointments', query);
}

/**
 * The appointments overlapping a calendar's visible range [from, to), all of them: a month
 * fits in one page of MAX_APPOINTMENT_PAGE; more pages are walked if a busy admin view needs them.
 */
export function useCalendarAppointments(range: { from: string; to: string } | null, filters: ListQuery = {}) {
  return useQuery({
    queryKey: [...appointmentKeys.calendar(), range, filters],
    enabled: range !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const items: TAppointment[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page += 1) {
        const result = await apiFetch<TAppointmentList>('/api/appointments', {
          query: { ...filters, from: range!.from, to: range!.to, limit: MAX_APPOINTMENT_PAGE, cursor },
          signal,
        });
        items.push(...result.items);
        if (!result.next_cursor) break;
        cursor = result.next_cursor;
      }
      return items;
    },
  });
}
