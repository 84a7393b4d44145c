import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { dayBounds, formatInstant, freeSlots, technicianSlots, type SlotRules, type TechnicianDay } from './availability.js';

const RIYADH = 'Asia/Riyadh';
const BERLIN = 'Europe/Berlin';
const at = (iso: string) => DateTime.fromISO(iso, { setZone: true }).toMillis();
const WEEK = { '0': { start: '08:00', end: '12:00' }, '1': { start: '08:00', end: '12:00' }, '2': null, '3': null, '4': null, '5': null, '6': null };

// 2025-06-01 is a Sunday (weekday "0").
const rules = (over: Partial<SlotRules> = {}): SlotRules => ({ date: '2025-06-01', zone: RIYADH, slotMinutes: 60, leadHours: 2, now: at('2025-05-30T00:00:00+03:00'), ...over });
const tech = (over: Partial<TechnicianDay> = {}): TechnicianDay => ({ id: 'a', name: 'A', weekly_hours: WEEK, busy: [], appointments_today: 0, ...over });
const starts = (slots: { start: number }[], zone = RIYADH) => slots.map((s) => formatInstant(s.start, zone).slice(11, 16));

describe('free slots', () => {
  it('cuts the working hours into slots of the configured length, in the company zone', () => {
    const slots = technicianSlots(tech(), rules());
    expect(starts(slots)).toEqual(['08:00', '09:00', '10:00', '11:00']);
    expect(formatInstant(slots[0]!.start, RIYADH)).toBe('2025-06-01T08:00:00+03:00');
    expect(slots[0]!.end - slots[0]!.start).toBe(3_600_000);
    // 90-minute slots: only whole slots fit before 12:00.
    expect(starts(technicianSlots(tech(), rules({ slotMinutes: 90 })))).toEqual(['08:00', '09:30']);
  });

  it('a day off has no slots', () => {
    expect(technicianSlots(tech(), rules({ date: '2025-06-03' }))).toEqual([]); // Tuesday: null
    expect(technicianSlots(tech({ weekly_hours: {} }), rules())).toEqual([]); // no hours at all
  });

  it('time off and live appointments take their slots (half-open: a visit ending at 09:00 leaves 09:00 free)', () => {
    const busy = [
      { start: at('2025-06-01T08:00:00+03:00'), end: at('2025-06-01T09:00:00+03:00') }, // a booking
      { start: at('2025-06-01T10:30:00+03:00'), end: at('2025-06-01T10:45:00+03:00') }, // time off inside a slot
    ];
    expect(starts(technicianSlots(tech({ busy }), rules()))).toEqual(['09:00', '11:00']);
    // Time off over several days covers the whole day.
    const away = [{ start: at('2025-05-31T00:00:00+03:00'), end: at('2025-06-03T00:00:00+03:00') }];
    expect(technicianSlots(tech({ busy: away }), rules())).toEqual([]);
  });

  it('nothing sooner than the booking lead time', () => {
    // Now 07:30, lead 2 h: the earliest bookable start is 09:30 → 10:00 and 11:00.
    expect(starts(technicianSlots(tech(), rules({ now: at('2025-06-01T07:30:00+03:00') })))).toEqual(['10:00', '11:00']);
    expect(starts(technicianSlots(tech(), rules({ now: at('2025-06-01T07:30:00+03:00'), leadHours: 0 })))).toEqual(['08:00', '09:00', '10:00', '11:00']);
    // A past day: nothing.
    expect(technicianSlots(tech(), rules({ now: at('2025-06-02T00:00:00+03:00') }))).toEqual([]);
  });

  it('joins technicians: a slot is offered when at least one is free, the least loaded first, then by name', () => {
    const a = tech({ id: 'a', name: 'Zaid', appointments_today: 1, busy: [{ start: at('2025-06-01T08:00:00+03:00'), end: at('2025-06-01T09:00:00+03:00') }] });
    const b = tech({ id: 'b', name: 'Basma', appointments_today: 1, busy: [{ start: at('2025-06-01T09:00:00+03:00'), end: at('2025-06-01T10:00:00+03:00') }] });
    const c = tech({ id: 'c', name: 'Carl', appointments_today: 0, weekly_hours: { '0': { start: '10:00', end: '11:00' } } });
    const slots = freeSlots([a, b, c], rules());
    expect(starts(slots)).toEqual(['08:00', '09:00', '10:00', '11:00']);
    expect(slots.map((s) => s.technicians)).toEqual([['b'], ['a'], ['c', 'b', 'a'], ['b', 'a']]);
    // Everyone busy at 08:00 → no 08:00 slot.
    const d = tech({ id: 'd', name: 'D', busy: [{ start: at('2025-06-01T08:00:00+03:00'), end: at('2025-06-01T09:00:00+03:00') }] });
    expect(starts(freeSlots([a, d], rules()))).toEqual(['09:00', '10:00', '11:00']);
  });

  it('different hours give slots on their own grid', () => {
    const a = tech({ id: 'a', weekly_hours: { '0': { start: '08:00', end: '10:00' } } });
    const b = tech({ id: 'b', weekly_hours: { '0': { start: '08:30', end: '09:30' } } });
    expect(starts(freeSlots([a, b], rules()))).toEqual(['08:00', '08:30', '09:00']);
  });
});

