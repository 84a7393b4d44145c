import { and, eq, inArray, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Role, TransferAction, TransferStatus, TTransferEvent, TTransferLine, TTransferListQuery, TTransferWarehouse, WarehouseKind } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { inventoryItems, transferEvents, transferLines, transfers, users, warehouses } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';
import type { ReadCache } from '../../db/read-cache.js';
import { boundStatement, placeholder, runBound } from '../../db/statements.js';
import { auditInsert, type AuditEntry } from '../../lib/audit.js';
import { dateRangeSql } from '../../lib/date-filter.js';
import { after, orderBy, pageOf, type KeyType } from '../../db/keyset.js';
import { isoSql, like, where } from '../../db/sql.js';

/**
 * Who may see which transfers: everyone (`any`), only those from or into the van of one
 * technician (`van`, read:transfer:own), or none.
 */
export type Visibility = { scope: 'any' } | { scope: 'van'; userId: string } | { scope: 'none' };

/** Row rule of read:transfer:own — a technician sees transfers from or into their own van. */
export function visibleSql(v: Visibility, alias = 't', user?: Placeholder): SQL {
  if (v.scope === 'any') return sql`true`;
  if (v.scope === 'none') return sql`false`;
  const t = sql.raw(alias);
  const van = sql`(select w.id from warehouses w where w.technician_id = ${user ?? v.userId}::uuid)`;
  return sql`(${t}.from_warehouse_id in ${van} or ${t}.to_warehouse_id in ${van})`;
}

export interface TransferRow {
  id: string;
  number: string;
  status: TransferStatus;
  notes: string | null;
  requested_by: string;
  requested_by_name: string;
  requested_at: string;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: string | null;
  rejection_reason: string | null;
  received_by: string | null;
  received_by_name: string | null;
  received_at: string | null;
  cancelled_by: string | null;
  cancelled_by_name: string | null;
  cancelled_at: string | null;
  from_id: string;
  from_code: string;
  from_name: string;
  from_kind: WarehouseKind;
  from_technician_id: string | null;
  from_active: boolean;
  to_id: string;
  to_code: string;
  to_name: string;
  to_kind: WarehouseKind;
  to_technician_id: string | null;
  to_active: boolean;
  line_count: number;
  /** The caller's van (technicians) and name, read in the same statement. */
  caller_van_id: string | null;
  caller_name: string | null;
}

/** A transfer row with its lines and timeline (one statement). */
export interface FullTransferRow extends TransferRow {
  lines: TTransferLine[];
  timeline: { from_status: TransferStatus | null; to_status: TransferStatus; actor_id: string | null; actor_name: string | null; note: string | null; at: string }[];
}

const LINES_JSON = sql`(
    select coalesce(json_agg(json_build_object(
      'id', l.id, 'item_id', l.item_id, 'item_code', i.code, 'item_name', i.name, 'unit', i.unit,
      'quantity', l.quantity::text, 'available_in_source', coalesce(s.quantity, 0)::text) order by i.code, l.id), '[]'::json)
    from transfer_lines l
    join inventory_items i on i.id = l.item_id
    left join stock_levels s on s.item_id = l.item_id and s.warehouse_id = t.from_warehouse_id
    where l.transfer_id = t.id)`;

const TIMELINE_JSON = sql`(
    select coalesce(json_agg(json_build_object(
      'from_status', e.from_status, 'to_status', e.to_status, 'actor_id', e.actor_id, 'actor_name', u.name,
      'note', e.note, 'at', ${isoSql('e.created_at')}) order by e.created_at, e.id), '[]'::json)
    from transfer_events e left join users u on u.id = e.actor_id
    where e.transfer_id = t.id)`;

const callerColumns = (callerId: string | Placeholder) => sql`
    (select w.id from warehouses w where w.technician_id = ${callerId}::uuid limit 1) as caller_van_id,
    (select cu.name from users cu where cu.id = ${callerId}::uuid) as caller_name`;

