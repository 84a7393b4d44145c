import { inArray, sql, type SQL } from 'drizzle-orm';
import type { MovementKindName, StockStatus } from '@portal/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { inventoryItems, stockMovements, warehouses } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { notify } from '../notifications/index.js';
import { audienceFor, publish } from '../realtime/index.js';

/**
 * THE ledger: the only code that writes stock_levels or stock_movements (PRODUCT.md §3).
 * Every change of stock is a set of signed movements applied in the caller's transaction,
 * so a document (transfer, adjustment, parts used) and its stock change commit together.
 */

export type MovementKind = MovementKindName;

export interface MovementInput {
  itemId: string;
  warehouseId: string;
  /** Signed decimal string, at most 3 places, never 0. */
  quantity: string;
  kind: MovementKind;
  documentType: string;
  documentId: string | null;
  documentNumber?: string | null;
  actorId: string | null;
}

const SIGNED_QUANTITY = /^[-+]?\d{1,11}(\.\d{1,3})?$/;
const STATUS_RANK: Record<StockStatus, number> = { in_stock: 0, low_stock: 1, out_of_stock: 2 };
// A NOTIFY payload must stay small: list ids only when they are few.
const MAX_EVENT_IDS = 50;

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

interface Level {
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
 * Applies the movements in the caller's transaction: locks the touched stock rows in a fixed
 * order (item_id, warehouse_id) — creating missing rows first — refuses with 409
 * insufficient_stock when a level would go negative, refuses inactive items or warehouses
 * (409 item_inactive / warehouse_inactive), inserts the movements, updates the levels,
 * notifies supervisors (and the van's technician) once per crossing into low_stock /
 * out_of_stock, and publishes a `stock` realtime event. Nothing is written when anything is
 * refused: it throws and the caller's transaction rolls back.
 */
export async function applyMovements(tx: Tx, movements: MovementInput[]): Promise<void> {
  if (!movements.length) return;
  const input = movements.map((m) => {
    if (!SIGNED_QUANTITY.test(m.quantity) || !/[1-9]/.test(m.quantity)) {
      throw new Error(`ledger: quantity must be a non-zero decimal with at most 3 places, got ${JSON.stringify(m.quantity)}`);
    }
    return { ...m, itemId: m.itemId.toLowerCase(), warehouseId: m.warehouseId.toLowerCase() };
  });

  const itemIds = [...new Set(input.map((m) => m.itemId))];
  const warehouseIds = [...new Set(input.map((m) => m.warehouseId))];
  const items = await tx
    .select({ id: inventoryItems.id, code: inventoryItems.code, name: inventoryItems.name, active: inventoryItems.active })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, itemIds));
  const whs = await tx
    .select({ id: warehouses.id, code: warehouses.code, name: warehouses.name, active: warehouses.active, technicianId: warehouses.technicianId })
    .from(warehouses)
    .where(inArray(warehouses.id, warehouseIds));
  const itemById = new Map(items.map((i) => [i.id, i]));
  const whById = new Map(whs.map((w) => [w.id, w]));
  for (const id of itemIds) {
    const item = itemById.get(id);
    if (!item) throw notFound('Item');
    if (!item.active) {
      throw new AppError(409, 'item_inactive', `Item ${item.code} is deactivated and cannot be moved`, {
        details: { item_id: item.id, item_code: item.code },
      });
    }
  }
  for (const id of warehouseIds) {
    const wh = whById.get(id);
    if (!wh) throw notFound('Warehouse');
    if (!wh.active) {
      throw new AppError(409, 'warehouse_inactive', `Warehouse ${wh.code} is deactivated: stock cannot move in or out of it`, {
        details: { warehouse_id: wh.id, warehouse_code: wh.code },
      });
    }
  }

