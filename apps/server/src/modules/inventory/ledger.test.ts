import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { notifications, stockLevels, stockMovements, users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { startTestServer, TEST_DB, type TestServer } from '../../../test/harness.js';
import { applyMovements, checkInvariant, type MovementInput } from './ledger.js';
import { levelOf, makeItem, makeWarehouse, receive } from './factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const move = (itemId: string, warehouseId: string, quantity: string, extra: Partial<MovementInput> = {}): MovementInput => ({
  itemId,
  warehouseId,
  quantity,
  kind: 'adjustment',
  documentType: 'test',
  documentId: null,
  actorId: null,
  ...extra,
});
const apply = (moves: MovementInput[]) => server.ctx.db.transaction((tx) => applyMovements(tx, moves));
const movementCount = async (itemId: string) =>
  (await server.ctx.db.select({ n: count() }).from(stockMovements).where(eq(stockMovements.itemId, itemId)))[0]!.n;

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('stock ledger', () => {
  it('refuses a change that would go negative with 409 insufficient_stock, and writes nothing', async () => {
    const db = server.ctx.db;
    const wh = await makeWarehouse(db);
    const a = await makeItem(db, { code: 'LED-NEG-A' });
    const b = await makeItem(db);
    await receive(db, a.id, wh.id, '5');
    const err = await refusal(apply([move(b.id, wh.id, '3'), move(a.id, wh.id, '-6')]));
    expect(err.status).toBe(409);
    expect(err.code).toBe('insufficient_stock');
    expect(err.details.details).toMatchObject({
      item_id: a.id,
      item_code: 'LED-NEG-A',
      warehouse_id: wh.id,
      warehouse_code: wh.code,
      available: '5.000',
      requested: '6.000',
    });
    expect(await levelOf(db, a.id, wh.id)).toBe('5.000');
    expect(await levelOf(db, b.id, wh.id)).toBeNull();
    expect(await movementCount(a.id)).toBe(1);
    expect(await movementCount(b.id)).toBe(0);
    expect((await checkInvariant(db, { warehouseId: wh.id })).ok).toBe(true);
  });

  it('adds 1,000 movements of 0.1 up to exactly 100.000', async () => {
    const db = server.ctx.db;
    const wh = await makeWarehouse(db);
    const item = await makeItem(db, { unit: 'm' });
    for (let batch = 0; batch < 20; batch++) {
      await apply(Array.from({ length: 50 }, () => move(item.id, wh.id, '0.1', { kind: 'receipt' })));
    }
    expect(await levelOf(db, item.id, wh.id)).toBe('100.000');
    expect(await movementCount(item.id)).toBe(1000);
    const [sum] = await db
      .select({ s: sql<string>`sum(${stockMovements.quantity})::text` })
      .from(stockMovements)
      .where(eq(stockMovements.itemId, item.id));
    expect(sum!.s).toBe('100.000');
    expect(await checkInvariant(db, { warehouseId: wh.id })).toEqual({ ok: true, mismatches: [], negatives: [] });
  });

  it('refuses to move a deactivated item, in or out, or into a deactivated warehouse', async () => {
    const db = server.ctx.db;
    const wh = await makeWarehouse(db);
    const item = await makeItem(db, { active: false });
    for (const q of ['1', '-1']) {
      const err = await refusal(apply([move(item.id, wh.id, q)]));
      expect([err.status, err.code]).toEqual([409, 'item_inactive']);
    }
    const closed = await makeWarehouse(db, { active: false });
    const live = await makeItem(db);
    const err = await refusal(apply([move(live.id, closed.id, '1')]));
    expect([err.status, err.code]).toEqual([409, 'warehouse_inactive']);
    expect(await movementCount(item.id)).toBe(0);
    expect(await movementCount(live.id)).toBe(0);
  });

  it('notifies supervisors once per crossing into low or out of stock, not on every movement', async () => {
    const db = server.ctx.db;
    const wh = await makeWarehouse(db);
    const item = await makeItem(db, { minQuantity: '5' });
    const [supervisor] = await db.select().from(users).where(eq(users.email, 'supervisor@demo.test'));
    const notes = async () =>
      (
        await db
          .select({ title: notifications.title })
          .from(notifications)
          .where(and(eq(notifications.userId, supervisor!.id), sql`${notifications.params}->>'code' = ${item.code}`))
      ).map((n) => n.title);

    await receive(db, item.id, wh.id, '10');
    await apply([move(item.id, wh.id, '-3')]); // 7: in stock
    expect(await notes()).toEqual([]);
    await apply([move(item.id, wh.id, '-3')]); // 4: low
    await apply([move(item.id, wh.id, '-1')]); // 3: still low
    expect(await notes()).toEqual(['notifications.low_stock.title']);
    await apply([move(item.id, wh.id, '-3')]); // 0: out
    await apply([move(item.id, wh.id, '2')]); // 2: better, no notification
    await apply([move(item.id, wh.id, '8')]); // 10: in stock
    await apply([move(item.id, wh.id, '-6')]); // 4: low again, a new crossing
    expect((await notes()).sort()).toEqual([
      'notifications.low_stock.title',
      'notifications.low_stock.title',
      'notifications.out_of_stock.title',
    ]);
  });

  it('never deadlocks when transactions touch the same items in opposite order', async () => {
    const db = server.ctx.db;
    const w1 = await makeWarehouse(db);
    const w2 = await makeWarehouse(db);
    const a = await makeItem(db);
    const b = await makeItem(db);
    for (const it of [a, b]) for (const w of [w1, w2]) await receive(db, it.id, w.id, '1000');
    const forward = () =>
      apply([move(a.id, w1.id, '-1'), move(a.id, w2.id, '1'), move(b.id, w1.id, '-1'), move(b.id, w2.id, '1')]);
    const backward = () =>
      apply([move(b.id, w2.id, '-1'), move(b.id, w1.id, '1'), move(a.id, w2.id, '-1'), move(a.id, w1.id, '1')]);
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => (i % 2 ? forward() : backward())));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await levelOf(db, a.id, w1.id)).toBe('1000.000');
    expect(await levelOf(db, b.id, w2.id)).toBe('1000.000');
    expect((await checkInvariant(db)).ok).toBe(true);
  });

  it(`never goes negative under 50 concurrent withdrawals (${TEST_DB})`, async () => {
    const db = server.ctx.db;
    const wh = await makeWarehouse(db);
    const item = await makeItem(db, { minQuantity: '0' });
    await receive(db, item.id, wh.id, '20');
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => apply([move(item.id, wh.id, '-1')])));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    expect(ok).toBe(20);
    expect(refused.every((e) => e instanceof AppError && e.code === 'insufficient_stock')).toBe(true);
    expect(await levelOf(db, item.id, wh.id)).toBe('0.000');
    expect(await checkInvariant(db, { warehouseId: wh.id })).toEqual({ ok: true, mismatches: [], negatives: [] });
  });

  it('checkInvariant reports a level that disagrees with its movements', async () => {
    const db = server.ctx.db;
    const wh = await makeWarehouse(db);
    const item = await makeItem(db);
    await receive(db, item.id, wh.id, '4');
    // Only a test may write a level behind the ledger's back: this is what the check is for.
    await db
      .update(stockLevels)
      .set({ quantity: '5' })
      .where(and(eq(stockLevels.itemId, item.id), eq(stockLevels.warehouseId, wh.id)));
    const result = await checkInvariant(db, { warehouseId: wh.id });
    expect(result.ok).toBe(false);
    expect(result.mismatches).toEqual([{ item_id: item.id, warehouse_id: wh.id, level: '5.000', ledger: '4.000' }]);
  });
});