describe('free slots across a daylight-saving change (Europe/Berlin)', () => {
  // 2025-03-30 (Sunday): 02:00 CET → 03:00 CEST. 2025-10-26 (Sunday): 03:00 CEST → 02:00 CET.
  const berlin = (date: string, hours = { start: '08:00', end: '12:00' }) =>
    technicianSlots(tech({ weekly_hours: { '0': hours } }), rules({ date, zone: BERLIN, now: at('2025-01-01T00:00:00Z') }));

  it('office hours keep their wall-clock times and the new offset', () => {
    const before = berlin('2025-03-23').map((s) => formatInstant(s.start, BERLIN));
    const after = berlin('2025-03-30').map((s) => formatInstant(s.start, BERLIN));
    expect(before[0]).toBe('2025-03-23T08:00:00+01:00');
    expect(after).toEqual(['2025-03-30T08:00:00+02:00', '2025-03-30T09:00:00+02:00', '2025-03-30T10:00:00+02:00', '2025-03-30T11:00:00+02:00']);
    expect(berlin('2025-10-26').map((s) => formatInstant(s.start, BERLIN))[0]).toBe('2025-10-26T08:00:00+01:00');
    // In UTC the same wall-clock slot moves by the hour.
    expect(new Date(berlin('2025-03-30')[0]!.start).toISOString()).toBe('2025-03-30T06:00:00.000Z');
    expect(new Date(berlin('2025-03-23')[0]!.start).toISOString()).toBe('2025-03-23T07:00:00.000Z');
  });

  it('hours across the change are the hours the clock shows: one slot fewer in spring, one more in autumn', () => {
    const night = { start: '00:00', end: '06:00' };
    const spring = berlin('2025-03-30', night);
    expect(spring).toHaveLength(5);
    expect(spring.map((s) => formatInstant(s.start, BERLIN).slice(11))).toEqual(['00:00:00+01:00', '01:00:00+01:00', '03:00:00+02:00', '04:00:00+02:00', '05:00:00+02:00']);
    const autumn = berlin('2025-10-26', night);
    expect(autumn).toHaveLength(7);
    expect(autumn.map((s) => formatInstant(s.start, BERLIN).slice(11))).toEqual([
      '00:00:00+02:00',
      '01:00:00+02:00',
      '02:00:00+02:00',
      '02:00:00+01:00',
      '03:00:00+01:00',
      '04:00:00+01:00',
      '05:00:00+01:00',
    ]);
  });

  it('the day itself is 23 and 25 hours long', () => {
    const spring = dayBounds('2025-03-30', BERLIN);
    const autumn = dayBounds('2025-10-26', BERLIN);
    expect((spring.end - spring.start) / 3_600_000).toBe(23);
    expect((autumn.end - autumn.start) / 3_600_000).toBe(25);
  });
});
