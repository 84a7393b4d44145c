import { fillPlaceholders, sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  PRIORITIES,
  REQUEST_COUNT_CAP,
  SERVICE_REQUEST_STATUSES,
  type Role,
  type ServiceRequestSort,
  type SortOrder,
  type TServiceRequestListQuery,
} from '@portal/shared';
import type { Database } from '../../db/client.js';
import { pageOf } from '../../db/keyset.js';
import { like, where } from '../../db/sql.js';
import { cursorValue, decodeSortedCursor } from '../../lib/cursor.js';
import { boundSql, isDay } from '../../lib/date-filter.js';
import { visibilityOf, visibleSql, type SummaryRow, type Visibility } from './queries.js';
import { searchMatch, textMatch } from './search-queries.js';

/** Lists of requests: keyset paging on every sort, one prepared statement per shape of query. */

type KeyType = 'timestamptz' | 'uuid' | 'text' | 'service_request_status' | 'request_priority';
interface KeyPart {
  col: string;
  type: KeyType;
  /** The list row's field holding it (as text: timestamps exact to the microsecond), for the cursor. */
  field: 'request_date' | 'updated_at' | 'id' | 'number' | 'priority' | 'status';
}

/** Each sort's key, unique with its tie-breakers, each served by an index (schema.ts). */
const SORT_KEYS: Record<ServiceRequestSort, KeyPart[]> = {
  request_date: [
    { col: 'r.created_at', type: 'timestamptz', field: 'request_date' },
    { col: 'r.id', type: 'uuid', field: 'id' },
  ],
  updated_at: [
    { col: 'r.updated_at', type: 'timestamptz', field: 'updated_at' },
    { col: 'r.id', type: 'uuid', field: 'id' },
  ],
  // Unique on its own.
  number: [{ col: 'r.number', type: 'text', field: 'number' }],
  priority: [
    { col: 'r.priority', type: 'request_priority', field: 'priority' },
    { col: 'r.created_at', type: 'timestamptz', field: 'request_date' },
    { col: 'r.id', type: 'uuid', field: 'id' },
  ],
  status: [
    { col: 'r.status', type: 'service_request_status', field: 'status' },
    { col: 'r.created_at', type: 'timestamptz', field: 'request_date' },
    { col: 'r.id', type: 'uuid', field: 'id' },
  ],
};

function validKeyValue(type: KeyType, v: unknown): v is string {
  if (typeof v !== 'string') return false;
  if (type === 'uuid' || type === 'timestamptz' || type === 'text') return cursorValue[type].safeParse(v).success;
  if (type === 'service_request_status') return (SERVICE_REQUEST_STATUSES as readonly string[]).includes(v);
  return type === 'request_priority' && (PRIORITIES as readonly string[]).includes(v);
}

function decodeRequestCursor(cursor: string, sort: ServiceRequestSort): string[] {
  return decodeSortedCursor(cursor, sort, SORT_KEYS[sort].map((k) => (v: unknown) => validKeyValue(k.type, v)));
}

/** The filters of a list query (and of the export), without paging. */
export type RequestFilters = Pick<TServiceRequestListQuery, 'q' | 'status' | 'priority' | 'service_type' | 'technician_id' | 'customer_id' | 'quality' | 'from' | 'to'>;

/**
 * Awaiting the quality check: completed, and the latest check (if any) is older than the current
 * completion (field-work: "the latest quality check is about the current completion"). Exactly the
 * predicate of the partial index `service_requests_qc_pending_idx`, so the list, its count and the
 * admin dashboard's figure read that small index instead of every completed request.
 */
export const awaitingQualityCheckSql = (alias: string) =>
  sql.raw(`${alias}.status = 'completed' and (${alias}.qc_at is null or ${alias}.qc_at < ${alias}.completed_at)`);

/** `quality=passed|failed`: the latest check passed (about the current completion), or failed and the work was not completed again since. */
const QUALITY_SQL = {
  pending: () => awaitingQualityCheckSql('r'),
  passed: () => sql.raw(`r.status = 'completed' and r.qc_result = 'passed' and r.qc_at >= r.completed_at`),
  failed: () => sql.raw(`r.qc_result = 'failed' and r.completed_at is null`),
} as const;

