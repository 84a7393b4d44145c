import { describe, expect, it } from 'vitest';
import { dateTimeFormat, listFormat, numberFormat } from './intl-format';

describe('intl-format', () => {
  it('makes one formatter per locale and options, and reuses it', () => {
    const a = dateTimeFormat('ar', { numberingSystem: 'latn', timeZone: 'Asia/Riyadh', dateStyle: 'long' });
    expect(dateTimeFormat('ar', { numberingSystem: 'latn', timeZone: 'Asia/Riyadh', dateStyle: 'long' })).toBe(a);
    expect(dateTimeFormat('en', { numberingSystem: 'latn', timeZone: 'Asia/Riyadh', dateStyle: 'long' })).not.toBe(a);
    expect(dateTimeFormat('ar', { numberingSystem: 'latn', timeZone: 'UTC', dateStyle: 'long' })).not.toBe(a);
    expect(numberFormat('en', { maximumFractionDigits: 3 })).toBe(numberFormat('en', { maximumFractionDigits: 3 }));
    expect(listFormat('en', { type: 'unit' })).toBe(listFormat('en', { type: 'unit' }));
  });

  it('formats as Intl does', () => {
    const instant = new Date('2026-03-01T21:30:00Z');
    const options: Intl.DateTimeFormatOptions = { numberingSystem: 'latn', timeZone: 'Asia/Riyadh', dateStyle: 'long' };
    expect(dateTimeFormat('ar', options).format(instant)).toBe(new Intl.DateTimeFormat('ar', options).format(instant));
    expect(numberFormat('en', { maximumFractionDigits: 3 }).format(12.5)).toBe('12.5');
  });

  it('throws, and keeps nothing, for options Intl refuses', () => {
    expect(() => dateTimeFormat('en', { timeZone: 'Not/AZone' })).toThrow(RangeError);
    expect(() => dateTimeFormat('en', { timeZone: 'Not/AZone' })).toThrow(RangeError);
    expect(() => numberFormat('en', { style: 'currency', currency: 'NOT-A-CODE' })).toThrow(RangeError);
  });
});
