import { sql, type SQL } from 'drizzle-orm';
import { like } from '../../db/sql.js';

/**
 * What `q` searches in a request's own columns, lower-cased (decision 004). The customer's name
 * is not in it: names are few and share most of their trigrams, so they are matched in `users`
 * (its own trigram index) and joined by customer id — see `listFilters`.
 */
export const searchTextOf = (v: { number: SQL | string; serial: SQL | string | null; brand: SQL | string; model: SQL | string; problem: SQL | string }) =>
  sql`lower(concat_ws(' ', ${v.number}::text, ${v.serial}::text, ${v.brand}::text, ${v.model}::text, ${v.problem}::text))`;

/**
 * `q` against a pattern expression: the request's own text (one GIN trigram index) or its
 * customer's name (the trigram index on users; an array of a few customer ids, then the customer
 * index) — a BitmapOr of two small scans instead of one scan over the posting lists of common
 * name trigrams (decision 004).
 */
export function searchMatch(pattern: SQL, alias = 'r'): SQL {
  // Inline, not a shared CTE: with the names' ids behind a CTE the planner guesses thousands of
  // matches and walks the date index newest first, reading most of the table for a rare serial.
  return sql`(${textMatch(pattern, alias)} or ${nameMatch(pattern, alias)})`;
}
export const textMatch = (pattern: SQL, alias = 'r') => sql`${sql.raw(alias)}.search_text like ${pattern}`;
const nameMatch = (pattern: SQL, alias: string) => sql`${sql.raw(alias)}.customer_id = any(array(
    select u.id from users u where u.role = 'customer' and lower(u.name) like ${pattern}))`;

/**
 * `q` as typed against the service_requests row `alias` (for other modules' statements over
 * requests, e.g. the dispatch board): `%` and `_` match themselves; the GIN trigram indexes serve the LIKE.
 */
export const requestSearchSql = (q: string, alias: string): SQL => searchMatch(sql`lower(${like(q)})`, alias);