const transferSelect = (callerId: string | Placeholder, full: boolean) => sql`
  select ${callerColumns(callerId)}, ${full ? sql`${LINES_JSON} as lines, ${TIMELINE_JSON} as timeline,` : sql``}
    t.id, t.number, t.status, t.notes,
    t.requested_by, ru.name as requested_by_name, ${isoSql('t.requested_at')} as requested_at,
    t.decided_by, du.name as decided_by_name, ${isoSql('t.decided_at')} as decided_at, t.rejection_reason,
    t.received_by, rcu.name as received_by_name, ${isoSql('t.received_at')} as received_at,
    t.cancelled_by, cu.name as cancelled_by_name, ${isoSql('t.cancelled_at')} as cancelled_at,
    fw.id as from_id, fw.code as from_code, fw.name as from_name, fw.kind as from_kind, fw.technician_id as from_technician_id, fw.active as from_active,
    tw.id as to_id, tw.code as to_code, tw.name as to_name, tw.kind as to_kind, tw.technician_id as to_technician_id, tw.active as to_active,
    (select count(*)::int from transfer_lines l where l.transfer_id = t.id) as line_count
  from transfers t
  join warehouses fw on fw.id = t.from_warehouse_id
  join warehouses tw on tw.id = t.to_warehouse_id
  join users ru on ru.id = t.requested_by
  left join users du on du.id = t.decided_by
  left join users rcu on rcu.id = t.received_by
  left join users cu on cu.id = t.cancelled_by`;

/**
 * One transfer, if `visibility` lets the caller see it, with the caller's van and name, and
 * its lines and timeline too when `full`: one statement, whatever the options.
 */
export async function findTransfer<F extends boolean = false>(
  db: DbOrTx,
  id: string,
  callerId: string,
  visibility: Visibility,
  opts: { full?: F } = {},
): Promise<(F extends true ? FullTransferRow : TransferRow) | null> {
  const [row] = rowsOf<F extends true ? FullTransferRow : TransferRow>(await db.execute(transferQuery(id, callerId, visibility, !!opts.full)));
  return row ?? null;
}

/**
 * The statement of findTransfer; its text depends only on the visibility scope and `full`. With
 * placeholders for the id, the caller and the visibility's user, it is the hot read's named statement.
 */
export const transferQuery = (id: string | Placeholder, callerId: string | Placeholder, visibility: Visibility, full: boolean, user?: Placeholder) =>
  sql`${transferSelect(callerId, full)} where t.id = ${id}::uuid and ${visibleSql(visibility, 't', user)}`;

/**
 * findTransfer with its lines and timeline, as a hot read (api-read benchmark) outside any
 * transaction: a named prepared statement per visibility scope (its text depends only on it).
 */
export async function readTransferDetail(reads: Pick<ReadCache, 'rows'>, id: string, callerId: string, visibility: Visibility): Promise<FullTransferRow | null> {
  const statement = boundStatement(
    `transfer_detail_${visibility.scope}`,
    () => transferQuery(placeholder('id'), placeholder('caller'), visibility, true, placeholder('user')),
    { id, caller: callerId, user: 'userId' in visibility ? visibility.userId : null },
  );
  const [row] = await reads.rows<FullTransferRow>(statement);
  return row ?? null;
}

/** What a transition needs of its transfer, read with the row lock. */
export interface LockedTransfer {
  id: string;
  number: string;
  status: TransferStatus;
  requested_by: string;
  from_id: string;
  from_name: string;
  from_technician_id: string | null;
  to_id: string;
  to_name: string;
  to_technician_id: string | null;
  lines: { item_id: string; quantity: string }[];
  caller_van_id: string | null;
  caller_name: string | null;
}

/**
 * Locks a transfer the caller may see and reads what a transition needs, in one lean
 * statement. `for update of t` locks the transfer row only, not the joined warehouses: every
 * transition of one transfer takes its turn, and the second sees the first one's outcome.
 */
