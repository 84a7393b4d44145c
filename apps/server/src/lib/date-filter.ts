import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { DEFAULT_TIME_ZONE } from '@portal/shared';

/**
 * Date filters (issue #24): a bound given as a plain day (`YYYY-MM-DD`) means that day in the
 * company's time zone (the `time_zone` setting) — from its start, up to (not including) the
 * next day's start; an instant with an offset (`…T10:00:00+03:00`, `…Z`) stays as it is.
 */
export const isDay = (v: string) => v.length === 10;

/**
 * The company's time zone, read by the statement itself (one primary-key lookup, planned as an
 * InitPlan): a filter needs no round trip of its own and its text stays the same whatever the
 * zone, so the statement stays preparable.
 */
export const companyZoneSql: SQL = sql.raw(
  `coalesce((select s.value #>> '{}' from settings s where s.key = 'time_zone'), '${DEFAULT_TIME_ZONE}')`,
);

/** The start of day `day` (a `date` or text value) in `zone` (a zone name, text), as timestamptz. */
const dayStartSql = (day: SQL, zone: SQL) => sql`((${day})::date::timestamp at time zone (${zone})::text)`;

/**
 * `col` within a filter's bound. `value` is the bound as typed (a string) or, for a statement
 * prepared once per shape, its placeholder with `kind` saying whether it holds a day (the
 * kind is part of the statement's shape). `zone`: the company's (default) or a zone's SQL.
 *  - from, a day: `col >= <day's start in zone>`; an instant: `col >= instant`;
 *  - to, a day: `col < <next day's start in zone>`; an instant: `col <= instant`.
 */
export function boundSql(column: SQL | string, edge: 'from' | 'to', value: string | SQL | Placeholder, kind?: 'day' | 'instant', zone: SQL = companyZoneSql): SQL {
  const col = typeof column === 'string' ? sql.raw(column) : column;
  const day = kind ? kind === 'day' : typeof value === 'string' && isDay(value);
  const v = sql`${value}`;
  if (!day) return edge === 'from' ? sql`${col} >= (${v})::timestamptz` : sql`${col} <= (${v})::timestamptz`;
  return edge === 'from' ? sql`${col} >= ${dayStartSql(v, zone)}` : sql`${col} < ${dayStartSql(sql`(${v})::date + 1`, zone)}`;
}

/** The conditions on `col` of the filter's `from` and `to` (each when given), for `where([...])`. */
export function dateRangeSql(col: SQL | string, q: { from?: string; to?: string }, zone: SQL = companyZoneSql): (SQL | undefined)[] {
  return [q.from ? boundSql(col, 'from', q.from, undefined, zone) : undefined, q.to ? boundSql(col, 'to', q.to, undefined, zone) : undefined];
}

/**
 * The same bounds as instants (ms), for code that needs them in JavaScript: `from` inclusive,
 * `to` exclusive for a day (the next day's start in `zone`) and inclusive for an instant.
 */
export function boundMs(value: string, edge: 'from' | 'to', zone: string): number {
  if (!isDay(value)) return Date.parse(value);
  const start = DateTime.fromISO(value, { zone }).startOf('day');
  if (!start.isValid) throw new RangeError(`invalid day ${value} in ${zone}`);
  return (edge === 'from' ? start : start.plus({ days: 1 })).toMillis();
}

/** A period of the company's calendar days, `from` and `to` inclusive (default: the last `days` days). */
export function periodOf(q: { from?: string; to?: string }, zone: string, days = 30, now: DateTime = DateTime.now()) {
  const today = now.setZone(zone).startOf('day');
  const to = q.to ? DateTime.fromISO(q.to, { zone }) : today;
  const from = q.from ? DateTime.fromISO(q.from, { zone }) : to.minus({ days: days - 1 });
  const length = Math.round(to.diff(from, 'days').days) + 1;
  const bucket = length <= 31 ? 'day' : length <= 26 * 7 ? 'week' : 'month';
  return { from, to, bucket, period: { start: from.toJSDate(), end: to.plus({ days: 1 }).toJSDate() } } as const;
}
