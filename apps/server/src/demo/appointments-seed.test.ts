import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { visitDays } from './appointments-seed.js';

describe('demo visit days', () => {
  // Each day of one week (2026-11-22 is a Sunday), in the demo company's zone.
  const week = Array.from({ length: 7 }, (_, i) => DateTime.fromISO('2026-11-22', { zone: 'Asia/Riyadh' }).plus({ days: i }));

  it.each(week.map((d) => [d.toFormat('cccc'), d] as const))('on a %s: working days only, coming ones and past ones, the nearest first', (_, today) => {
    const days = visitDays(today);
    expect(days.every((d) => d.weekday !== 5 && d.weekday !== 6)).toBe(true);
    expect(new Set(days.map((d) => d.toISODate())).size).toBe(days.length);
    // The second visit of every technician is on the next working day: always ahead of now.
    expect(days.filter((d) => d > today).length).toBe(4);
    expect(days.filter((d) => d < today).length).toBe(4);
    const working = today.weekday !== 5 && today.weekday !== 6;
    expect(days[0]!.toISODate()).toBe(working ? today.toISODate() : days.find((d) => d > today)!.toISODate());
    expect(days[working ? 1 : 0]! > today).toBe(true);
  });

  it('a Thursday: Thursday, Sunday, Wednesday, Monday…', () => {
    expect(visitDays(week[4]!).map((d) => d.toFormat('ccc'))).toEqual(['Thu', 'Sun', 'Wed', 'Mon', 'Tue', 'Tue', 'Mon', 'Wed', 'Sun']);
  });
});