export interface ListRequestsOptions {
  /** `total` is exact up to this many (default REQUEST_COUNT_CAP); 0 skips the count. */
  countCap?: number;
}

export type ListQueryInput = RequestFilters & { sort: ServiceRequestSort; order: SortOrder; limit: number; cursor?: string };

/** A UTC timestamp as text, `YYYY-MM-DD HH:MI:SS[.ffffff]`: the cheapest exact form to read. */
const utcText = (col: string) => `(${col} at time zone 'UTC')::text`;

/** The columns of a list row, each as text or a plain number, read from `r`, `cu`, `tu`. */
const LIST_COLUMNS: [name: keyof SummaryRow, expr: string][] = [
  ['id', 'r.id'],
  ['number', 'r.number'],
  ['status', 'r.status'],
  ['priority', 'r.priority'],
  ['location', 'r.location'],
  ['service_type', 'r.service_type'],
  ['fault_type', 'r.fault_type'],
  ['problem_description', 'r.problem_description'],
  ['request_date', utcText('r.created_at')],
  ['updated_at', utcText('r.updated_at')],
  ['customer_id', 'r.customer_id'],
  ['customer_name', 'cu.name'],
  ['technician_id', 'r.technician_id'],
  ['technician_name', 'tu.name'],
  ['device_brand', 'r.device_brand'],
  ['device_model', 'r.device_model'],
  ['device_serial', 'r.device_serial'],
  ['assigned_at', utcText('r.assigned_at')],
  ['first_response_at', utcText('r.first_response_at')],
  ['completed_at', utcText('r.completed_at')],
  ['rating', 'r.rating'],
];

/**
 * The values of a list statement, by placeholder name. The statement's text is built from
 * which of them are present (and the scope, sort, order, page size and cap) and nothing else,
 * so those are its shape: one text per shape, whatever was typed or picked.
 */
type ListValues = Partial<
  Record<
    'user' | 'pattern' | 'priority' | 'service_type' | 'technician' | 'unassigned' | 'customer' | 'qc_pending' | 'qc_passed' | 'qc_failed' | 'from' | 'to' | 'from_day' | 'to_day',
    unknown
  >
> &
  Record<`status${number}` | `key${number}`, unknown>;

function listValues(v: Visibility, q: ListQueryInput): ListValues {
  const values: ListValues = {};
  if (v.scope === 'own' || v.scope === 'assigned') values.user = v.userId;
  // `%` and `_` typed by the user match themselves; the GIN trigram indexes serve the LIKE.
  if (q.q) values.pattern = like(q.q);
  q.status?.forEach((status, i) => (values[`status${i}`] = status));
  if (q.priority) values.priority = q.priority;
  if (q.service_type) values.service_type = q.service_type;
  if (q.technician_id === 'none') values.unassigned = true; // a shape, not a parameter
  else if (q.technician_id) values.technician = q.technician_id;
  if (q.customer_id) values.customer = q.customer_id;
  if (q.quality) values[`qc_${q.quality}`] = true; // a shape, not a parameter
  // A day (in the company's time zone) and an instant are different shapes.
  if (q.from) values[isDay(q.from) ? 'from_day' : 'from'] = q.from;
  if (q.to) values[isDay(q.to) ? 'to_day' : 'to'] = q.to;
  if (q.cursor) decodeRequestCursor(q.cursor, q.sort).forEach((key, i) => (values[`key${i}`] = key));
  return values;
}

type Shape = { scope: Visibility['scope']; has: (name: string) => boolean; statuses: number; sort: ServiceRequestSort; order: SortOrder; limit: number; cap: number };