export async function lockTransfer(tx: DbOrTx, id: string, callerId: string, visibility: Visibility): Promise<LockedTransfer | null> {
  // A named statement per visibility scope, like the detail read: its text depends only on it.
  const [row] = await runBound<LockedTransfer>(
    tx,
    boundStatement(
      `transfer_lock_${visibility.scope}`,
      () => sql`
        select ${callerColumns(placeholder('caller'))},
          t.id, t.number, t.status, t.requested_by,
          fw.id as from_id, fw.name as from_name, fw.technician_id as from_technician_id,
          tw.id as to_id, tw.name as to_name, tw.technician_id as to_technician_id,
          (select coalesce(json_agg(json_build_object('item_id', l.item_id, 'quantity', l.quantity::text)), '[]'::json)
             from transfer_lines l where l.transfer_id = t.id) as lines
        from transfers t
        join warehouses fw on fw.id = t.from_warehouse_id
        join warehouses tw on tw.id = t.to_warehouse_id
        where t.id = ${placeholder('id')}::uuid and ${visibleSql(visibility, 't', placeholder('user'))}
        for update of t`,
      { id, caller: callerId, user: 'userId' in visibility ? visibility.userId : null },
    ),
  );
  return row ?? null;
}

/** The timeline of a full row, oldest first, as the API gives it. */
export const timelineOf = (r: FullTransferRow): TTransferEvent[] =>
  r.timeline.map((e) => ({
    from_status: e.from_status,
    to_status: e.to_status,
    actor: e.actor_id ? { id: e.actor_id, name: e.actor_name ?? '' } : null,
    note: e.note,
    at: e.at,
  }));

export const warehouseOf = (r: TransferRow, side: 'from' | 'to'): TTransferWarehouse => ({
  id: r[`${side}_id`],
  code: r[`${side}_code`],
  name: r[`${side}_name`],
  kind: r[`${side}_kind`],
});

const SORTS: Record<TTransferListQuery['sort'], { col: string; type: KeyType }> = {
  requested_at: { col: 't.requested_at', type: 'timestamptz' },
  number: { col: 't.number', type: 'text' },
  status: { col: 't.status::text', type: 'text' },
};

