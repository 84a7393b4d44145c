import { sql, type SQL } from 'drizzle-orm';
import type { MovementKindName, StockStatus } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { boundStatement, placeholder, runBound } from '../../db/statements.js';

/**
 * The ledger's statements (ledger.ts holds its rules): the only SQL that writes stock_levels
 * or stock_movements (PRODUCT.md §3). Every function runs in the caller's transaction.
 */

/**
 * The company's low-stock rule (`low_stock_rule` setting), read by the statement itself like
 * companyZoneSql: one primary-key lookup, and the statement's text stays the same whatever the
 * rule, so it stays preparable.
 */
export const lowStockRuleSql: SQL = sql.raw(
  `coalesce((select s.value #>> '{}' from settings s where s.key = 'low_stock_rule'), 'at_or_below_minimum')`,
);

/**
 * An item's status in SQL — exactly stockStatus() of @portal/shared (docs/decisions/012-low-stock.md).
 * `quantity` must be the item's quantity on hand over ALL warehouses, never one warehouse's.
 */
export const statusSql = (quantity: SQL, min: SQL) =>
  sql`(case when ${quantity} <= 0 then 'out_of_stock'
    when ${quantity} < ${min} or (${quantity} = ${min} and ${lowStockRuleSql} <> 'below_minimum') then 'low_stock'
    else 'in_stock' end)`;

/** A stock level's key. */
export interface StockKey {
  itemId: string;
  warehouseId: string;
}

/** A signed change of one level: ids in lower case, quantity a signed decimal string. */
export interface StockDelta extends StockKey {
  quantity: string;
}

/** `(item_id, warehouse_id), …` in the order given. */
const keyListSql = (keys: StockKey[]) =>
  sql.join(
    keys.map((k) => sql`(${k.itemId}::uuid, ${k.warehouseId}::uuid)`),
    sql`, `,
  );

/**
 * The same lists as arrays, for the ledger's named statements (db/statements.ts, runBound): their
 * text stays the same whatever the number of levels or movements.
 */
const keysSql = sql`unnest(${placeholder('key_items')}::uuid[], ${placeholder('key_warehouses')}::uuid[]) k(item_id, warehouse_id)`;
const keyValues = (keys: StockKey[]) => ({ key_items: keys.map((k) => k.itemId), key_warehouses: keys.map((k) => k.warehouseId) });
const deltasSql = sql`unnest(${placeholder('d_items')}::uuid[], ${placeholder('d_warehouses')}::uuid[], ${placeholder('d_quantities')}::numeric[]) d(item_id, warehouse_id, delta)`;
const deltaValues = (movements: StockDelta[]) => ({
  d_items: movements.map((m) => m.itemId),
  d_warehouses: movements.map((m) => m.warehouseId),
  d_quantities: movements.map((m) => m.quantity),
});

/** A movement as recordMovements inserts it. */
export interface NewMovement extends StockDelta {
  kind: MovementKindName;
  documentType: string;
  documentId: string | null;
  documentNumber: string | null;
  actorId: string | null;
}

export interface MovementItem {
  id: string;
  code: string;
  name: string;
  active: boolean;
}
export interface MovementWarehouse {
  id: string;
  code: string;
  name: string;
  active: boolean;
  technicianId: string | null;
}

/**
 * The items and warehouses the movements name that exist, with what the ledger checks and tells
 * of them (a van's technician), and how many of the levels `keys` exist already — one statement
 * for all three (issue #26: a transition's round trips; the levels' count spares the insert of
 * missing levels when none is missing, as on every transfer after a warehouse's first).
 */
export async function findMovementRefs(
  tx: DbOrTx,
  itemIds: string[],
  warehouseIds: string[],
  keys: StockKey[],
): Promise<{ items: MovementItem[]; warehouses: MovementWarehouse[]; levels_found: number }> {
  const [row] = await runBound<{ items: MovementItem[]; warehouses: MovementWarehouse[]; levels_found: number }>(
    tx,
    boundStatement(
      'ledger_refs',
      () => sql`
        select
          (select coalesce(json_agg(json_build_object('id', i.id, 'code', i.code, 'name', i.name, 'active', i.active)), '[]'::json)
            from inventory_items i where i.id = any(${placeholder('items')}::uuid[])) as items,
          (select coalesce(json_agg(json_build_object('id', w.id, 'code', w.code, 'name', w.name, 'active', w.active, 'technicianId', w.technician_id)), '[]'::json)
            from warehouses w where w.id = any(${placeholder('warehouses')}::uuid[])) as warehouses,
          (select count(*)::int from stock_levels l join ${keysSql} on l.item_id = k.item_id and l.warehouse_id = k.warehouse_id) as levels_found`,
      { items: itemIds, warehouses: warehouseIds, ...keyValues(keys) },
    ),
  );
  return row!;
}