/** The WHERE of a list: the caller's rows, then each filter given. `search` matches `q`. */
function listFilters(v: Visibility, shape: Shape, search?: SQL): SQL {
  const ph = sql.placeholder;
  return where([
    visibleSql(v, 'r', ph('user')),
    shape.has('pattern') ? search : undefined,
    shape.statuses
      ? sql`r.status in (${sql.join(
          Array.from({ length: shape.statuses }, (_, i) => sql`${ph(`status${i}`)}::service_request_status`),
          sql`, `,
        )})`
      : undefined,
    shape.has('priority') ? sql`r.priority = ${ph('priority')}::request_priority` : undefined,
    shape.has('service_type') ? sql`r.service_type = ${ph('service_type')}` : undefined,
    shape.has('unassigned') ? sql`r.technician_id is null` : shape.has('technician') ? sql`r.technician_id = ${ph('technician')}::uuid` : undefined,
    shape.has('customer') ? sql`r.customer_id = ${ph('customer')}::uuid` : undefined,
    ...(['pending', 'passed', 'failed'] as const).map((k) => (shape.has(`qc_${k}`) ? QUALITY_SQL[k]() : undefined)),
    shape.has('from') ? boundSql('r.created_at', 'from', ph('from'), 'instant') : undefined,
    shape.has('from_day') ? boundSql('r.created_at', 'from', ph('from_day'), 'day') : undefined,
    shape.has('to') ? boundSql('r.created_at', 'to', ph('to'), 'instant') : undefined,
    shape.has('to_day') ? boundSql('r.created_at', 'to', ph('to_day'), 'day') : undefined,
  ]);
}

/**
 * The one statement of a list page, for a shape (its values as placeholders). Its rows: the
 * page in order, at most `limit + 1` (one more than the page, to know whether another follows;
 * the last row's sort key, read from its fields, is the cursor), and `total`, the number of
 * matching rows counted up to `cap + 1` (more than cap: capped). An empty page is one row with
 * `id` null, so `total` always arrives.
 *
 * Planned once per connection as a named prepared statement (decision 004):
 *  - the page is a keyset range read on the sort's index (every sort ends in unique columns);
 *    the names are joined after the limit;
 *  - without `q`, the count runs over a `limit cap+1` subquery;
 *  - with `q`, the matches are two disjoint halves counted apart (at most cap+1 each): the text
 *    matches, kept in a materialized CTE, and the requests of the customers whose name matches,
 *    counted from the customer index. When the total is within the cap the page merges the text
 *    matches with each matching customer's next `limit + 1` requests in the page's order (for the
 *    default order straight off the customer index), so only those are sorted; a broad search
 *    (> cap) reads its page from the table again, walking the sort's index with the search as a
 *    filter — more than cap matches are dense enough that a page is found after a short walk,
 *    where sorting them all took 40 ms for a first name (its gate stands outside that subquery,
 *    so that nothing of it runs otherwise). The pattern is given as
 *    `(select …)`, a value the planner cannot see: the plan never depends on what was typed
 *    (a rare serial and a common word get the same plan: the search indexes, then a sort) and
 *    the generic plan is as good as a custom one, so it is not planned again per call.
 */
