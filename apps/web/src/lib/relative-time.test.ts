import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = Date.parse('2025-06-01T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it('speaks English', () => {
    expect(formatRelativeTime(ago(10_000), 'en', now)).toBe('a few seconds ago');
    expect(formatRelativeTime(ago(5 * MIN), 'en', now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(DAY), 'en', now)).toBe('a day ago');
  });

  it('speaks Arabic, with its dual and plural forms', () => {
    expect(formatRelativeTime(ago(10_000), 'ar', now)).toBe('الآن');
    expect(formatRelativeTime(ago(MIN), 'ar', now)).toBe('قبل دقيقة واحدة');
    expect(formatRelativeTime(ago(2 * MIN), 'ar', now)).toBe('قبل دقيقتين');
    expect(formatRelativeTime(ago(5 * MIN), 'ar', now)).toBe('قبل 5 دقائق');
    expect(formatRelativeTime(ago(11 * MIN), 'ar', now)).toBe('قبل 11 دقيقة');
    expect(formatRelativeTime(ago(2 * DAY), 'ar', now)).toBe('قبل يومين');
    expect(formatRelativeTime(ago(15 * DAY), 'ar', now)).toBe('قبل 15 يومًا');
  });

  it('reads a time slightly ahead of this clock as just now', () => {
    expect(formatRelativeTime(new Date(now + 30_000).toISOString(), 'en', now)).toBe('a few seconds ago');
  });

  it('does not depend on the global dayjs locale', () => {
    expect(formatRelativeTime(ago(3 * HOUR), 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(3 * HOUR), 'ar', now)).toBe('قبل 3 ساعات');
    expect(formatRelativeTime(ago(3 * HOUR), 'en', now)).toBe('3 hours ago');
  });
});
