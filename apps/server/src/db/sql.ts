import { sql, type SQL } from 'drizzle-orm';

/** AND of the defined conditions (true when none). */
export function where(conditions: (SQL | undefined | null | false)[]): SQL {
  const list = conditions.filter((c): c is SQL => !!c);
  return list.length ? sql.join(list, sql` and `) : sql`true`;
}

/** Epoch milliseconds of a timestamptz column, as a JSON number from both drivers. */
export const epochMs = (col: string) => sql.raw(`(extract(epoch from ${col}) * 1000)::float8`);

/** `%q%` for ilike, with the pattern characters escaped. */
export const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ISO_FORMAT = { ms: 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"', us: 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"' } as const;

/**
 * A timestamptz as ISO 8601 text in UTC, formatted by the statement itself: `column` is a
 * column reference (`a.created_at`, trusted text, never user input) or an SQL fragment. With
 * milliseconds (`ms`, what the API shows) or microseconds (`us`, exact: what a cursor needs).
 */
export function isoSql(column: string | SQL, precision: keyof typeof ISO_FORMAT = 'ms'): SQL {
  const value = typeof column === 'string' ? sql.raw(column) : column;
  return sql`to_char(${value} at time zone 'UTC', ${sql.raw(`'${ISO_FORMAT[precision]}'`)})`;
}

/** A timestamp (Date, epoch ms, or text PostgreSQL or JS gave) as ISO 8601 with milliseconds. */
export const toIso = (value: Date | string | number): string => new Date(value).toISOString();

/** A figure rounded in SQL to `places` decimals, answered as a number. */
export const sqlRound = (expr: string, places = 2) => `round((${expr})::numeric, ${places})::float8`;

/**
 * The start of `col`'s day, week (Monday) or month in the company zone, as a local timestamp.
 * A query over many rows groups by this and formats only the groups (`to_char` on every row of a
 * year's part lines was a third of the parts figure's time).
 */
export const localBucketStart = (bucket: 'day' | 'week' | 'month', zone: string, col: string) =>
  sql.raw(`date_trunc('${bucket}', ${col} at time zone '${zone.replace(/'/g, "''")}')`);

/** `col` as the first day (YYYY-MM-DD) of its day, week (Monday) or month in the company zone. */
export const localBucket = (bucket: 'day' | 'week' | 'month', zone: string, col: string) =>
  sql`to_char(${localBucketStart(bucket, zone, col)}, 'YYYY-MM-DD')`;
