import { sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@portal/shared';
import { cursorTuple, decodeCursor, encodeCursor } from '../lib/cursor.js';

/**
 * Keyset paging: a list reads one row more than the page (`limit + 1`) to know whether
 * another page follows, and the next cursor holds the page's last row's sort values (encoded
 * by lib/cursor, checked against the list's schema when it comes back), so the next page
 * starts exactly after that row whatever the sort.
 */

/** The page of `rows` (read with `limit + 1`) and the cursor of the next one, null on the last page. */
export function pageOf<R>(rows: R[], limit: number, cursorOf: (last: R) => unknown): { items: R[]; next_cursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next_cursor: rows.length > limit && last !== undefined ? encodeCursor(cursorOf(last)) : null };
}

/**
 * The sort key types of a subquery that exposes `sort_key` (the sort column, any type) and
 * one or more id columns as tie-breakers; the cursor holds the last row's values as text.
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
