import { sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@portal/shared';
import { cursorTuple, decodeCursor } from '../../lib/cursor.js';

export { encodeCursor } from '../../lib/cursor.js';

/**
 * Keyset paging over a subquery that exposes `sort_key` (the sort column, any type) and one
 * or more id columns as tie-breakers. The cursor holds the last row's values as text, so
 * the next page starts exactly after it whatever the sort.
 */
export type KeyType = 'text' | 'numeric' | 'timestamptz';

/** `(sort_key, id…) > (…)` (or `<` when descending), casting the cursor's text back to each type. */
export function after(cursor: string | undefined, keyType: KeyType, ids: string[], order: SortOrder, alias = 'x'): SQL | undefined {
  if (!cursor) return undefined;
  const [key, ...rest] = decodeCursor(cursorTuple([keyType, ...ids.map(() => 'uuid' as const)]), cursor) as string[];
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