  // One fixed order for every caller: (item_id, warehouse_id), as uuids compare (lowercase hex).
  const keys = [...new Map(input.map((m) => [`${m.itemId}|${m.warehouseId}`, m])).values()].sort((a, b) =>
    a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : a.warehouseId < b.warehouseId ? -1 : a.warehouseId > b.warehouseId ? 1 : 0,
  );
  const keyList = sql.join(
    keys.map((k) => sql`(${k.itemId}::uuid, ${k.warehouseId}::uuid)`),
    sql`, `,
  );
  const deltas = sql.join(
    input.map((m) => sql`(${m.itemId}::uuid, ${m.warehouseId}::uuid, ${m.quantity}::numeric)`),
    sql`, `,
  );

  await lockKeys(tx, keyList);

  // All arithmetic in numeric: exact. A level's shortage is its own; the status (and so a
  // notification) is the item's over all warehouses (docs/decisions/012-low-stock.md).
  const levels = rowsOf<Level>(
    await tx.execute(sql`
      with d(item_id, warehouse_id, delta) as (values ${deltas}),
      n as (select item_id, warehouse_id, sum(delta) as delta from d group by item_id, warehouse_id),
      t as (
        select n.item_id, sum(n.delta) as delta,
          (select coalesce(sum(x.quantity), 0) from stock_levels x where x.item_id = n.item_id) as before
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
      join stock_levels l on l.item_id = n.item_id and l.warehouse_id = n.warehouse_id
      join inventory_items i on i.id = n.item_id
      order by n.item_id, n.warehouse_id`),
  );

  const shortages = levels
    .filter((l) => l.short)
    .map((l) => ({
      item_id: l.item_id,
      item_code: itemById.get(l.item_id)!.code,
      warehouse_id: l.warehouse_id,
      warehouse_code: whById.get(l.warehouse_id)!.code,
      available: l.available,
      requested: l.requested,
    }));
  if (shortages.length) {
    const first = shortages[0]!;
    throw new AppError(
      409,
      'insufficient_stock',
      `Not enough ${first.item_code} in ${first.warehouse_code}: ${first.available} available, ${first.requested} requested`,
      { details: { ...first, shortages } },
    );
  }

  await tx.insert(stockMovements).values(
    input.map((m) => ({
      itemId: m.itemId,
      warehouseId: m.warehouseId,
      quantity: m.quantity,
      kind: m.kind,
      documentType: m.documentType,
      documentId: m.documentId,
      documentNumber: m.documentNumber ?? null,
      actorId: m.actorId,
    })),
  );
  await tx.execute(sql`
    update stock_levels l set quantity = l.quantity + n.delta, updated_at = now()
    from (select item_id, warehouse_id, sum(delta) as delta from (values ${deltas}) d(item_id, warehouse_id, delta) group by item_id, warehouse_id) n
    where l.item_id = n.item_id and l.warehouse_id = n.warehouse_id`);

  // Notify once per crossing of the ITEM (over all warehouses): only when it gets worse (in → low,
  // in/low → out) — supervisors, and the technicians whose vans the movements touched.
  const notified = new Set<string>();
  for (const level of levels) {
    if (notified.has(level.item_id) || STATUS_RANK[level.after_status] <= STATUS_RANK[level.before_status]) continue;
    notified.add(level.item_id);
    const item = itemById.get(level.item_id)!;
    const n = {
      type: level.after_status === 'out_of_stock' ? ('error' as const) : ('warning' as const),
      title: `notifications.${level.after_status}.title`,
      message: `notifications.${level.after_status}.message`,
      params: { item: item.name, code: item.code, quantity: level.item_after, min: level.min_quantity },
      link: `/dashboard/inventory?item_id=${item.id}`,
    };
    await notify(tx, { role: 'whs_supervisor' }, n);
    const vanTechnicians = [
      ...new Set(levels.filter((l) => l.item_id === level.item_id).map((l) => whById.get(l.warehouse_id)!.technicianId).filter((id): id is string => !!id)),
    ];
    if (vanTechnicians.length) await notify(tx, { userIds: vanTechnicians }, n);
  }