/** A page of transfers the caller may see, keyset-paged on (sort key, id), with the total. */
export async function listTransfers(db: DbOrTx, q: TTransferListQuery, callerId: string, visibility: Visibility) {
  const filters = [
    visibleSql(visibility),
    q.q ? sql`(t.number ilike ${like(q.q)} or t.notes ilike ${like(q.q)})` : undefined,
    q.status ? sql`t.status = ${q.status}` : undefined,
    q.from_warehouse_id ? sql`t.from_warehouse_id = ${q.from_warehouse_id}::uuid` : undefined,
    q.to_warehouse_id ? sql`t.to_warehouse_id = ${q.to_warehouse_id}::uuid` : undefined,
    q.warehouse_id ? sql`(t.from_warehouse_id = ${q.warehouse_id}::uuid or t.to_warehouse_id = ${q.warehouse_id}::uuid)` : undefined,
    q.item_id ? sql`exists (select 1 from transfer_lines l where l.transfer_id = t.id and l.item_id = ${q.item_id}::uuid)` : undefined,
    q.requested_by ? sql`t.requested_by = ${q.requested_by}::uuid` : undefined,
    ...dateRangeSql('t.requested_at', q),
  ];
  const sort = SORTS[q.sort];
  const keyText = sort.type === 'timestamptz' ? `${sort.col}::text` : sort.col;
  const rows = rowsOf<TransferRow & { sort_key_text: string }>(
    await db.execute(sql`
      select x.* from (
        select s.*, ${sql.raw(sort.col)} as sort_key, ${sql.raw(keyText)} as sort_key_text
        from (${transferSelect(callerId, false)} where ${where(filters)}) s join transfers t on t.id = s.id
      ) x
      where ${after(q.cursor, sort.type, ['id'], q.order) ?? sql`true`}
      order by ${orderBy(['id'], q.order)}
      limit ${q.limit + 1}`),
  );
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from transfers t where ${where(filters)}`));
  const page = pageOf(rows, q.limit, (last) => [last.sort_key_text, last.id]);
  return {
    rows: page.items,
    next_cursor: page.next_cursor,
    total: count?.n ?? 0,
  };
}

// ---------------------------------------------------------------------------------------
// Writes and the reads that go with them

/** The warehouses of `ids` that exist, with what a new transfer checks of them. */
export async function findWarehouseStates(tx: DbOrTx, ids: string[]) {
  return tx
    .select({ id: warehouses.id, code: warehouses.code, name: warehouses.name, kind: warehouses.kind, active: warehouses.active, technicianId: warehouses.technicianId })
    .from(warehouses)
    .where(inArray(warehouses.id, ids));
}

/** The items of `ids` that exist, with their code and whether they are active. */
export async function findItemStates(tx: DbOrTx, ids: string[]): Promise<{ id: string; code: string; active: boolean }[]> {
  return tx
    .select({ id: inventoryItems.id, code: inventoryItems.code, active: inventoryItems.active })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, ids));
}

/** Inserts a transfer; answers its id. */
export async function insertTransfer(tx: DbOrTx, values: typeof transfers.$inferInsert): Promise<{ id: string }[]> {
  return tx.insert(transfers).values(values).returning({ id: transfers.id });
}

/** Inserts a transfer's lines (one statement). */
export async function insertTransferLines(tx: DbOrTx, lines: (typeof transferLines.$inferInsert)[]): Promise<void> {
  await tx.insert(transferLines).values(lines);
}

/** Inserts one entry of a transfer's timeline. */
export async function insertTransferEvent(tx: DbOrTx, values: typeof transferEvents.$inferInsert): Promise<void> {
  await tx.insert(transferEvents).values(values);
}

/** The active users with one of `roles`, but `exceptId`. */
export async function findActiveUsers(tx: DbOrTx, roles: Role[], exceptId: string): Promise<{ id: string }[]> {
  return tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.active, true), inArray(users.role, roles), ne(users.id, exceptId)));
}

/**
 * Moves a transfer from `from` to `to` by `action` and writes its timeline entry and its audit
 * row, in one statement: who decided (approve, reject with its reason), received or cancelled
 * it, and when. (A data-modifying `with` runs whether or not the main query reads it.)
 */
export async function recordTransition(
  tx: DbOrTx,
  t: { id: string; action: TransferAction; from: TransferStatus; to: TransferStatus; actorId: string; note: string | null },
  audited: AuditEntry,
): Promise<void> {
  const { id, action, to, note } = t;
  const set =
    action === 'approve' || action === 'reject'
      ? sql`decided_by = ${t.actorId}::uuid, decided_at = now(), rejection_reason = ${action === 'reject' ? note : null}`
      : action === 'receive'
        ? sql`received_by = ${t.actorId}::uuid, received_at = now()`
        : sql`cancelled_by = ${t.actorId}::uuid, cancelled_at = now()`;
  await tx.execute(sql`
    with changed as (update transfers set status = ${to}::transfer_status, updated_at = now(), ${set} where id = ${id}::uuid returning id),
    audited as ${auditInsert(tx, audited)}
    insert into transfer_events (transfer_id, from_status, to_status, actor_id, note)
    select id, ${t.from}::transfer_status, ${to}::transfer_status, ${t.actorId}::uuid, ${note} from changed`);
}

/**
 * A technician's requests waiting in `pending_parts` for parts that arrived by `transferId`, by
 * number (at most `limit`, with how many in all): the request that asked for them through
 * its own parts request (`awaiting_transfer_id`) alone, or else every waiting request.
 */
export async function requestsWaitingForParts(
  tx: DbOrTx,
  technicianId: string,
  transferId: string,
  limit: number,
): Promise<{ id: string; number: string; total: number }[]> {
  return rowsOf<{ id: string; number: string; total: number }>(
    await tx.execute(sql`
      with waiting as (
        select id, number, awaiting_transfer_id = ${transferId}::uuid as linked
        from service_requests
        where technician_id = ${technicianId}::uuid and status = 'pending_parts'),
      chosen as (select id, number from waiting where linked or not exists (select 1 from waiting where linked))
      select id, number, (count(*) over ())::int as total from chosen order by number limit ${limit}`),
  );
}
