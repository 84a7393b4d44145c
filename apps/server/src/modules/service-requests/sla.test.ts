import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { pausesOf, slaOf, slaTarget, type SlaCalendar } from './sla.js';

const day = { start: '08:00', end: '17:00' };
/** Sunday–Thursday 08:00–17:00 in Riyadh (no daylight saving). */
const riyadh: SlaCalendar = { zone: 'Asia/Riyadh', hours: { '0': day, '1': day, '2': day, '3': day, '4': day, '5': null, '6': null } };
/** Monday–Friday 08:00–17:00 in Berlin (summer time begins Sunday 2026-03-29). */
const berlin: SlaCalendar = { zone: 'Europe/Berlin', hours: { '1': day, '2': day, '3': day, '4': day, '5': day } };
const at = (iso: string, zone = 'Asia/Riyadh') => DateTime.fromISO(iso, { zone }).toMillis();

describe('SLA clocks', () => {
  it('counts working hours only: 75 % used is at risk, due at the target', () => {
    // Sunday 2026-11-22 10:00, 4 h target, 3 h later.
    const r = slaTarget({ start: at('2026-11-22T10:00'), done: null, targetHours: 4, pauses: [], now: at('2026-11-22T13:00') }, riyadh);
    expect(r).toEqual({ state: 'at_risk', due_at: '2026-11-22T14:00:00+03:00', paused: false, target_hours: 4 });
    const early = slaTarget({ start: at('2026-11-22T10:00'), done: null, targetHours: 4, pauses: [], now: at('2026-11-22T12:59') }, riyadh);
    expect(early.state).toBe('on_track');
    const late = slaTarget({ start: at('2026-11-22T10:00'), done: null, targetHours: 4, pauses: [], now: at('2026-11-22T14:01') }, riyadh);
    expect(late.state).toBe('breached');
  });

  it('skips the night and the weekend', () => {
    // Thursday 15:00: two hours on Thursday, the weekend (Friday, Saturday) off, two on Sunday.
    const thu = slaTarget({ start: at('2026-11-19T15:00'), done: null, targetHours: 4, pauses: [], now: at('2026-11-21T23:00') }, riyadh);
    expect(thu.due_at).toBe('2026-11-22T10:00:00+03:00');
    expect(thu.state).toBe('on_track'); // Thursday's 2 h only: 50 %
  });

  it('a request raised before opening starts at opening', () => {
    const r = slaTarget({ start: at('2026-11-22T06:00'), done: null, targetHours: 2, pauses: [], now: at('2026-11-22T07:30') }, riyadh);
    expect(r.due_at).toBe('2026-11-22T10:00:00+03:00');
    expect(r.state).toBe('on_track');
  });

  it('met when done within the target, breached when done late', () => {
    const start = at('2026-11-22T10:00');
    expect(slaTarget({ start, done: at('2026-11-22T13:59'), targetHours: 4, pauses: [], now: at('2026-11-30T00:00') }, riyadh).state).toBe('met');
    expect(slaTarget({ start, done: at('2026-11-22T14:30'), targetHours: 4, pauses: [], now: at('2026-11-30T00:00') }, riyadh).state).toBe('breached');
  });

  it('pauses while pending_parts, and stops while a pause is still running', () => {
    const history = [
      { to_status: 'pending', at: at('2026-11-22T08:00') },
      { to_status: 'assigned', at: at('2026-11-22T08:10') },
      { to_status: 'in_progress', at: at('2026-11-22T08:30') },
      { to_status: 'pending_parts', at: at('2026-11-22T09:00') },
      { to_status: 'in_progress', at: at('2026-11-22T11:00') },
    ];
    expect(pausesOf(history)).toEqual([{ start: at('2026-11-22T09:00'), end: at('2026-11-22T11:00') }]);
    const req = { request_date: at('2026-11-22T08:00'), first_response_at: at('2026-11-22T08:10'), completed_at: null, history };
    // 8 h: 7 on Sunday (two paused), the eighth on Monday 08:00–09:00.
    const s = slaOf(req, { response_hours: 1, resolution_hours: 8 }, riyadh, at('2026-11-22T14:00'));
    expect(s.response.state).toBe('met');
    expect(s.resolution.due_at).toBe('2026-11-23T09:00:00+03:00');
    expect(s.resolution.state).toBe('on_track'); // 4 of 8 hours used (08–09, 11–14)

    // Still waiting for parts since 09:00: paused, no due time, the clock reads 1 h.
    const waiting = slaOf({ ...req, history: history.slice(0, 4) }, { response_hours: 1, resolution_hours: 8 }, riyadh, at('2026-11-26T16:00'));
    expect(waiting.resolution).toEqual({ state: 'on_track', due_at: null, paused: true, target_hours: 8 });
  });

  it('is right across a daylight-saving change (wall-clock hours)', () => {
    // Friday 2026-03-27 16:00 CET, 2 h: one hour on Friday, the second Monday 08:00–09:00 CEST.
    const r = slaTarget({ start: at('2026-03-27T16:00', 'Europe/Berlin'), done: null, targetHours: 2, pauses: [], now: at('2026-03-27T16:30', 'Europe/Berlin') }, berlin);
    expect(r.due_at).toBe('2026-03-30T09:00:00+02:00');
    expect(new Date(Date.parse(r.due_at!)).toISOString()).toBe('2026-03-30T07:00:00.000Z');
  });

  it('a company with no working hours never reaches a target', () => {
    const r = slaTarget({ start: at('2026-11-22T10:00'), done: null, targetHours: 4, pauses: [], now: at('2027-11-22T10:00') }, { zone: 'Asia/Riyadh', hours: {} });
    expect(r).toMatchObject({ state: 'on_track', due_at: null });
  });
});
