import { DateTime } from 'luxon';
import type { TWeeklyHours } from '@portal/shared';

/**
 * Free slots, computed without the database (the loader in `queries.ts` feeds it): each
 * technician's working hours on a calendar day of the company's time zone, cut into slots of
 * the configured length, minus time off, minus live appointments, minus anything sooner than
 * the booking lead time. All arithmetic is on instants (epoch milliseconds); the zone is used
 * only to place a wall-clock time on the day, with luxon, so a daylight-saving change is right:
 * 08:00–17:00 stays nine slots of an hour, and a shift across the change has one slot fewer
 * (spring) or one more (autumn), as the clock on the wall says.
 */

/** [start, end) in epoch milliseconds. */
export interface Interval {
  start: number;
  end: number;
}

export interface TechnicianDay {
  id: string;
  /** For a stable order among equals (then the id). */
  name: string;
  weekly_hours: Partial<TWeeklyHours> | Record<string, { start: string; end: string } | null>;
  /** Time off and live appointments that overlap the day. */
  busy: Interval[];
  /** Live appointments on this day (the booking prefers the least loaded technician). */
  appointments_today: number;
}

export interface SlotRules {
  /** YYYY-MM-DD in `zone`. */
  date: string;
  /** IANA zone, e.g. Asia/Riyadh, Europe/Berlin. */
  zone: string;
  slotMinutes: number;
  leadHours: number;
  /** Epoch milliseconds. */
  now: number;
}

export interface FreeSlot extends Interval {
  /** The technicians free for the whole slot, best first (fewest appointments that day, then name, then id). */
  technicians: string[];
}

/** The instants the calendar day `date` begins and ends in `zone` (23, 24 or 25 hours apart). */
export function dayBounds(date: string, zone: string): Interval {
  const start = DateTime.fromISO(date, { zone }).startOf('day');
  if (!start.isValid) throw new RangeError(`invalid day ${date} in ${zone}`);
  return { start: start.toMillis(), end: start.plus({ days: 1 }).toMillis() };
}

/** The weekday key of the technicians table (0 Sunday … 6 Saturday) of `date`. */
export function weekdayOf(date: string, zone: string): string {
  return String(DateTime.fromISO(date, { zone }).weekday % 7);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in `zone`. */
export function dayOf(instant: number, zone: string): string {
  return DateTime.fromMillis(instant, { zone }).toISODate()!;
}

/** ISO 8601 with the zone's offset at that instant, seconds precision: 2025-03-30T09:00:00+02:00. */
export function formatInstant(instant: number, zone: string): string {
  return DateTime.fromMillis(instant, { zone }).toISO({ suppressMilliseconds: true })!;
}

/** A wall-clock time on `date` in `zone`. A time skipped by a spring change moves forward, as luxon does. */
function wallClock(date: string, hhmm: string, zone: string): number {
  return DateTime.fromISO(`${date}T${hhmm}`, { zone }).toMillis();
}

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/**
 * The zone arithmetic of one day, done once per answer: placing a wall-clock time with luxon
 * costs tens of microseconds, and fifty technicians mostly share the same few hours.
 */
class DayClock {
  readonly weekday: string;
  private readonly times = new Map<string, number>();
  constructor(private readonly rules: Pick<SlotRules, 'date' | 'zone'>) {
    this.weekday = weekdayOf(rules.date, rules.zone);
  }
  at(hhmm: string): number {
    let t = this.times.get(hhmm);
    if (t === undefined) {
      t = wallClock(this.rules.date, hhmm, this.rules.zone);
      this.times.set(hhmm, t);
    }
    return t;
  }
}

/** One technician's free slots on the day: their hours cut into slots, minus busy time and the lead time. */
export function technicianSlots(t: Pick<TechnicianDay, 'weekly_hours' | 'busy'>, rules: SlotRules, clock = new DayClock(rules)): Interval[] {
  const hours = (t.weekly_hours as Record<string, { start: string; end: string } | null | undefined>)[clock.weekday];
  if (!hours) return [];
  const from = clock.at(hours.start);
  const to = clock.at(hours.end);
  const step = rules.slotMinutes * 60_000;
  const earliest = rules.now + rules.leadHours * 3_600_000;
  const slots: Interval[] = [];
  for (let start = from; start + step <= to; start += step) {
    const slot = { start, end: start + step };
    if (start < earliest) continue;
    if (t.busy.some((b) => overlaps(b, slot))) continue;
    slots.push(slot);
  }
  return slots;
}

/** Best first: fewest appointments that day, then name, then id — the same order on every instance. */
const byName = new Intl.Collator('en');
export function preferenceOrder(a: TechnicianDay, b: TechnicianDay): number {
  return a.appointments_today - b.appointments_today || byName.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The slots where at least one technician is free, in start order (technicians whose hours start
 * at different times give slots on different grids; each is offered), each with its free
 * technicians best first.
 */
export function freeSlots(technicians: TechnicianDay[], rules: SlotRules): FreeSlot[] {
  const bySlot = new Map<string, FreeSlot>();
  const clock = new DayClock(rules);
  for (const t of [...technicians].sort(preferenceOrder)) {
    for (const s of technicianSlots(t, rules, clock)) {
      const key = `${s.start}:${s.end}`;
      const slot = bySlot.get(key);
      if (slot) slot.technicians.push(t.id);
      else bySlot.set(key, { ...s, technicians: [t.id] });
    }
  }
  return [...bySlot.values()].sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Whether `interval` lies within the working hours of its day (the weekday and day of its start in `zone`). */
export function fitsHours(weekly: TechnicianDay['weekly_hours'], interval: Interval, zone: string): boolean {
  const date = dayOf(interval.start, zone);
  const hours = (weekly as Record<string, { start: string; end: string } | null | undefined>)[weekdayOf(date, zone)];
  if (!hours) return false;
  return interval.start >= wallClock(date, hours.start, zone) && interval.end <= wallClock(date, hours.end, zone);
}
