import { WEEKDAYS, ZWeeklyHours, type TWeeklyHours, type Weekday } from '@portal/shared';
import { zodFieldErrors } from './form-validation';
import { dateTimeFormat } from './intl-format';

/** What the editor holds per day: working or not, and the times typed (kept while a day is off). */
export interface DayDraft {
  working: boolean;
  start: string;
  end: string;
}
export type WeekDraft = Record<Weekday, DayDraft>;

export const DEFAULT_DAY = { start: '08:00', end: '17:00' };

/** A new technician's week: Sunday to Thursday, 08:00–17:00. */
export function defaultWeek(): WeekDraft {
  return draftOf(Object.fromEntries(WEEKDAYS.map((d) => [d, Number(d) <= 4 ? DEFAULT_DAY : null])) as TWeeklyHours);
}

export function draftOf(hours: Partial<TWeeklyHours>): WeekDraft {
  return Object.fromEntries(
    WEEKDAYS.map((d) => {
      const day = hours[d];
      return [d, day ? { working: true, start: day.start, end: day.end } : { working: false, ...DEFAULT_DAY }];
    }),
  ) as WeekDraft;
}

export function hoursOf(draft: WeekDraft): TWeeklyHours {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, draft[d].working ? { start: draft[d].start, end: draft[d].end } : null])) as TWeeklyHours;
}

/**
 * Errors per field, keyed `<day>.start` / `<day>.end`, as codes: the shared schema's rules
 * (HH:MM, start before end), the same the server applies. Days off are never wrong.
 */
export function weekErrors(draft: WeekDraft): Record<string, string> {
  return zodFieldErrors(ZWeeklyHours, hoursOf(draft));
}

export interface HoursSegment {
  /** First and last weekday of a run of consecutive days with the same hours. */
  from: Weekday;
  to: Weekday;
  start: string;
  end: string;
}

/** Consecutive days with the same hours, in week order (Sunday first): "Sun–Thu 08:00–17:00". */
export function summarise(hours: Partial<TWeeklyHours>): HoursSegment[] {
  const segments: HoursSegment[] = [];
  let previous: Weekday | null = null;
  for (const d of WEEKDAYS) {
    const day = hours[d];
    const last = segments.at(-1);
    if (day && last && previous !== null && last.to === previous && last.start === day.start && last.end === day.end) last.to = d;
    else if (day) segments.push({ from: d, to: d, start: day.start, end: day.end });
    previous = day ? d : null;
  }
  return segments;
}

/** Working hours in a week, for a quick figure ("40 h"). */
export function weeklyTotalHours(hours: Partial<TWeeklyHours>): number {
  let minutes = 0;
  for (const d of WEEKDAYS) {
    const day = hours[d];
    if (!day) continue;
    const [sh, sm] = day.start.split(':').map(Number);
    const [eh, em] = day.end.split(':').map(Number);
    minutes += eh! * 60 + em! - (sh! * 60 + sm!);
  }
  return Math.round((minutes / 60) * 10) / 10;
}

/** Weekday names in a language (Sunday = '0'), from a known Sunday. */
export function weekdayNames(language: string, style: 'long' | 'short'): Record<Weekday, string> {
  const fmt = dateTimeFormat(language, { weekday: style, timeZone: 'UTC' });
  return Object.fromEntries(WEEKDAYS.map((d) => [d, fmt.format(new Date(Date.UTC(2023, 0, 1 + Number(d))))])) as Record<Weekday, string>;
}
