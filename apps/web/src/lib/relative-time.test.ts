import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = Date.parse('2025-06-01T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it('speaks English', () => {
    expect(formatRelativeTime(ago(10_000), 'en', now)).toBe('now');
    expect(formatRelativeTime(ago(MIN), 'en', now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * MIN), 'en', now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * HOUR), 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(DAY), 'en', now)).toBe('1 day ago');
  });

  it('speaks Arabic, with its dual and plural forms', () => {
    expect(formatRelativeTime(ago(10_000), 'ar', now)).toBe('الآن');
    expect(formatRelativeTime(ago(MIN), 'ar', now)).toBe('قبل دقيقة واحدة');
    expect(formatRelativeTime(ago(2 * MIN), 'ar', now)).toBe('قبل دقيقتين');
    expect(formatRelativeTime(ago(5 * MIN), 'ar', now)).toBe('قبل 5 دقائق');
    expect(formatRelativeTime(ago(11 * MIN), 'ar', now)).toBe('قبل 11 دقيقة');
    expect(formatRelativeTime(ago(3 * HOUR), 'ar', now)).toBe('قبل 3 ساعات');
    expect(formatRelativeTime(ago(2 * DAY), 'ar', now)).toBe('قبل يومين');
    expect(formatRelativeTime(ago(15 * DAY), 'ar', now)).toBe('قبل 15 يومًا');
  });

  it('rounds as people say it: the unit changes before the count grows large', () => {
    expect(formatRelativeTime(ago(44_000), 'en', now)).toBe('now');
    expect(formatRelativeTime(ago(50_000), 'en', now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(50 * MIN), 'en', now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(23 * HOUR), 'en', now)).toBe('1 day ago');
    expect(formatRelativeTime(ago(40 * DAY), 'en', now)).toBe('1 month ago');
    expect(formatRelativeTime(ago(100 * DAY), 'en', now)).toBe('3 months ago');
    expect(formatRelativeTime(ago(400 * DAY), 'en', now)).toBe('1 year ago');
    expect(formatRelativeTime(ago(800 * DAY), 'en', now)).toBe('2 years ago');
  });

  it('reads a time slightly ahead of this clock as now, never "in …"', () => {
    expect(formatRelativeTime(new Date(now + 30_000).toISOString(), 'en', now)).toBe('now');
    expect(formatRelativeTime(new Date(now + 30_000).toISOString(), 'ar', now)).toBe('الآن');
  });
});
