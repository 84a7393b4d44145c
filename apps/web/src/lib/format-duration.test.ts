import { describe, expect, it } from 'vitest';
import { formatDuration, formatElapsed } from './format-duration';

describe('formatDuration', () => {
  it('picks minutes, hours or days', () => {
    expect(formatDuration(42.4, 'en')).toBe('42 minutes');
    expect(formatDuration(90, 'en')).toBe('1.5 hours');
    expect(formatDuration(60 * 30, 'en')).toBe('30 hours');
    expect(formatDuration(60 * 24 * 3.25, 'en')).toBe('3.3 days');
  });

  it('speaks Arabic with Latin digits', () => {
    expect(formatDuration(90, 'ar')).toBe('1.5 ساعة');
    expect(formatDuration(5, 'ar')).toBe('5 دقائق');
    expect(formatDuration(11, 'ar')).toBe('11 دقيقة');
  });
});

describe('formatElapsed', () => {
  it('reads a running timer to the second, hours and minutes past an hour, in each language', () => {
    expect(formatElapsed(240, 'en')).toBe('4 min 0 sec');
    expect(formatElapsed(3900, 'en')).toBe('1 hr 5 min');
    expect(formatElapsed(240, 'ar')).toBe('4 د و0 ث');
    expect(formatElapsed(3900, 'ar')).toBe('1 س و5 د');
  });
});
