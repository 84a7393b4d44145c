import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import updateLocale from 'dayjs/plugin/updateLocale';
import 'dayjs/locale/ar';
import 'dayjs/locale/en';
import type { Language } from '@portal/shared';

dayjs.extend(relativeTime);
dayjs.extend(updateLocale);

/**
 * dayjs picks the unit and the count (its thresholds), but its Arabic counts everything with
 * the plural of 3–10 ("منذ 2 أيام", "منذ 11 دقائق"). Arabic has a dual and a form for 11–99,
 * so the Arabic words come from Intl.RelativeTimeFormat, which follows CLDR's plural rules.
 */
const arabicWords = new Intl.RelativeTimeFormat('ar', { numeric: 'always' });
const arabicNow = new Intl.RelativeTimeFormat('ar', { numeric: 'auto' }).format(0, 'second');
const UNIT_OF_KEY = {
  m: 'minute', mm: 'minute', h: 'hour', hh: 'hour', d: 'day', dd: 'day', M: 'month', MM: 'month', y: 'year', yy: 'year',
} as const;
function arabicPhrase(count: number, _withoutSuffix: boolean, key: keyof typeof UNIT_OF_KEY, isFuture: boolean) {
  // A single-letter key means one unit; dayjs then passes the count of the smaller unit.
  const units = key.length === 1 ? 1 : count;
  return arabicWords.format(isFuture ? units : -units, UNIT_OF_KEY[key]);
}
dayjs.updateLocale('ar', {
  relativeTime: {
    // Intl's phrase already says "before"/"after".
    future: '%s',
    past: '%s',
    s: arabicNow,
    ...Object.fromEntries(Object.keys(UNIT_OF_KEY).map((key) => [key, arabicPhrase])),
  },
});

/**
 * "5 minutes ago" / "قبل 5 دقائق", in the language asked for (not dayjs's global one). A time
 * a little ahead of this device's clock reads as "a few seconds ago", never "in …".
 */
export function formatRelativeTime(value: string | Date, language: Language, now: number = Date.now()): string {
  const at = dayjs(value);
  const reference = dayjs(now);
  return (at.isAfter(reference) ? reference : at).locale(language).from(reference);
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
