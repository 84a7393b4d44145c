import { dateTimeFormat } from './intl-format';

/**
 * Instants shown in the company's time zone (settings `time_zone`), whatever zone the browser
 * is in. Intl does the zone arithmetic (the browser's tz database), so a day that crosses a
 * daylight-saving change reads right. Digits are Latin in both languages.
 */

export type Day = string; // YYYY-MM-DD

function safeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return dateTimeFormat(language, { numberingSystem: 'latn', ...options });
  } catch {
    const { timeZone: _dropped, ...rest } = options;
    return dateTimeFormat(language, { numberingSystem: 'latn', ...rest });
  }
}

function parts(instant: Date, timeZone: string): Record<string, number> {
  const fmt = safeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const out: Record<string, number> = {};
  for (const p of fmt.formatToParts(instant)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day an instant falls on in `timeZone`. */
export function dayInZone(instant: Date | string, timeZone: string): Day {
  const p = parts(typeof instant === 'string' ? new Date(instant) : instant, timeZone);
  return `${p.year}-${pad(p.month!)}-${pad(p.day!)}`;
}

/** Hour (0–23) and minute of an instant on the wall clock of `timeZone`. */
export function clockInZone(instant: Date | string, timeZone: string): { hour: number; minute: number } {
  const p = parts(typeof instant === 'string' ? new Date(instant) : instant, timeZone);
  return { hour: p.hour! % 24, minute: p.minute! };
}

/** `day` plus `n` days (calendar arithmetic, no zone involved). */
export function addDays(day: Day, n: number): Day {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y!, m! - 1, d! + n));
  return date.toISOString().slice(0, 10);
}

/** "10:30" / "10:30 ص" — the wall-clock time in `timeZone`, in the reader's language. */
export function formatTime(instant: string, timeZone: string, language: string): string {
  return safeFormat(language, { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
}

/**
 * "10:00 – 11:00 AM" / "10:00–11:00 ص" in `timeZone`: Intl's own range format, which puts the
 * dash and the AM/PM mark where each language reads them (shown in a <bdi>, never forced LTR).
 */
export function formatTimeRange(startsAt: string, endsAt: string, timeZone: string, language: string): string {
  return safeFormat(language, { timeZone, hour: 'numeric', minute: '2-digit' }).formatRange(new Date(startsAt), new Date(endsAt));
}

/** A day (YYYY-MM-DD) written out: "Sunday, 22 November 2026". Noon UTC keeps it on its date in any zone. */
export function formatDay(day: Day, language: string): string {
  return safeFormat(language, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${day}T12:00:00Z`));
}

/** Date and time of an instant in `timeZone`: "Sun, 22 Nov 2026, 10:30". */
export function formatDateTime(instant: string, timeZone: string, language: string): string {
  return safeFormat(language, { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
}

/** The zone named for a reader: "Asia/Riyadh (GMT+3)"; the offset is the one in force at `at`. */
export function zoneLabel(timeZone: string, at: Date = new Date()): string {
  const offset = safeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return offset ? `${timeZone} (${offset})` : timeZone;
}

export type DayPeriod = 'morning' | 'afternoon' | 'evening';

/** Slots in start order, grouped by the part of the day they start in, on the company's clock. */
export function groupSlotsByPeriod<S extends { starts_at: string }>(slots: readonly S[], timeZone: string): { period: DayPeriod; slots: S[] }[] {
  const groups = new Map<DayPeriod, S[]>();
  const sorted = [...slots].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  for (const slot of sorted) {
    const { hour } = clockInZone(slot.starts_at, timeZone);
    const period: DayPeriod = hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening';
    groups.set(period, [...(groups.get(period) ?? []), slot]);
  }
  return (['morning', 'afternoon', 'evening'] as const).filter((p) => groups.has(p)).map((period) => ({ period, slots: groups.get(period)! }));
}

/** Milliseconds `timeZone`'s wall clock is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const p = parts(new Date(instant), timeZone);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!) - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The instant a wall-clock time (`YYYY-MM-DDTHH:mm`, as a datetime-local input gives it) names
 * in `timeZone`, as ISO 8601 UTC. A time skipped by a daylight-saving jump moves forward by the
 * jump; a repeated one takes its first occurrence.
 */
export function wallTimeToInstant(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  let guess = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(guess, timeZone);
  if (second !== guess) guess = Math.min(guess, second);
  return new Date(guess).toISOString();
}

/** The wall-clock time of an instant in `timeZone`, as a datetime-local input wants it. */
export function instantToWallTime(instant: string, timeZone: string): string {
  const { hour, minute } = clockInZone(instant, timeZone);
  return `${dayInZone(instant, timeZone)}T${pad(hour)}:${pad(minute)}`;
}
