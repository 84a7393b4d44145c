import type { MovementKindName, StockStatus } from '@portal/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { notify } from '../notifications/index.js';
import { audienceFor, publish } from '../realtime/index.js';
import {
  createStockRows,
  findMovementRefs,
  levelLedgerMismatches,
  lockAndChangeLevels,
  lockStockRows,
  negativeLevels,
  readLevel,
  readLevels,
  recordMovements,
  type InvariantResult,
} from './ledger-queries.js';

export type { InvariantResult } from './ledger-queries.js';

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
  // One fixed order for every caller: (item_id, warehouse_id), as uuids compare (lowercase hex).
  const keys = [...new Map(input.map((m) => [`${m.itemId}|${m.warehouseId}`, m])).values()].sort((a, b) =>
    a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : a.warehouseId < b.warehouseId ? -1 : a.warehouseId > b.warehouseId ? 1 : 0,
  );
  const { items, warehouses: whs, levels_found: levelsFound } = await findMovementRefs(tx, itemIds, warehouseIds, keys);
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

  // Levels are never deleted: one that exists now is there to be locked below.
  if (levelsFound < keys.length) await createStockRows(tx, keys);

  // All arithmetic in numeric: exact. A level's shortage is its own; the status (and so a
  // notification) is the item's over all warehouses (docs/decisions/012-low-stock.md).
  const levels = await lockAndChangeLevels(tx, keys, input);

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

  await recordMovements(
    tx,
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
 * Locks one level (creating it at 0 if missing) for the rest of the caller's transaction and
 * returns its quantity: for changes computed from the current stock (a counted quantity).
 */
export async function lockLevel(tx: Tx, itemId: string, warehouseId: string): Promise<string> {
  await lockStockRows(tx, [{ itemId, warehouseId }]);
  const [row] = await readLevel(tx, itemId, warehouseId);
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
  const ordered = keys.map((k) => {
    const [itemId, warehouseId] = k.split('|') as [string, string];
    return { itemId, warehouseId };
  });
  await lockStockRows(tx, ordered);
  const rows = await readLevels(tx, ordered);
  return new Map(rows.map((r) => [`${r.item_id}|${r.warehouse_id}`, r.quantity]));
}

/** Every level equals the sum of its movements and none is negative (optionally one warehouse). */
export async function checkInvariant(db: DbOrTx, opts: { warehouseId?: string } = {}): Promise<InvariantResult> {
  const wh = opts.warehouseId ?? null;
  const mismatches = await levelLedgerMismatches(db, wh);
  const negatives = await negativeLevels(db, wh);
  return { ok: !mismatches.length && !negatives.length, mismatches, negatives };
}
