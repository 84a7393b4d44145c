import { useEffect, useState } from 'react';
import type { Language } from '@portal/shared';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30.44 * DAY;
const YEAR = 365.25 * DAY;

/**
 * The unit and count a time `ms` ago is told in, rounded as people say it: under 45 seconds is
 * "now", 45–89 seconds a minute, then minutes up to 44, an hour up to 89 minutes, hours up to 21,
 * a day up to 35 hours, days up to 25, a month up to 45 days, months up to 10, a year up to 17
 * months, then years (the thresholds dayjs and moment made familiar).
 */
function unitAndCount(ms: number): [Intl.RelativeTimeFormatUnit, number] {
  const seconds = Math.round(ms / SECOND);
  const minutes = Math.round(ms / MINUTE);
  const hours = Math.round(ms / HOUR);
  const days = Math.round(ms / DAY);
  const months = Math.round(ms / MONTH);
  if (seconds < 45) return ['second', 0];
  if (seconds < 90) return ['minute', 1];
  if (minutes < 45) return ['minute', minutes];
  if (minutes < 90) return ['hour', 1];
  if (hours < 22) return ['hour', hours];
  if (hours < 36) return ['day', 1];
  if (days < 26) return ['day', days];
  if (days < 46) return ['month', 1];
  if (months < 11) return ['month', months];
  if (months < 18) return ['year', 1];
  return ['year', Math.max(2, Math.round(ms / YEAR))];
}

/** One formatter per language and style, made when first used (issue #26: Intl objects cost to make). */
const formatters = new Map<string, Intl.RelativeTimeFormat>();
function formatter(language: Language, numeric: 'always' | 'auto'): Intl.RelativeTimeFormat {
  const key = `${language}:${numeric}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.RelativeTimeFormat(language, { numeric })));
  return made;
}

/**
 * "5 minutes ago" / "قبل 5 دقائق", in the language asked for. Intl.RelativeTimeFormat follows
 * CLDR's plural rules, so Arabic gets its dual and its form for 11–99 ("قبل دقيقتين", "قبل 11
 * دقيقة"). A time a little ahead of this device's clock reads as "now", never "in …".
 */
export function formatRelativeTime(value: string | Date, language: Language, now: number = Date.now()): string {
  const [unit, count] = unitAndCount(Math.max(0, now - new Date(value).getTime()));
  return count === 0 ? formatter(language, 'auto').format(0, 'second') : formatter(language, 'always').format(-count, unit);
}

/** The current time, renewed every `intervalMs`, so relative times stay true on an open page. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
