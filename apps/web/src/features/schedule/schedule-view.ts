import type { BusinessHoursInput, EventInput } from '@fullcalendar/core';
import type { TScheduleConflictDetails, TTimeOff, TWeeklyHours } from '@portal/shared';
import { WEEKDAYS } from '@portal/shared';
import { isApiError } from '../../lib/api-client';

/** Weekly hours as FullCalendar business hours (in the calendar's zone, the company's): the rest is shaded. */
export function businessHoursOf(hours: TWeeklyHours): BusinessHoursInput {
  const out = WEEKDAYS.flatMap((d) => {
    const day = hours[d];
    return day ? [{ daysOfWeek: [Number(d)], startTime: day.start, endTime: day.end }] : [];
  });
  // No working day at all: an empty list would mean "no business hours" (nothing shaded) to FullCalendar.
  return out.length > 0 ? out : [{ daysOfWeek: [], startTime: '00:00', endTime: '00:00' }];
}

/** Time off as shaded background periods. */
export function timeOffEvents(items: readonly TTimeOff[], label: (item: TTimeOff) => string): EventInput[] {
  return items.map((item) => ({
    id: `time-off-${item.id}`,
    start: item.starts_at,
    end: item.ends_at,
    display: 'background',
    color: 'var(--mantine-color-red-4)',
    title: label(item),
    classNames: ['time-off'],
  }));
}

/** The appointments a 409 schedule_conflict says are in the way, or null for any other failure. */
export function conflictsOf(error: unknown): TScheduleConflictDetails['appointments'] | null {
  if (!isApiError(error) || error.code !== 'schedule_conflict') return null;
  const list = (error.details as Partial<TScheduleConflictDetails> | undefined)?.appointments;
  return Array.isArray(list) ? list : [];
}