/** Creates the missing levels at 0, in key order (so two inserters never wait on each other crosswise). */
export async function createStockRows(tx: DbOrTx, keys: StockKey[]): Promise<void> {
  await tx.execute(sql`insert into stock_levels (item_id, warehouse_id) values ${keyListSql(keys)} on conflict do nothing`);
}

/**
 * Missing rows first (in key order, so two inserters never wait on each other crosswise),
 * then every row locked in the same order: (item_id, warehouse_id).
 */
export async function lockStockRows(tx: DbOrTx, keys: StockKey[]): Promise<void> {
  const keyList = keyListSql(keys);
  await createStockRows(tx, keys);
  await tx.execute(
    sql`select 1 from stock_levels l join (values ${keyList}) k(item_id, warehouse_id) on l.item_id = k.item_id and l.warehouse_id = k.warehouse_id
      order by l.item_id, l.warehouse_id for update of l`,
  );
}

/** The quantity of one level (locked by lockStockRows). */
export async function readLevel(tx: DbOrTx, itemId: string, warehouseId: string): Promise<{ quantity: string }[]> {
  return rowsOf<{ quantity: string }>(
    await tx.execute(sql`select quantity::text as quantity from stock_levels where item_id = ${itemId}::uuid and warehouse_id = ${warehouseId}::uuid`),
  );
}

/** The quantities of the levels `keys` (locked by lockStockRows). */
export async function readLevels(tx: DbOrTx, keys: StockKey[]): Promise<{ item_id: string; warehouse_id: string; quantity: string }[]> {
  const keyList = keyListSql(keys);
  return rowsOf<{ item_id: string; warehouse_id: string; quantity: string }>(
    await tx.execute(sql`
      select l.item_id, l.warehouse_id, l.quantity::text as quantity from stock_levels l
      join (values ${keyList}) k(item_id, warehouse_id) on l.item_id = k.item_id and l.warehouse_id = k.warehouse_id`),
  );
}

/** A level touched by movements, before and after them (levelChanges). */
export interface LevelChange {
  item_id: string;
  warehouse_id: string;
  available: string;
  after: string;
  /** The item's quantity over all warehouses after the movements. */
  item_after: string;
  requested: string;
  min_quantity: string;
  before_status: StockStatus;
  after_status: StockStatus;
  short: boolean;
}

/**
 * Locks each touched level (created before by createStockRows) in key order — (item_id,
 * warehouse_id): the lock is taken on the sorted rows — and answers it before and after the
 * movements: its quantity, the item's over all warehouses, whether it would go negative, and the
 * item's status before and after. One statement for the lock and the check (issue #26).
 */
export async function lockAndChangeLevels(tx: DbOrTx, keys: StockKey[], movements: StockDelta[]): Promise<LevelChange[]> {
  return runBound<LevelChange>(
    tx,
    boundStatement(
      'ledger_lock_and_change',
      () => sql`
      with locked as materialized (
        select l.item_id, l.warehouse_id, l.quantity from stock_levels l
        join ${keysSql} on l.item_id = k.item_id and l.warehouse_id = k.warehouse_id
        order by l.item_id, l.warehouse_id for update of l),
      d(item_id, warehouse_id, delta) as (select * from ${deltasSql}),
      n as (select item_id, warehouse_id, sum(delta) as delta from d group by item_id, warehouse_id),
      t as (
        select n.item_id, sum(n.delta) as delta,
          -- The locked levels as locked (a lock waited for answers the row as committed), the
          -- item's other levels as the statement's snapshot saw them.
          (select coalesce(sum(lk.quantity), 0) from locked lk where lk.item_id = n.item_id)
            + (select coalesce(sum(x.quantity), 0) from stock_levels x
                where x.item_id = n.item_id and not exists (select 1 from locked lk where lk.item_id = x.item_id and lk.warehouse_id = x.warehouse_id)) as before
        from n group by n.item_id)
      select n.item_id, n.warehouse_id,
        l.quantity::text as available,
        (l.quantity + n.delta)::numeric(14,3)::text as after,
        (t.before + t.delta)::numeric(14,3)::text as item_after,
        (-n.delta)::numeric(14,3)::text as requested,
        i.min_quantity::text as min_quantity,
        ${statusSql(sql`t.before`, sql`i.min_quantity`)} as before_status,
        ${statusSql(sql`(t.before + t.delta)`, sql`i.min_quantity`)} as after_status,
        (l.quantity + n.delta < 0) as short
      from n
      join t on t.item_id = n.item_id
      join locked l on l.item_id = n.item_id and l.warehouse_id = n.warehouse_id
      join inventory_items i on i.id = n.item_id
      order by n.item_id, n.warehouse_id`,
      { ...keyValues(keys), ...deltaValues(movements) },
    ),
  );
}