function buildListStatement(v: Visibility, shape: Shape): SQL {
  const { cap, limit } = shape;
  const keys = SORT_KEYS[shape.sort];
  const dir = shape.order === 'asc' ? 'asc' : 'desc';
  // Written into the text (a LIMIT parameter would leave the generic plan guessing its size).
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`Not a page size: ${limit}`);
  // The pattern as an InitPlan (see above): the GIN indexes still serve it.
  const pattern = sql`(select lower(${sql.placeholder('pattern')}))`;
  const filters = listFilters(v, shape, searchMatch(pattern));
  let seek = (_alias: string): SQL => sql`true`;
  if (shape.has('key0')) {
    const vals = sql.join(
      keys.map((k, i) => sql`${sql.placeholder(`key${i}`)}::${sql.raw(k.type)}`),
      sql`, `,
    );
    seek = (alias) => {
      const cols = sql.raw(keys.map((k, i) => (alias === 'r' ? k.col : `${alias}.k${i}`)).join(', '));
      return shape.order === 'asc' ? sql`(${cols}) > (${vals})` : sql`(${cols}) < (${vals})`;
    };
  }
  const keyCols = sql.raw(keys.map((k, i) => `${k.col} as k${i}`).join(', '));
  /** The sort keys as selected by `keyCols`, read from `alias`. */
  const keyOf = (alias: string) => sql.raw(keys.map((_, i) => `${alias}.k${i}`).join(', '));
  const order = (alias: string) => sql.raw(keys.map((_, i) => `${alias}.k${i} ${dir}`).join(', '));
  // Searched in the table: ordered through an expression no index matches (array[col] orders
  // exactly as col), so the planner cannot walk the sort's index newest first filtering every
  // row by the search — fine for a common word, most of the table for a rare serial.
  const searchedOrder = sql.raw(keys.map((k, i) => `${i === 0 ? `array[${k.col}]` : k.col} ${dir}`).join(', '));
  const pageLimit = sql.raw(String(limit + 1));
  const indexOrder = sql.raw(keys.map((k) => `${k.col} ${dir}`).join(', '));
  const fromTable = (where: SQL, orderBy: SQL) => sql`select r.id, ${keyCols} from service_requests r
          where ${where} and ${seek('r')}
          order by ${orderBy}
          limit ${pageLimit}`;
  const limitCount = sql.raw(String(cap + 1));
  const rows = (ids: SQL) => sql`
      select ${sql.raw(LIST_COLUMNS.map(([name, expr]) => `${expr} as ${name}`).join(', '))},
        ${keyOf('k')}
      from (${ids}) k
      join service_requests r on r.id = k.id
      join users cu on cu.id = r.customer_id
      left join users tu on tu.id = r.technician_id`;
  const out = sql.raw(['n.total', ...LIST_COLUMNS.map(([name]) => `p.${name}`)].join(', '));

  if (cap <= 0) {
    return sql`select ${out} from (select null::int as total) n left join lateral (${rows(fromTable(filters, shape.has('pattern') ? searchedOrder : indexOrder))}) p on true order by ${order('p')}`;
  }
  if (!shape.has('pattern')) {
    return sql`
      select ${out}
      from (select (select count(*)::int from (select 1 from service_requests r where ${filters} limit ${limitCount}) c) as total) n
      left join lateral (${rows(fromTable(filters, indexOrder))}) p on true
      order by ${order('p')}`;
  }
  // The matches as two disjoint halves, counted apart and paged together: the requests whose
  // own text matches (the trigram index; a name is rarely in it, so few or none) and the requests
  // of the customers whose name matches (found once, in `names`), counted from the customer index
  // alone (it holds created_at and id: no table row is read) and paged per customer — each
  // customer's next `limit + 1` requests past the cursor (for the default order straight off that
  // index), so a page sorts `limit + 1` rows a customer, not every match.
  const unsearched = listFilters(v, { ...shape, has: (name) => name !== 'pattern' && shape.has(name) });
  const named = sql`(select ids from names)::uuid[]`;
  const searched = listFilters(v, shape, sql`(r.search_text like ${pattern} or r.customer_id = any(${named}))`);
  const fits = sql.raw(`n.total <= ${cap}`);
  return sql`
    with names as (select array(select u.id from users u where u.role = 'customer' and lower(u.name) like ${pattern}) as ids),
    text_matches as materialized (
      select r.id, ${keyCols} from service_requests r where ${unsearched} and ${textMatch(pattern)} and r.customer_id <> all(${named})
      limit ${limitCount}),
    n as materialized (select (select count(*)::int from text_matches)
      + (select count(*)::int from (select 1 from service_requests r where ${unsearched} and r.customer_id = any(${named}) limit ${limitCount}) c) as total)
    select ${out}
    from n left join lateral (${rows(sql`
      (select pm.* from (
          select tm.id, ${keyOf('tm')} from text_matches tm where ${fits} and ${seek('tm')}
          union all
          select cm.* from unnest(${named}) c(id) cross join lateral (
            select r.id, ${keyCols} from service_requests r
            where ${fits} and r.customer_id = c.id and ${unsearched} and ${seek('r')}
            order by ${indexOrder} limit ${pageLimit}) cm
        ) pm order by ${order('pm')} limit ${pageLimit})
      union all
      (select t.* from (${fromTable(searched, indexOrder)}) t where n.total > ${sql.raw(String(cap))})`)}) p on true
    order by ${order('p')}`;
}

