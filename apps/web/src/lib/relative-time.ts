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
 * dayjs's Arabic counts everything with the plural of 3–10 ("منذ 2 أيام", "منذ 11 دقائق").
 * Arabic has a dual and a form for 11–99; these follow CLDR's plural rules instead.
 */
const arabicPlural = new Intl.PluralRules('ar');
function arabicCount(forms: { two: string; few: string; many: string; other: string }) {
  return (n: number) => {
    const form = arabicPlural.select(n);
    if (form === 'two') return forms.two;
    if (form === 'few') return `${n} ${forms.few}`;
    if (form === 'many') return `${n} ${forms.many}`;
    return `${n} ${forms.other}`;
  };
}
dayjs.updateLocale('ar', {
  relativeTime: {
    future: 'بعد %s',
    past: 'منذ %s',
    s: 'ثوانٍ',
    m: 'دقيقة',
    mm: arabicCount({ two: 'دقيقتين', few: 'دقائق', many: 'دقيقة', other: 'دقيقة' }),
    h: 'ساعة',
    hh: arabicCount({ two: 'ساعتين', few: 'ساعات', many: 'ساعة', other: 'ساعة' }),
    d: 'يوم',
    dd: arabicCount({ two: 'يومين', few: 'أيام', many: 'يومًا', other: 'يوم' }),
    M: 'شهر',
    MM: arabicCount({ two: 'شهرين', few: 'أشهر', many: 'شهرًا', other: 'شهر' }),
    y: 'عام',
    yy: arabicCount({ two: 'عامين', few: 'أعوام', many: 'عامًا', other: 'عام' }),
  },
});

/**
 * "5 minutes ago" / "منذ ٥ دقائق", in the language asked for (not dayjs's global one). A time
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
