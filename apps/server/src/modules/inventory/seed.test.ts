import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { checkInvariant } from './ledger.js';
import { rowsOf } from '../../db/rows.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('demo inventory', () => {
  it('has ~50 items in several categories, stock in main, branch and every van, some low and some out, adjustments, and a sound ledger', async () => {
    const admin = await server.signIn('admin@demo.test');
    const items = (await server.call('GET', '/api/items?limit=100', { token: admin.access_token })).json();
    expect(items.total).toBeGreaterThanOrEqual(45);
    expect(new Set(items.items.map((i: { category: string }) => i.category)).size).toBeGreaterThanOrEqual(8);
    expect(items.items.some((i: { name: string }) => /[\u0600-\u06FF]/.test(i.name))).toBe(true);
    const perWarehouse = rowsOf<{ kind: string; n: number }>(
      await server.ctx.db.execute(sql`
        select w.kind::text as kind, count(l.item_id)::int as n from warehouses w
        left join stock_levels l on l.warehouse_id = w.id and l.quantity > 0 group by w.id, w.kind`),
    );
    expect(perWarehouse.length).toBeGreaterThanOrEqual(4);
    for (const w of perWarehouse) expect(w.n, w.kind).toBeGreaterThan(0);
    const stock = (await server.call('GET', '/api/stock?limit=100&status=low_stock', { token: admin.access_token })).json();
    expect(stock.total).toBeGreaterThan(0);
    const out = (await server.call('GET', '/api/stock?limit=100&status=out_of_stock', { token: admin.access_token })).json();
    expect(out.total).toBeGreaterThan(0);
    const adj = (await server.call('GET', '/api/adjustments', { token: admin.access_token })).json();
    expect(adj.total).toBeGreaterThanOrEqual(5);
    expect(new Set(adj.items.map((a: { reason: string }) => a.reason)).size).toBeGreaterThanOrEqual(4);
    expect(await checkInvariant(server.ctx.db)).toEqual({ ok: true, mismatches: [], negatives: [] });
  });
});
