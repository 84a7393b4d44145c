import { DateTime } from 'luxon';
import { SLA_AT_RISK_SHARE, type SlaState, type TSlaTarget } from '@portal/shared';

/**
 * SLA clocks (PRODUCT.md §5), without the database: a target of N hours is N hours of the
 * company's working time (its weekly hours in its zone, placed with luxon, so a daylight-saving
 * change is right), not counting the time the request spent in `pending_parts`.
 *
 * One walk over the working windows from the request's start finds the instants at which 75 %
 * and 100 % of the target are used; it stops at the target, so an old request costs as much as
 * a new one (at most a year of days is walked; a company with no working hours never reaches one).
 */

export type WeeklyHours = Record<string, { start: string; end: string } | null | undefined>;

/** [start, end) in epoch ms; end Infinity for a pause still running. */
export interface Span {
  start: number;
  end: number;
}

export interface SlaInput {
  /** When the clock starts (the request date), epoch ms. */
  start: number;
  /** When the clock stopped for good (first response, or completion), epoch ms; null while it runs. */
  done: number | null;
  targetHours: number;
  /** pending_parts intervals, sorted, non-overlapping. */
  pauses: Span[];
  now: number;
}

export interface SlaCalendar {
  zone: string;
  hours: WeeklyHours;
}

const MAX_DAYS = 366;

/** The instants at which `amounts` (ms of working time, ascending) are used, walking from `start`; null for those never reached. */
export function reachAt(start: number, amounts: number[], pauses: Span[], cal: SlaCalendar): (number | null)[] {
  const out: (number | null)[] = amounts.map(() => null);
  let i = 0;
  while (i < amounts.length && amounts[i]! <= 0) out[i++] = start;
  if (i === amounts.length) return out;
  let used = 0;
  let day = DateTime.fromMillis(start, { zone: cal.zone }).startOf('day');
  for (let d = 0; d < MAX_DAYS && i < amounts.length; d++, day = day.plus({ days: 1 })) {
    const h = cal.hours[String(day.weekday % 7)];
    if (!h) continue;
    const date = day.toISODate()!;
    const from = Math.max(start, DateTime.fromISO(`${date}T${h.start}`, { zone: cal.zone }).toMillis());
    const to = DateTime.fromISO(`${date}T${h.end}`, { zone: cal.zone }).toMillis();
    if (to <= from) continue;
    for (const w of subtract({ start: from, end: to }, pauses)) {
      const len = w.end - w.start;
      while (i < amounts.length && used + len >= amounts[i]!) {
        out[i] = w.start + (amounts[i]! - used);
        i++;
      }
      used += len;
      if (i === amounts.length) break;
    }
    // A pause that never ends: the clock is stopped for good from its start.
    if (pauses.some((p) => p.end === Infinity && p.start <= to)) break;
  }
  return out;
}

/** `w` minus the (sorted) pauses. */
function subtract(w: Span, pauses: Span[]): Span[] {
  let parts = [w];
  for (const p of pauses) {
    if (p.end <= w.start || p.start >= w.end) continue;
    parts = parts.flatMap((s) => {
      if (p.end <= s.start || p.start >= s.end) return [s];
      const r: Span[] = [];
      if (p.start > s.start) r.push({ start: s.start, end: p.start });
      if (p.end < s.end) r.push({ start: p.end, end: s.end });
      return r;
    });
  }
  return parts;
}

/** One target's state: met (done within it), breached (done late, or past it), at_risk (≥ 75 % used), on_track. */
export function slaTarget(input: SlaInput, cal: SlaCalendar): TSlaTarget {
  const target = input.targetHours * 3_600_000;
  const [riskAt, dueAt] = reachAt(input.start, [target * SLA_AT_RISK_SHARE, target], input.pauses, cal);
  const end = input.done ?? input.now;
  const paused = input.done === null && input.pauses.some((p) => p.start <= input.now && p.end > input.now);
  let state: SlaState;
  if (dueAt != null && end > dueAt) state = 'breached';
  else if (input.done !== null) state = 'met';
  else if (riskAt != null && end >= riskAt) state = 'at_risk';
  else state = 'on_track';
  return {
    state,
    due_at: dueAt == null ? null : DateTime.fromMillis(dueAt, { zone: cal.zone }).toISO({ suppressMilliseconds: true }),
    paused,
    target_hours: input.targetHours,
  };
}

export interface HistoryStep {
  to_status: string;
  /** epoch ms */
  at: number;
}

/** The pending_parts intervals of a request's history (in time order); one still open ends at Infinity. */
export function pausesOf(history: HistoryStep[]): Span[] {
  const out: Span[] = [];
  let open: number | null = null;
  for (const h of [...history].sort((a, b) => a.at - b.at)) {
    if (h.to_status === 'pending_parts') {
      if (open === null) open = h.at;
    } else if (open !== null) {
      out.push({ start: open, end: h.at });
      open = null;
    }
  }
  if (open !== null) out.push({ start: open, end: Infinity });
  return out;
}

export interface SlaRequest {
  request_date: number;
  first_response_at: number | null;
  completed_at: number | null;
  history: HistoryStep[];
}

export interface SlaTargetsHours {
  response_hours: number;
  resolution_hours: number;
}

/** Both targets of a request. */
export function slaOf(r: SlaRequest, targets: SlaTargetsHours, cal: SlaCalendar, now: number): { response: TSlaTarget; resolution: TSlaTarget } {
  const pauses = pausesOf(r.history);
  return {
    response: slaTarget({ start: r.request_date, done: r.first_response_at, targetHours: targets.response_hours, pauses, now }, cal),
    resolution: slaTarget({ start: r.request_date, done: r.completed_at, targetHours: targets.resolution_hours, pauses, now }, cal),
  };
}