  const technicians = whs.map((w) => w.technicianId);
  await publish(tx, {
    topic: 'stock',
    event: 'stock.changed',
    audience: audienceFor('read:stock', { own: technicians }),
    payload: {
      item_ids: itemIds.length <= MAX_EVENT_IDS ? itemIds : undefined,
      warehouse_ids: warehouseIds.length <= MAX_EVENT_IDS ? warehouseIds : undefined,
    },
  });
}

/**
 * Missing rows first (in key order, so two inserters never wait on each other crosswise),
 * then every row locked in the same order: (item_id, warehouse_id).
 */
async function lockKeys(tx: Tx, keyList: SQL) {
  await tx.execute(sql`insert into stock_levels (item_id, warehouse_id) values ${keyList} on conflict do nothing`);
  await tx.execute(
    sql`select 1 from stock_levels l join (values ${keyList}) k(item_id, warehouse_id) on l.item_id = k.item_id and l.warehouse_id = k.warehouse_id
      order by l.item_id, l.warehouse_id for update of l`,
  );
}

/**
 * Locks one level (creating it at 0 if missing) for the rest of the caller's transaction and
 * returns its quantity: for changes computed from the current stock (a counted quantity).
 */
export async function lockLevel(tx: Tx, itemId: string, warehouseId: string): Promise<string> {
  await lockKeys(tx, sql`(${itemId}::uuid, ${warehouseId}::uuid)`);
  const [row] = rowsOf<{ quantity: string }>(
    await tx.execute(sql`select quantity::text as quantity from stock_levels where item_id = ${itemId}::uuid and warehouse_id = ${warehouseId}::uuid`),
  );
  return row!.quantity;
}

/**
 * lockLevel for many levels at once (a counted-stock import): locks them all in the ledger's
 * one order, creating missing ones at 0, and returns each quantity keyed `itemId|warehouseId`
 * (ids in lower case).
 */
export async function lockLevels(tx: Tx, pairs: { itemId: string; warehouseId: string }[]): Promise<Map<string, string>> {
  if (!pairs.length) return new Map();
  const keys = [...new Set(pairs.map((p) => `${p.itemId.toLowerCase()}|${p.warehouseId.toLowerCase()}`))].sort();
  const keyList = sql.join(
    keys.map((k) => {
      const [itemId, warehouseId] = k.split('|');
      return sql`(${itemId}::uuid, ${warehouseId}::uuid)`;
    }),
    sql`, `,
  );
  await lockKeys(tx, keyList);
  const rows = rowsOf<{ item_id: string; warehouse_id: string; quantity: string }>(
    await tx.execute(sql`
      select l.item_id, l.warehouse_id, l.quantity::text as quantity from stock_levels l
      join (values ${keyList}) k(item_id, warehouse_id) on l.item_id = k.item_id and l.warehouse_id = k.warehouse_id`),
  );
  return new Map(rows.map((r) => [`${r.item_id}|${r.warehouse_id}`, r.quantity]));
}

export interface InvariantResult {
  ok: boolean;
  mismatches: { item_id: string; warehouse_id: string; level: string; ledger: string }[];
  negatives: { item_id: string; warehouse_id: string; quantity: string }[];
}

/** Every level equals the sum of its movements and none is negative (optionally one warehouse). */
export async function checkInvariant(db: DbOrTx, opts: { warehouseId?: string } = {}): Promise<InvariantResult> {
  const wh = opts.warehouseId ?? null;
  const mismatches = rowsOf<InvariantResult['mismatches'][number]>(
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
  const negatives = rowsOf<InvariantResult['negatives'][number]>(
    await db.execute(sql`
      select item_id, warehouse_id, quantity::text as quantity from stock_levels
      where quantity < 0 and (${wh}::uuid is null or warehouse_id = ${wh}::uuid)
      order by 1, 2
      limit 100`),
  );
  return { ok: !mismatches.length && !negatives.length, mismatches, negatives };
}
