import type { TAnalyticsResult } from '@portal/shared';

/** A calendar day (YYYY-MM-DD) as a UTC date, for date arithmetic without time zones. */
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The first day of the bucket holding `d`: itself, its week's Monday, or its month's 1st (the server's date_trunc). */
function bucketStart(d: Date, bucket: TAnalyticsResult['bucket']): Date {
  if (bucket === 'month') return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  if (bucket === 'week') return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
  return d;
}

/**
 * Every bucket of a figure's period, as the server names them (YYYY-MM-DD of each bucket's first
 * day) — the one period axis all the period charts share, also where a figure only lists the
 * buckets that have something (the service types).
 */
export function periodsOf(from: string, to: string, bucket: TAnalyticsResult['bucket']): string[] {
  const last = bucketStart(day(to), bucket);
  const periods: string[] = [];
  for (let d = bucketStart(day(from), bucket); d <= last && periods.length < 1000; ) {
    periods.push(iso(d));
    d = bucket === 'month' ? new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)) : new Date(d.getTime() + (bucket === 'week' ? 7 : 1) * 86_400_000);
  }
  return periods;
}
