import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inventoryItems, itemCategories, stockLevels, warehouses } from '../../db/schema.js';
import { applyMovements, type MovementInput } from './ledger.js';

/** Test data: a category (named by its code in both languages unless told), if there is none with this code. */
export async function makeCategory(db: Db, code: string, names: { name_ar?: string; name_en?: string } = {}) {
  await db
    .insert(itemCategories)
    .values({ code, nameAr: names.name_ar ?? code, nameEn: names.name_en ?? code })
    .onConflictDoNothing();
  return code;
}

/** Test data: an item straight into the database (stock only ever through the ledger); its category made if missing. */
export async function makeItem(
  db: Db,
  overrides: Partial<typeof inventoryItems.$inferInsert> = {},
): Promise<typeof inventoryItems.$inferSelect> {
  await makeCategory(db, overrides.category ?? 'Test');
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
