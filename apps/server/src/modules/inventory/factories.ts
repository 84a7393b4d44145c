import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inventoryItems, stockLevels, warehouses } from '../../db/schema.js';
import { applyMovements, type MovementInput } from './ledger.js';

/** Test data: an item straight into the database (stock only ever through the ledger). */
export async function makeItem(
  db: Db,
  overrides: Partial<typeof inventoryItems.$inferInsert> = {},
): Promise<typeof inventoryItems.$inferSelect> {
  const [item] = await db
    .insert(inventoryItems)
    .values({
      code: `T-${randomBytes(4).toString('hex').toUpperCase()}`,
      name: 'Test part',
      category: 'Test',
      unit: 'pcs',
      minQuantity: '2',
      price: '10.00',
      taxRate: '15',
      ...overrides,
    })
    .returning();
  return item!;
}

export async function makeWarehouse(db: Db, overrides: Partial<typeof warehouses.$inferInsert> = {}) {
  const [wh] = await db
    .insert(warehouses)
    .values({ code: `WH-T${randomBytes(3).toString('hex').toUpperCase()}`, name: 'Test warehouse', kind: 'branch', ...overrides })
    .returning();
  return wh!;
}

/** Puts stock in through the ledger (a receipt), in its own transaction. */
export async function receive(db: Db, itemId: string, warehouseId: string, quantity: string, extra: Partial<MovementInput> = {}) {
  await db.transaction((tx) =>
    applyMovements(tx, [{ itemId, warehouseId, quantity, kind: 'receipt', documentType: 'test', documentId: null, actorId: null, ...extra }]),
  );
}

export async function levelOf(db: Db, itemId: string, warehouseId: string): Promise<string | null> {
  const [row] = await db
    .select({ q: stockLevels.quantity })
    .from(stockLevels)
    .where(and(eq(stockLevels.itemId, itemId), eq(stockLevels.warehouseId, warehouseId)));
  return row?.q ?? null;
}
