import { describe, expect, it } from 'vitest';
import { addDays, clockInZone, dayInZone, formatDay, formatTime, groupSlotsByPeriod, instantToWallTime, wallTimeToInstant, zoneLabel } from './zoned-time';

describe('times in the company zone', () => {
  it('puts an instant on the company day, not the browser day', () => {
    // 22:30 UTC is already the next day in Riyadh (UTC+3) and still the same day in New York.
    expect(dayInZone('2026-11-22T22:30:00Z', 'Asia/Riyadh')).toBe('2026-11-23');
    expect(dayInZone('2026-11-22T22:30:00Z', 'America/New_York')).toBe('2026-11-22');
  });

  it('reads the wall clock across a daylight-saving change', () => {
    // Berlin moves from UTC+1 to UTC+2 on 2025-03-30 at 02:00 local.
    expect(clockInZone('2025-03-30T00:30:00Z', 'Europe/Berlin')).toEqual({ hour: 1, minute: 30 });
    expect(clockInZone('2025-03-30T01:30:00Z', 'Europe/Berlin')).toEqual({ hour: 3, minute: 30 });
    expect(formatTime('2025-03-30T09:00:00+02:00', 'Europe/Berlin', 'en')).toBe('9:00 AM');
    expect(formatTime('2025-03-29T09:00:00+01:00', 'Europe/Berlin', 'en')).toBe('9:00 AM');
  });

  it('writes times with Latin digits in Arabic', () => {
    expect(formatTime('2026-11-22T07:00:00Z', 'Asia/Riyadh', 'ar')).toMatch(/^10:00/);
    expect(formatDay('2026-11-22', 'ar')).toMatch(/22/);
  });

  it('names the zone with its offset at that moment', () => {
    expect(zoneLabel('Asia/Riyadh')).toBe('Asia/Riyadh (GMT+3)');
    expect(zoneLabel('Europe/Berlin', new Date('2025-03-29T12:00:00Z'))).toBe('Europe/Berlin (GMT+1)');
    expect(zoneLabel('Europe/Berlin', new Date('2025-03-31T12:00:00Z'))).toBe('Europe/Berlin (GMT+2)');
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('groups slots by the part of the company day they start in, in start order', () => {
    const slot = (iso: string) => ({ starts_at: iso, ends_at: iso });
    const groups = groupSlotsByPeriod(
      [slot('2026-11-22T14:00:00Z'), slot('2026-11-22T06:00:00Z'), slot('2026-11-22T09:00:00Z'), slot('2026-11-22T10:30:00Z')],
      'Asia/Riyadh',
    );
    // 09:00, 12:00, 13:30, 17:00 Riyadh time.
    expect(groups.map((g) => [g.period, g.slots.map((s) => s.starts_at)])).toEqual([
      ['morning', ['2026-11-22T06:00:00Z']],
      ['afternoon', ['2026-11-22T09:00:00Z', '2026-11-22T10:30:00Z']],
      ['evening', ['2026-11-22T14:00:00Z']],
    ]);
  });
});

describe('wall-clock times typed in the company zone', () => {
  it('turns a typed time into the instant it names there', () => {
    expect(wallTimeToInstant('2026-11-22T09:00', 'Asia/Riyadh')).toBe('2026-11-22T06:00:00.000Z');
    expect(wallTimeToInstant('2025-03-29T09:00', 'Europe/Berlin')).toBe('2025-03-29T08:00:00.000Z');
    expect(wallTimeToInstant('2025-03-30T09:00', 'Europe/Berlin')).toBe('2025-03-30T07:00:00.000Z');
    expect(wallTimeToInstant('nonsense', 'Europe/Berlin')).toBeNull();
  });

  it('reads an instant back as the wall-clock time', () => {
    expect(instantToWallTime('2025-03-30T07:00:00Z', 'Europe/Berlin')).toBe('2025-03-30T09:00');
    expect(instantToWallTime('2026-11-22T21:30:00Z', 'Asia/Riyadh')).toBe('2026-11-23T00:30');
  });
});