/**
 * Each shape's statement, rendered once, under the name of its prepared statement. Bounded: a
 * client chooses the shape (filters × sorts × page sizes) and each named statement holds memory
 * on every connection; beyond the bound a shape is built per call and runs unnamed.
 */
const statements = new Map<string, { name: string; query: Query }>();
const MAX_NAMED_SHAPES = 100;
const dialect = new PgDialect();

/**
 * The statement of a list page as the server runs it (the benchmark EXPLAINs exactly this):
 * its prepared statement's name (null: run unnamed), text and parameters.
 */
export function listStatement(caller: { userId: string; role: Role }, q: ListQueryInput, opts: ListRequestsOptions = {}): Query & { name: string | null } {
  const v = visibilityOf(caller);
  const cap = opts.countCap ?? REQUEST_COUNT_CAP;
  const values = listValues(v, q);
  const names = Object.keys(values);
  const key = JSON.stringify([v.scope, names, q.sort, q.order, q.limit, cap]);
  let entry = statements.get(key);
  if (!entry) {
    const shape: Shape = { scope: v.scope, has: (name) => names.includes(name), statuses: q.status?.length ?? 0, sort: q.sort, order: q.order, limit: q.limit, cap };
    const query = dialect.sqlToQuery(buildListStatement(v, shape));
    if (statements.size >= MAX_NAMED_SHAPES) return { name: null, sql: query.sql, params: fillPlaceholders(query.params, values) };
    entry = { name: `service_request_list_${statements.size + 1}`, query };
    statements.set(key, entry);
  }
  return { name: entry.name, sql: entry.query.sql, params: fillPlaceholders(entry.query.params, values) };
}

export interface RequestPage {
  rows: SummaryRow[];
  next_cursor: string | null;
  total: number;
  total_capped: boolean;
}

/** A list row as the statement answers it: timestamps as UTC text (exact). */
type ListStatementRow = { total: number | null } & Omit<SummaryRow, 'id'> & { id: string | null };

/**
 * `YYYY-MM-DD HH:MI:SS[.ffffff]` (a UTC timestamp's text, ISO date style) as ISO 8601 with
 * milliseconds (truncated, as to_char's MS), or with all six digits for a cursor.
 */
export function isoOfUtcText(text: string, exact = false): string {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?$/.exec(text);
  if (!m) throw new Error(`Not a UTC timestamp in ISO style: ${text}`);
  const fraction = (m[3] ?? '').padEnd(6, '0');
  return `${m[1]}T${m[2]}.${exact ? fraction : fraction.slice(0, 3)}Z`;
}

/** Runs the list statement and pages its answer (outside any transaction). */
export async function listRequests(
  database: Pick<Database, 'prepared'>,
  caller: { userId: string; role: Role },
  q: ListQueryInput,
  opts: ListRequestsOptions = {},
): Promise<RequestPage> {
  const cap = opts.countCap ?? REQUEST_COUNT_CAP;
  const statement = listStatement(caller, q, opts);
  const rows = await database.prepared<ListStatementRow>(statement.name, statement);
  const total = rows[0]?.total ?? 0;
  const items = rows[0]?.id === null ? [] : (rows as (ListStatementRow & { id: string })[]);
  // The opaque cursor: the sort's name and the last row's key values, as text.
  const page = pageOf(items, q.limit, (last) => [
    q.sort,
    ...SORT_KEYS[q.sort].map((k) => (k.type === 'timestamptz' ? isoOfUtcText(last[k.field], true) : last[k.field])),
  ]);
  const ts = (v: string | null) => (v === null ? null : isoOfUtcText(v));
  return {
    rows: page.items.map((r) => ({
      ...r,
      request_date: isoOfUtcText(r.request_date),
      updated_at: isoOfUtcText(r.updated_at),
      assigned_at: ts(r.assigned_at),
      first_response_at: ts(r.first_response_at),
      completed_at: ts(r.completed_at),
    })),
    next_cursor: page.next_cursor,
    total: Math.min(total, cap),
    total_capped: total > cap,
  };
}
