import { describe, expect, it } from 'vitest';
import { formatAxisMoney, roundTicks, roundValueAxis } from './chart-axes';

describe('roundTicks', () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten, up to the first tick at or above the largest value', () => {
    expect(roundTicks(1750)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(roundTicks(1800)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(roundTicks(220_000)).toEqual([0, 100_000, 200_000, 300_000]);
    expect(roundTicks(80)).toEqual([0, 20, 40, 60, 80]);
    expect(roundTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(roundTicks(0.9)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('never gives counts a fractional step', () => {
    expect(roundTicks(3, { whole: true })).toEqual([0, 1, 2, 3]);
    expect(roundTicks(12, { whole: true })).toEqual([0, 5, 10, 15]);
    expect(roundTicks(9, { whole: true })).toEqual([0, 5, 10]);
    expect(roundTicks(1, { whole: true })).toEqual([0, 1]);
    // The same values as decimals get the finer round steps.
    expect(roundTicks(3)).toEqual([0, 1, 2, 3]);
    expect(roundTicks(1.5)).toEqual([0, 0.5, 1, 1.5]);
  });

  it('gives an empty or all-zero series the axis 0–1', () => {
    expect(roundTicks(0, { whole: true })).toEqual([0, 1]);
    expect(roundTicks(Number.NaN)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(roundTicks(-4, { whole: true })).toEqual([0, 1]);
  });

  it('keeps to the number of intervals asked for', () => {
    for (const max of [7, 13, 99, 101, 333, 4321, 98_765]) {
      const ticks = roundTicks(max, { count: 4 });
      expect(ticks.length - 1).toBeLessThanOrEqual(4);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.at(-2)).toBeLessThan(max);
    }
  });
});

describe('roundValueAxis', () => {
  it('reads numbers and decimal strings, skips nulls, and labels every tick', () => {
    expect(roundValueAxis([null, '1350.00', 1800, undefined, 'x'])).toEqual({ ticks: [0, 500, 1000, 1500, 2000], domain: [0, 2000], interval: 0, allowDecimals: true });
    expect(roundValueAxis([0, 2, 11], { whole: true })).toEqual({ ticks: [0, 5, 10, 15], domain: [0, 15], interval: 0, allowDecimals: false });
    expect(roundValueAxis([], { whole: true }).ticks).toEqual([0, 1]);
  });
});

describe('formatAxisMoney', () => {
  // Intl separates the currency with a no-break space: compare with plain spaces.
  const money = (...args: Parameters<typeof formatAxisMoney>) => formatAxisMoney(...args).replace(/\s/g, ' ');
  it('shortens thousands and drops the cents, with Latin digits in Arabic', () => {
    expect(money(220_000, 'en', 'SAR')).toBe('SAR 220K');
    expect(money(1500, 'en', 'SAR')).toBe('SAR 1.5K');
    expect(money(500, 'en', 'SAR')).toBe('SAR 500');
    expect(money(0, 'en')).toBe('0');
    const ar = money(220_000, 'ar', 'SAR');
    expect(ar).toContain('220');
    expect(ar).toContain('ألف');
    expect(ar).not.toMatch(/[٠-٩]/);
  });
});
