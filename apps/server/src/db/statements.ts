import { fillPlaceholders, is, Param, Placeholder, sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';
import { rowsOf } from './rows.js';

const dialect = new PgDialect();
const rendered = new Map<string, Query>();

/** A value of a hot statement, bound per call: `placeholder('id')` in the text, `{ id }` in the values. */
export const placeholder = (name: string): Placeholder => sql.placeholder(name);

/**
 * A hot read's named statement, its text rendered once. `build` writes it with a `placeholder`
 * for every value; each call only binds `values` to them. Building and rendering
 * drizzle's SQL tree took ~8 % of a detail read's CPU under load (issue #26's profile), and the
 * text of a named statement never changes anyway. Pass the result to `Database.prepared`.
 *
 * A value written into the statement itself would be rendered on the first call and then bound
 * for every later caller (another user's id, say), so any parameter that is not a placeholder
 * is refused when the text is first rendered.
 */
export function boundStatement(name: string, build: () => SQL, values: Record<string, unknown>): Query & { name: string } {
  let query = rendered.get(name);
  if (!query) {
    query = dialect.sqlToQuery(build());
    const literal = query.params.findIndex((p) => !(is(p, Placeholder) || (is(p, Param) && is(p.value, Placeholder))));
    if (literal >= 0) throw new Error(`statement ${name}: parameter $${literal + 1} is a value, not a placeholder`);
    rendered.set(name, query);
  }
  return { name, sql: query.sql, params: fillPlaceholders(query.params, values) };
}

/**
 * Runs a bound statement (boundStatement) as a named prepared statement, in the caller's
 * transaction or on the database: PostgreSQL parses it once per connection and, once a generic
 * plan proves as good as its custom ones, stops planning it. For a transaction's hot statements,
 * which `Database.prepared` (outside any transaction) cannot run: parsing and planning were about
 * a sixth of a transfer's transition (issue #26). Lists go in as arrays (`= any(…)`, `unnest`),
 * so that the text does not change with their length. drizzle's PGlite driver sends it unnamed.
 */
export async function runBound<T>(db: DbOrTx, statement: Query & { name: string }): Promise<T[]> {
  return rowsOf<T>(await db._.session.prepareQuery(statement, undefined, statement.name, false).execute());
}