/**
 * Inserts the movements and adds them to their levels (locked by lockAndChangeLevels) — one
 * statement: the insert runs as a data-modifying CTE beside the update.
 */
export async function recordMovements(tx: DbOrTx, rows: NewMovement[]): Promise<void> {
  await runBound(
    tx,
    boundStatement(
      'ledger_record_movements',
      () => sql`
        with inserted as (
          -- The kinds go in as text[]: PGlite writes arrays only of the types it knows, not of our enum.
          insert into stock_movements (item_id, warehouse_id, quantity, kind, document_type, document_id, document_number, actor_id)
          select * from unnest(${placeholder('m_items')}::uuid[], ${placeholder('m_warehouses')}::uuid[], ${placeholder('m_quantities')}::numeric[],
            ${placeholder('m_kinds')}::text[]::movement_kind[], ${placeholder('m_document_types')}::text[], ${placeholder('m_document_ids')}::uuid[],
            ${placeholder('m_document_numbers')}::text[], ${placeholder('m_actors')}::uuid[]))
        update stock_levels l set quantity = l.quantity + n.delta, updated_at = now()
        from (select item_id, warehouse_id, sum(delta) as delta from ${deltasSql} group by item_id, warehouse_id) n
        where l.item_id = n.item_id and l.warehouse_id = n.warehouse_id`,
      {
        m_items: rows.map((r) => r.itemId),
        m_warehouses: rows.map((r) => r.warehouseId),
        m_quantities: rows.map((r) => r.quantity),
        m_kinds: rows.map((r) => r.kind),
        m_document_types: rows.map((r) => r.documentType),
        m_document_ids: rows.map((r) => r.documentId),
        m_document_numbers: rows.map((r) => r.documentNumber),
        m_actors: rows.map((r) => r.actorId),
        ...deltaValues(rows),
      },
    ),
  );
}

export interface InvariantResult {
  ok: boolean;
  mismatches: { item_id: string; warehouse_id: string; level: string; ledger: string }[];
  negatives: { item_id: string; warehouse_id: string; quantity: string }[];
}

/** Levels that differ from the sum of their movements (optionally of one warehouse), at most 100. */
export async function levelLedgerMismatches(db: DbOrTx, wh: string | null): Promise<InvariantResult['mismatches']> {
  return rowsOf<InvariantResult['mismatches'][number]>(
    await db.execute(sql`
      select coalesce(l.item_id, m.item_id) as item_id, coalesce(l.warehouse_id, m.warehouse_id) as warehouse_id,
        coalesce(l.quantity, 0)::text as level, coalesce(m.total, 0)::text as ledger
      from (select * from stock_levels where ${wh}::uuid is null or warehouse_id = ${wh}::uuid) l
      full join (
        select item_id, warehouse_id, sum(quantity) as total from stock_movements
        where ${wh}::uuid is null or warehouse_id = ${wh}::uuid
        group by item_id, warehouse_id
      ) m on m.item_id = l.item_id and m.warehouse_id = l.warehouse_id
      where coalesce(l.quantity, 0) <> coalesce(m.total, 0)
      order by 1, 2
      limit 100`),
  );
}

/** Negative levels (optionally of one warehouse), at most 100. */
export async function negativeLevels(db: DbOrTx, wh: string | null): Promise<InvariantResult['negatives']> {
  return rowsOf<InvariantResult['negatives'][number]>(
    await db.execute(sql`
      select item_id, warehouse_id, quantity::text as quantity from stock_levels
      where quantity < 0 and (${wh}::uuid is null or warehouse_id = ${wh}::uuid)
      order by 1, 2
      limit 100`),
  );
}
