import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSession } from '@portal/shared';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { makeItem, makeWarehouse, receive } from './factories.js';

let server: TestServer;
let supervisor: TSession;
beforeAll(async () => {
  server = await startTestServer();
  supervisor = await server.signIn('supervisor@demo.test');
});
afterAll(() => server.close());

describe('inventory report and supervisor dashboard', () => {
  it('sums stock value exactly by warehouse and category, and movements by kind in the range', async () => {
    const db = server.ctx.db;
    const wh = await makeWarehouse(db, { code: 'WH-RPT' });
    const a = await makeItem(db, { category: 'ReportCat', price: '0.10', minQuantity: '0' });
    const b = await makeItem(db, { category: 'ReportCat', price: '19.99', name: 'حبر طابعة', minQuantity: '5' });
    for (let i = 0; i < 3; i++) await receive(db, a.id, wh.id, '1.111');
    await receive(db, b.id, wh.id, '3');
    const res = await server.call('GET', `/api/reports/inventory?warehouse_id=${wh.id}`, { token: supervisor.access_token });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    // 3.333 × 0.10 = 0.3333 → 0.33, 3 × 19.99 = 59.97
    expect(r.by_warehouse).toEqual([expect.objectContaining({ warehouse_code: 'WH-RPT', quantity: '6.333', value: '60.30' })]);
    expect(r.by_category).toEqual([expect.objectContaining({ category: 'ReportCat', quantity: '6.333', value: '60.30' })]);
    // Items low over all warehouses (having a level in the filtered warehouse), not stock lines.
    expect(r.low_stock.map((x: { id: string }) => x.id)).toEqual([b.id]);
    expect(r.movements).toEqual([{ kind: 'receipt', count: 4, quantity_in: '6.333', quantity_out: '0.000' }]);
    const old = (await server.call('GET', `/api/reports/inventory?warehouse_id=${wh.id}&from=2020-01-01&to=2020-01-31`, { token: supervisor.access_token })).json();
    expect(old.movements).toEqual([]);
  });

  it('exports CSV as UTF-8 with a BOM, as an attachment, Arabic intact', async () => {
    const res = await server.call('GET', '/api/reports/inventory?format=csv', { token: supervisor.access_token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="inventory-report-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toMatch(/[\u0600-\u06FF]/);
  });

  it('gives the supervisor the §5 figures, and refuses technicians and customers', async () => {
    const res = await server.call('GET', '/api/dashboard/supervisor', { token: supervisor.access_token });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    // The demo has items low and items out of stock over all its warehouses.
    expect(d.low_stock).toBeGreaterThan(0);
    expect(d.out_of_stock).toBeGreaterThan(0);
    // Each figure equals what its link (/dashboard/inventory?status=…&active=true) lists.
    for (const [status, figure] of [['low_stock', d.low_stock], ['out_of_stock', d.out_of_stock]] as const) {
      const list = (await server.call('GET', `/api/items?status=${status}&active=true&limit=1`, { token: supervisor.access_token })).json();
      expect(figure, status).toBe(list.total);
    }
    expect(d.stock_value).toMatch(/^\d+\.\d{2}$/);
    expect(d.stock_value_by_warehouse.length).toBeGreaterThanOrEqual(3);
    expect(d.recent_movements.length).toBeGreaterThan(0);
    for (const email of ['tech1@demo.test', 'customer1@demo.test']) {
      const s = await server.signIn(email);
      expect((await server.call('GET', '/api/dashboard/supervisor', { token: s.access_token })).statusCode).toBe(403);
      expect((await server.call('GET', '/api/reports/inventory', { token: s.access_token })).statusCode).toBe(403);
    }
  });
});
