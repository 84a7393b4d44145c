import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

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
