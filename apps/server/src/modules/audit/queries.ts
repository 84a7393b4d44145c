import { sql, type SQL } from 'drizzle-orm';
import type { TAuditEntry, TAuditListQuery } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { dateRangeSql } from '../../lib/date-filter.js';
import { after as afterCursor, pageOf } from '../../db/keyset.js';
import { toIso, where } from '../../db/sql.js';
import { rowsOf } from '../../db/rows.js';

/** An audit_log row read for a page: with its actor's name and email and its record's label. */
export interface AuditRow {
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

/** An audit row as the API shows it. */
export const toAuditEntry = (r: AuditRow): TAuditEntry => ({
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
export async function auditPage(db: DbOrTx, q: TAuditListQuery, limit: number, cursor: string | undefined): Promise<{ rows: AuditRow[]; next: string | null }> {
  const rows = rowsOf<AuditRow>(
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

/** How many entries match the filters. */
export async function countAuditEntries(db: DbOrTx, q: TAuditListQuery): Promise<number> {
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from audit_log a where ${where(filtersOf(q))}`));
  return count?.n ?? 0;
}

/** Every action in the log, once, in order. */
export async function distinctActions(db: DbOrTx): Promise<string[]> {
  const actions = rowsOf<{ v: string }>(await db.execute(sql`select distinct action as v from audit_log order by 1`));
  return actions.map((r) => r.v);
}

/** Every record type in the log, once, in order. */
export async function distinctEntities(db: DbOrTx): Promise<string[]> {
  const entities = rowsOf<{ v: string }>(await db.execute(sql`select distinct entity as v from audit_log order by 1`));
  return entities.map((r) => r.v);
}
