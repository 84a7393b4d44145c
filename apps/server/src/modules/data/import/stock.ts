import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { compareDecimal, ZQuantity } from '@portal/shared';
import { nextNumbers } from '../../../lib/numbers.js';
import { applyMovements, lockLevels } from '../../inventory/index.js';
import { audienceFor, publish } from '../../realtime/index.js';
import type { Problem } from '../messages.js';
import { countChanges, findItemCodes, findStockLevels, insertAdjustments, listWarehouseCodes } from '../queries.js';
import { cellValue, zodProblems, type Classified, type DataSetImporter } from './set.js';

/**
 * Stock levels by (item code, warehouse code) as COUNTED quantities: a level that differs
 * becomes an adjustment (reason `import`) through the inventory ledger, like a count entered
 * by hand — never a write to stock_levels. Both codes must exist.
 */

const requiredCode = z.string({ message: 'required' }).min(1, { message: 'required' });
const ZStockRow = z.object({ item_code: requiredCode, warehouse_code: requiredCode, quantity: ZQuantity });
type StockRow = z.output<typeof ZStockRow>;

interface Plan {
  itemId: string;
  warehouseId: string;
  counted: string;
}

const ADJUSTMENT_NOTE = 'CSV import';
const MAX_EVENT_IDS = 50;

export const stockImporter: DataSetImporter<StockRow, Plan> = {
  required: ['item_code', 'warehouse_code', 'quantity'],
  keyColumn: 'item_code',
  key: (cells) => (cells.item_code && cells.warehouse_code ? `${cells.item_code.toLowerCase()}|${cells.warehouse_code.toLowerCase()}` : null),

  parse(cells) {
    const parsed = ZStockRow.safeParse({
      item_code: cellValue(cells, 'item_code'),
      warehouse_code: cellValue(cells, 'warehouse_code'),
      quantity: cellValue(cells, 'quantity'),
    });
    return parsed.success ? { value: parsed.data } : { problems: zodProblems(parsed.error, cells) };
  },

  async classify(db, rows) {
    const items = await findItemCodes(db, rows.map((r) => r.item_code.toLowerCase()));
    // Warehouses are few: all of them.
    const whs = await listWarehouseCodes(db);
    const itemOf = new Map(items.map((i) => [i.code, i]));
    const whOf = new Map(whs.map((w) => [w.code, w]));
    const pairs = rows.flatMap((r) => {
      const i = itemOf.get(r.item_code.toLowerCase());
      const w = whOf.get(r.warehouse_code.toLowerCase());
      return i && w ? [{ itemId: i.id, warehouseId: w.id }] : [];
    });
    const levels = await findStockLevels(db, pairs);
    const levelOf = new Map(levels.map((l) => [`${l.item_id}|${l.warehouse_id}`, l.quantity]));

    return rows.map((r): Classified<Plan> => {
      const item = itemOf.get(r.item_code.toLowerCase());
      const wh = whOf.get(r.warehouse_code.toLowerCase());
      const missing: Problem[] = [
        ...(item ? [] : [{ column: 'item_code', code: 'not_found' }]),
        ...(wh ? [] : [{ column: 'warehouse_code', code: 'not_found' }]),
      ];
      if (!item || !wh) return { problems: missing };
      const level = levelOf.get(`${item.id}|${wh.id}`);
      // No level yet and a count of 0: nothing to record.
      if (compareDecimal(r.quantity, level ?? '0') === 0) return { outcome: 'unchanged', plan: { itemId: item.id, warehouseId: wh.id, counted: r.quantity } };
      // The ledger moves no stock of a deactivated item or warehouse: say so now, not at the write.
      const inactive: Problem[] = [
        ...(item.active ? [] : [{ column: 'item_code', code: 'inactive' }]),
        ...(wh.active ? [] : [{ column: 'warehouse_code', code: 'inactive' }]),
      ];
      if (inactive.length) return { problems: inactive };
      return { outcome: level === undefined ? 'created' : 'updated', plan: { itemId: item.id, warehouseId: wh.id, counted: r.quantity } };
    });
  },

  async write(tx, plans, actor) {
    const counts = plans.filter((p) => p.outcome !== 'unchanged').map((p) => p.plan);
    if (!counts.length) return;
    // The change is computed from the level under its lock, as a count entered by hand is.
    const before = await lockLevels(tx, counts);
    const changes = await countChanges(
      tx,
      counts.map((c) => ({ counted: c.counted, before: before.get(`${c.itemId}|${c.warehouseId}`)! })),
    );
    if (!changes.length) return;
    const numbers = await nextNumbers(tx, 'adjustment', 'ADJ', changes.length);
    const docs = changes.map((c, n) => {
      const count = counts[c.i]!;
      return { id: randomUUID(), number: numbers[n]!, ...count, change: c.change, before: before.get(`${count.itemId}|${count.warehouseId}`)!, after: c.after };
    });
    await applyMovements(
      tx,
      docs.map((d) => ({
        itemId: d.itemId,
        warehouseId: d.warehouseId,
        quantity: d.change,
        kind: 'adjustment' as const,
        documentType: 'adjustment',
        documentId: d.id,
        documentNumber: d.number,
        actorId: actor.userId,
      })),
    );
    await insertAdjustments(
      tx,
      docs.map((d) => ({
        id: d.id,
        number: d.number,
        warehouseId: d.warehouseId,
        itemId: d.itemId,
        quantityChange: d.change,
        countedQuantity: d.counted,
        quantityBefore: d.before,
        quantityAfter: d.after,
        reason: 'import' as const,
        notes: ADJUSTMENT_NOTE,
        createdBy: actor.userId,
      })),
    );
    const ids = docs.map((d) => d.id);
    await publish(tx, {
      topic: 'stock',
      event: 'adjustment.created',
      audience: audienceFor('read:adjustment', {}),
      payload: ids.length <= MAX_EVENT_IDS ? { ids } : {},
    });
  },
};
