import { sql, type SQL } from 'drizzle-orm';
import { AUDIT_EXPORT_MAX_ROWS, type TAuditEntry, type TAuditFacets, type TAuditList, type TAuditListQuery } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { CSV_BOM, csvLine } from '../../lib/csv.js';
import { dateRangeSql } from '../../lib/date-filter.js';
import { after as afterCursor, pageOf } from '../../db/keyset.js';
import { toIso, where } from '../../db/sql.js';
import { rowsOf } from '../../db/rows.js';

interface Row {
  id: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  entity_label: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: Date | string;
  sort_text: string;
}

const toApi = (r: Row): TAuditEntry => ({
  id: r.id,
  actor: r.actor_id ? { id: r.actor_id, name: r.actor_name ?? '', email: r.actor_email ?? '' } : null,
  action: r.action,
  entity: r.entity,
  entity_id: r.entity_id,
  entity_label: r.entity_label,
  before: r.before ?? null,
  after: r.after ?? null,
  ip: r.ip,
  created_at: toIso(r.created_at),
});

/** The filters, on audit_log `a` (each has an index: actor, entity, created_at). */
function filtersOf(q: TAuditListQuery): (SQL | undefined)[] {
  return [
    q.user_id ? sql`a.actor_id = ${q.user_id}::uuid` : undefined,
    q.action ? sql`a.action = ${q.action}` : undefined,
    q.entity ? sql`a.entity = ${q.entity}` : undefined,
    q.entity_id ? sql`a.entity_id = ${q.entity_id}` : undefined,
    ...dateRangeSql('a.created_at', q),
  ];
}

/** The table and column that name a record of each type: its number, code, or (people) name. */
const LABELS: Record<string, [table: string, column: string]> = {
  service_request: ['service_requests', 'number'],
  transfer: ['transfers', 'number'],
  appointment: ['appointments', 'number'],
  adjustment: ['adjustments', 'number'],
  user: ['users', 'name'],
  technician: ['users', 'name'],
  inventory_item: ['inventory_items', 'code'],
  warehouse: ['warehouses', 'code'],
};

/**
 * What the entry's record is called now (its number, code or person's name), read for the page's
 * rows only; a record since deleted (or of another type) falls back to the number, code or name
 * its before/after recorded.
 */
const labelSql = sql.raw(`coalesce(
  case when x.entity_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then case x.entity
    ${Object.entries(LABELS)
      .map(([entity, [table, column]]) => `when '${entity}' then (select l.${column} from ${table} l where l.id = x.entity_id::uuid)`)
      .join('\n    ')}
  end end,
  ${['number', 'code', 'name']
    .flatMap((k) => [`x.after->>'${k}'`, `x.before->>'${k}'`])
    .join(', ')})`);

/** A page of the log, newest first, with the cursor's (created_at, id) as the keyset. */
async function page(db: Db, q: TAuditListQuery, limit: number, cursor: string | undefined): Promise<{ rows: Row[]; next: string | null }> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select x.*, u.name as actor_name, u.email as actor_email, ${labelSql} as entity_label from (
        select a.id, a.actor_id, a.action, a.entity, a.entity_id, a.before, a.after, a.ip, a.created_at,
          a.created_at as sort_key, a.created_at::text as sort_text
        from audit_log a
        where ${where(filtersOf(q))}
      ) x
      left join users u on u.id = x.actor_id
      where ${where([afterCursor(cursor, 'timestamptz', ['id'], 'desc')])}
      order by x.sort_key desc, x.id desc
      limit ${limit + 1}`),
  );
  const { items, next_cursor } = pageOf(rows, limit, (last) => [last.sort_text, last.id]);
  return { rows: items, next: next_cursor };
}

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

export function createAuditService(db: Db) {
  return {
    async list(q: TAuditListQuery): Promise<TAuditList> {
      const { rows, next } = await page(db, q, q.limit, q.cursor);
      const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from audit_log a where ${where(filtersOf(q))}`));
      return { items: rows.map(toApi), next_cursor: next, total: count?.n ?? 0 };
    },

    /** The filtered log as CSV (UTF-8 with a BOM, so spreadsheets show Arabic), newest first, read in chunks. */
    async csv(q: TAuditListQuery): Promise<string> {
      const out = [csvLine(['when', 'user', 'user email', 'action', 'record type', 'record', 'record id', 'ip', 'before', 'after'])];
      let cursor: string | undefined;
      let written = 0;
      do {
        const { rows, next } = await page(db, q, 1000, cursor);
        for (const r of rows) {
          const e = toApi(r);
          out.push(csvLine([e.created_at, e.actor?.name, e.actor?.email, e.action, e.entity, e.entity_label, e.entity_id, e.ip, json(e.before), json(e.after)]));
        }
        written += rows.length;
        cursor = next ?? undefined;
      } while (cursor && written < AUDIT_EXPORT_MAX_ROWS);
      return `${CSV_BOM}${out.join('\r\n')}\r\n`;
    },

    /** The actions and record types in the log, for the filters' choices. */
    async facets(): Promise<TAuditFacets> {
      const actions = rowsOf<{ v: string }>(await db.execute(sql`select distinct action as v from audit_log order by 1`));
      const entities = rowsOf<{ v: string }>(await db.execute(sql`select distinct entity as v from audit_log order by 1`));
      return { actions: actions.map((r) => r.v), entities: entities.map((r) => r.v) };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
