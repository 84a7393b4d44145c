import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { TRANSFER_STATUSES } from '@portal/shared';
import { stockMovements, transferEvents, transfers, warehouses } from '../../db/schema.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { seedTransfers } from '../../demo/transfers-seed.js';
import { checkInvariant } from '../inventory/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('demo transfers', () => {
  it('cover every status, parts requests into vans among them, moved only through the ledger', async () => {
    const db = server.ctx.db;
    // The demo seed calls seedTransfers after the inventory seed; on its own it needs that stock.
    if ((await db.select({ n: count() }).from(transfers))[0]!.n === 0) await db.transaction((tx) => seedTransfers(tx));
    const rows = await db
      .select({ id: transfers.id, status: transfers.status, kind: warehouses.kind, reason: transfers.rejectionReason })
      .from(transfers)
      .innerJoin(warehouses, eq(warehouses.id, transfers.toWarehouseId));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(TRANSFER_STATUSES));
    expect(rows.some((r) => r.kind === 'van' && r.status === 'pending')).toBe(true);
    expect(rows.some((r) => r.kind === 'van' && r.status === 'completed')).toBe(true);
    expect(rows.filter((r) => r.status === 'rejected').every((r) => !!r.reason)).toBe(true);
    for (const r of rows) {
      const events = (await db.select({ n: count() }).from(transferEvents).where(eq(transferEvents.transferId, r.id)))[0]!.n;
      expect(events).toBe(r.status === 'pending' ? 1 : r.status === 'completed' ? 3 : 2);
    }
    const moved = await db.select({ n: count() }).from(stockMovements).where(eq(stockMovements.documentType, 'transfer'));
    expect(moved[0]!.n).toBeGreaterThan(0);
    expect((await checkInvariant(db)).ok).toBe(true);
  });
});
