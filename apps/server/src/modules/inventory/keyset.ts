import { sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@portal/shared';
import { badRequest } from '../../lib/errors.js';

/**
 * Keyset paging over a subquery that exposes `sort_key` (the sort column, any type) and one
 * or more id columns as tie-breakers. The cursor holds the last row's values as text, so
 * the next page starts exactly after it whatever the sort.
 */
export type KeyType = 'text' | 'numeric' | 'timestamptz';

export const encodeCursor = (values: (string | null)[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

export function decodeCursor(cursor: string, length: number): string[] {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(values) && values.length === length && values.every((v) => typeof v === 'string')) return values;
  } catch {
    /* fall through */
  }
  throw badRequest({ cursor: 'invalid' });
}

/** `(sort_key, id…) > (…)` (or `<` when descending), casting the cursor's text back to each type. */
export function after(cursor: string | undefined, keyType: KeyType, ids: string[], order: SortOrder, alias = 'x'): SQL | undefined {
  if (!cursor) return undefined;
  const values = decodeCursor(cursor, ids.length + 1);
  const [key, ...rest] = values;
  for (const id of rest) if (!/^[0-9a-f-]{36}$/i.test(id)) throw badRequest({ cursor: 'invalid' });
  if (keyType === 'numeric' && !/^-?\d+(\.\d+)?$/.test(key!)) throw badRequest({ cursor: 'invalid' });
  if (keyType === 'timestamptz' && Number.isNaN(Date.parse(key!))) throw badRequest({ cursor: 'invalid' });
  const cols = sql.raw([`${alias}.sort_key`, ...ids.map((c) => `${alias}.${c}`)].join(', '));
  const vals = sql.join([sql`${key}::${sql.raw(keyType)}`, ...rest.map((v) => sql`${v}::uuid`)], sql`, `);
  return order === 'asc' ? sql`(${cols}) > (${vals})` : sql`(${cols}) < (${vals})`;
}

export function orderBy(ids: string[], order: SortOrder, alias = 'x'): SQL {
  const dir = order === 'asc' ? 'asc' : 'desc';
  return sql.raw([`${alias}.sort_key`, ...ids.map((c) => `${alias}.${c}`)].map((c) => `${c} ${dir}`).join(', '));
}

/** AND of the defined conditions (true when none). */
export function where(conditions: (SQL | undefined | null | false)[]): SQL {
  const list = conditions.filter((c): c is SQL => !!c);
  return list.length ? sql.join(list, sql` and `) : sql`true`;
}

/** `%q%` for ilike, with the pattern characters escaped. */
export const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A date alone means its start as a lower bound and its whole day as an upper bound (UTC). */
export const lowerBound = (v: string) => (v.length === 10 ? `${v}T00:00:00Z` : v);
export const upperBound = (v: string) => (v.length === 10 ? `${v}T23:59:59.999999Z` : v);
