import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { stockStatus, type StockStatus, type TItem, type TSession } from '@portal/shared';
import { notifications, users, warehouses } from '../src/db/schema.js';
import { applyMovements } from '../src/modules/inventory/ledger.js';
import { makeItem, makeWarehouse, receive } from '../src/modules/inventory/factories.js';
import { createUser, startTestServer, type TestServer } from './harness.js';

/**
 * Issue #24 (docs/decisions/012-low-stock.md): low stock is judged per ITEM over all warehouses —
 * its quantity on hand against its minimum, by the company's rule (`at_or_below_minimum` or
 * `below_minimum`). Every figure labelled low / out of stock (admin and supervisor dashboards,
 * the items list filtered by status, the inventory report, a warehouse's counts) counts items by
 * that rule and equals the list it links to.
 */
type Rule = 'at_or_below_minimum' | 'below_minimum';
const tag = `LS${Date.now().toString(36).toUpperCase()}`;

let server: TestServer;
let admin: TSession;
let supervisor: TSession;
let vanId = '';
let branchId = '';
const items: Record<'vanLow' | 'atMin' | 'below' | 'zero' | 'minZero' | 'inactive', string> = {
  vanLow: '',
  atMin: '',
  below: '',
  zero: '',
  minZero: '',
  inactive: '',
};

const get = async (url: string, session: TSession = admin) => {
  const res = await server.call('GET', url, { token: session.access_token });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

/** Every page of a list (its full length, not only `total`). */
async function all<T>(url: string): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: T[]; next_cursor: string | null } = await get(`${url}${url.includes('?') ? '&' : '?'}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    out.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}

async function setRule(rule: Rule) {
  const res = await server.call('PUT', '/api/admin/settings', { token: admin.access_token, body: { low_stock_rule: rule } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().low_stock_rule).toBe(rule);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin@demo.test');
  supervisor = await server.signIn('supervisor@demo.test');
  const db = server.ctx.db;
  const tech = await createUser(server, { role: 'technician' });
  const [van] = await db.select().from(warehouses).where(eq(warehouses.technicianId, tech.user.id));
  vanId = van!.id;
  branchId = (await makeWarehouse(db, { code: `WH-${tag}` })).id;
  const make = async (minQuantity: string, name: string) =>
    (await makeItem(db, { category: tag, minQuantity, name, code: `${tag}-${name}` })).id;

  // Fine overall (10 + 1 = 11 > 5), though the van's 1 alone is below the minimum.
  items.vanLow = await make('5', 'VANLOW');
  await receive(db, items.vanLow, branchId, '10');
  await receive(db, items.vanLow, vanId, '1');
  // Exactly at its minimum over two warehouses: 3 + 2 = 5.
  items.atMin = await make('5', 'ATMIN');
  await receive(db, items.atMin, branchId, '3');
  await receive(db, items.atMin, vanId, '2');
  // Below its minimum: 4 < 5.
  items.below = await make('5', 'BELOW');
  await receive(db, items.below, branchId, '4.5');
  await db.transaction((tx) =>
    applyMovements(tx, [{ itemId: items.below, warehouseId: branchId, quantity: '-0.5', kind: 'consumption', documentType: 'test', documentId: null, actorId: null }]),
  );
  // None left anywhere (it had some).
  items.zero = await make('5', 'ZERO');
  await receive(db, items.zero, branchId, '2');
  await db.transaction((tx) =>
    applyMovements(tx, [{ itemId: items.zero, warehouseId: branchId, quantity: '-2', kind: 'consumption', documentType: 'test', documentId: null, actorId: null }]),
  );
  // Minimum 0: never low, however little there is.
  items.minZero = await make('0', 'MINZERO');
  await receive(db, items.minZero, vanId, '0.001');
  // Low, but deactivated: counted nowhere (every figure counts active items).
  items.inactive = await make('5', 'INACTIVE');
  await receive(db, items.inactive, branchId, '1');
  await server.call('PATCH', `/api/items/${items.inactive}`, { token: admin.access_token, body: { active: false } });
});
afterAll(async () => {
  await setRule('at_or_below_minimum');
  await server.close();
});

const EXPECTED: Record<Rule, Record<keyof typeof items, StockStatus>> = {
  at_or_below_minimum: { vanLow: 'in_stock', atMin: 'low_stock', below: 'low_stock', zero: 'out_of_stock', minZero: 'in_stock', inactive: 'low_stock' },
  below_minimum: { vanLow: 'in_stock', atMin: 'in_stock', below: 'low_stock', zero: 'out_of_stock', minZero: 'in_stock', inactive: 'low_stock' },
};
const ids = (list: { id: string }[]) => list.map((x) => x.id).sort();
const idsOf = (rule: Rule, status: StockStatus) =>
  (Object.keys(items) as (keyof typeof items)[]).filter((k) => k !== 'inactive' && EXPECTED[rule][k] === status).map((k) => items[k]).sort();

describe.each(['at_or_below_minimum', 'below_minimum'] as const)('low stock under the rule %s', (rule) => {
  beforeAll(() => setRule(rule));

  it('judges each item by its quantity over all warehouses, never a warehouse alone', async () => {
    for (const key of Object.keys(items) as (keyof typeof items)[]) {
      const item = await get(`/api/items/${items[key]}`);
      expect(item.status, key).toBe(EXPECTED[rule][key]);
      // The shared function says the same as the server's SQL.
      expect(stockStatus(item.quantity, item.min_quantity, rule), key).toBe(item.status);
      // Each of its stock lines carries the item's status, not the line's quantity against the minimum.
      for (const line of item.stock) expect(line.status, `${key} in ${line.warehouse_code}`).toBe(item.status);
    }
    const vanLow = await get(`/api/items/${items.vanLow}`);
    expect(vanLow.quantity).toBe('11.000');
    expect(vanLow.stock.find((l: { warehouse_id: string }) => l.warehouse_id === vanId).quantity).toBe('1.000');
  });

  it('lists exactly those items under status=low_stock / out_of_stock, in the report too', async () => {
    for (const status of ['low_stock', 'out_of_stock'] as const) {
      const list = await all<TItem>(`/api/items?category=${tag}&status=${status}&active=true`);
      expect(ids(list), status).toEqual(idsOf(rule, status));
    }
    const report = await get(`/api/reports/inventory?category=${tag}`, supervisor);
    expect(ids(report.low_stock)).toEqual(idsOf(rule, 'low_stock'));
    expect(ids(report.out_of_stock)).toEqual(idsOf(rule, 'out_of_stock'));
    expect(report.totals.low_stock).toBe(idsOf(rule, 'low_stock').length);
    expect(report.totals.out_of_stock).toBe(idsOf(rule, 'out_of_stock').length);
    // A row reports the item's quantity on hand over all warehouses.
    const below = report.low_stock.find((x: TItem) => x.id === items.below);
    expect([below.quantity, below.min_quantity]).toEqual(['4.000', '5.000']);
  });

  it('gives the admin dashboard, the supervisor dashboard, the items list and the report the same counts, by the rule', async () => {
    // The rule, applied in JavaScript to every active item of the company.
    const everything = await all<TItem>('/api/items?active=true');
    const expected = (status: StockStatus) => everything.filter((i) => stockStatus(i.quantity, i.min_quantity, rule) === status).map((i) => i.id).sort();
    const adminDash = await get('/api/dashboard/admin');
    const supDash = await get('/api/dashboard/supervisor', supervisor);
    const report = await get('/api/reports/inventory', supervisor);
    for (const [status, key] of [['low_stock', 'low_stock'], ['out_of_stock', 'out_of_stock']] as const) {
      const want = expected(status);
      expect(want.length, status).toBeGreaterThan(0);
      const list = await all<TItem>(`/api/items?status=${status}&active=true`);
      expect(ids(list), status).toEqual(want);
      expect(adminDash[key], `admin ${status}`).toBe(want.length);
      expect(supDash[key], `supervisor ${status}`).toBe(want.length);
      expect(report.totals[key], `report ${status}`).toBe(want.length);
      expect(ids(report[key]), `report rows ${status}`).toEqual(want);
    }
    // The supervisor's attention list holds items by the same rule.
    for (const a of supDash.attention) expect(['low_stock', 'out_of_stock']).toContain(stockStatus(a.quantity, a.min_quantity, rule));
  });

  it("counts a van's items by their company-wide status, equal to the list its figures link to", async () => {
    const van = await get(`/api/warehouses/${vanId}`);
    const wantLow = rule === 'at_or_below_minimum' ? [items.atMin] : [];
    expect(van.low_stock_count).toBe(wantLow.length);
    expect(van.out_of_stock_count).toBe(0);
    const lowHere = await all<TItem>(`/api/items?warehouse_id=${vanId}&status=low_stock&active=true`);
    expect(ids(lowHere)).toEqual(wantLow);
    // The van's own quantity is shown as it is; its status is the item's.
    const vanLowHere = (await all<TItem>(`/api/items?warehouse_id=${vanId}`)).find((i) => i.id === items.vanLow)!;
    expect([vanLowHere.quantity, vanLowHere.status]).toEqual(['1.000', 'in_stock']);
    const status = await get(`/api/warehouses/${vanId}/status`);
    expect(status.low_stock.map((l: { item_id: string }) => l.item_id)).toEqual(wantLow);
    expect(status.out_of_stock).toEqual([]);
    const report = await get(`/api/reports/inventory?warehouse_id=${vanId}`, supervisor);
    expect(ids(report.low_stock)).toEqual(wantLow);
    expect(report.totals.low_stock).toBe(wantLow.length);
    const stock = await all<{ item_id: string; status: string }>(`/api/stock?warehouse_id=${vanId}&status=low_stock`);
    expect(stock.map((s) => s.item_id)).toEqual(wantLow);
  });
});

describe('low-stock notifications', () => {
  it('come when the item crosses over all warehouses, not when stock moves between them', async () => {
    await setRule('at_or_below_minimum');
    const db = server.ctx.db;
    const item = await makeItem(db, { category: `${tag}N`, minQuantity: '5', code: `${tag}-NOTE` });
    const [sup] = await db.select().from(users).where(eq(users.email, 'supervisor@demo.test'));
    const notes = async () =>
      (await db.select({ title: notifications.title }).from(notifications).where(and(eq(notifications.userId, sup!.id), sql`${notifications.params}->>'code' = ${item.code}`))).map(
        (n) => n.title,
      );
    const move = (warehouseId: string, quantity: string, kind: 'transfer_out' | 'transfer_in' | 'consumption') => ({
      itemId: item.id, warehouseId, quantity, kind, documentType: 'test', documentId: null, actorId: null,
    });
    await receive(db, item.id, branchId, '10');
    // 10 in the branch → 2 in the branch and 8 in the van: the branch alone is below 5, the item is not.
    await db.transaction((tx) => applyMovements(tx, [move(branchId, '-8', 'transfer_out'), move(vanId, '8', 'transfer_in')]));
    expect(await notes()).toEqual([]);
    // 6 used from the van: 4 left over all warehouses — low, once.
    await db.transaction((tx) => applyMovements(tx, [move(vanId, '-6', 'consumption')]));
    expect(await notes()).toEqual(['notifications.low_stock.title']);
  });
});

describe('the inventory report as CSV', () => {
  // 2026-03-10T22:30:00Z is 01:30 on 11 March in Riyadh and 18:30 on 10 March in New York.
  const from = '2026-03-10T22:30:00Z';
  const to = '2026-03-12T09:00:00Z';
  const csv = async (lang: 'ar' | 'en') => {
    const res = await server.call('GET', `/api/reports/inventory?format=csv&lang=${lang}&category=${tag}&from=${from}&to=${to}`, { token: supervisor.access_token });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const dayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

  it('speaks the caller’s language and shows times in the company’s time zone', async () => {
    await setRule('at_or_below_minimum');
    for (const zone of ['Asia/Riyadh', 'America/New_York']) {
      const put = await server.call('PUT', '/api/admin/settings', { token: admin.access_token, body: { time_zone: zone } });
      expect(put.statusCode, put.body).toBe(200);
      const local = zone === 'Asia/Riyadh' ? ['2026-03-11 01:30', '2026-03-12 12:00'] : ['2026-03-10 18:30', '2026-03-12 05:00'];

      const en = await csv('en');
      expect(en.headers['content-disposition']).toBe(`attachment; filename="inventory-report-${dayIn(zone)}.csv"`);
      const enLines = en.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(enLines[0]).toContain(`Movements from,${local[0]},to,${local[1]}`);
      expect(enLines[0]).not.toContain('T22:30');
      expect(enLines).toContain('Status,Item code,Item name,"On hand, all warehouses",Minimum,Unit');
      expect(enLines).toContain(`Out of stock,${tag}-ZERO,ZERO,0.000,5.000,pcs`);
      expect(enLines).toContain(`Low stock,${tag}-BELOW,BELOW,4.000,5.000,pcs`);
      expect(enLines).toContain('Low stock,2');
      expect(enLines).toContain('Out of stock,1');
      expect(en.body).not.toContain('low_stock');

      const ar = await csv('ar');
      expect(ar.headers['content-disposition']).toBe(`attachment; filename="inventory-report-${dayIn(zone)}.csv"`);
      expect(ar.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const arLines = ar.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(arLines[0]).toContain(`الحركات من,${local[0]},إلى,${local[1]}`);
      expect(arLines).toContain('الحالة,رمز الصنف,اسم الصنف,المتوفر في جميع المستودعات,الحد الأدنى,الوحدة');
      expect(arLines).toContain(`نفد المخزون,${tag}-ZERO,ZERO,0.000,5.000,قطعة`);
      expect(arLines).toContain(`مخزون منخفض,${tag}-BELOW,BELOW,4.000,5.000,قطعة`);
      expect(ar.body).not.toMatch(/low_stock|out_of_stock|Item code/);
    }
    await server.call('PUT', '/api/admin/settings', { token: admin.access_token, body: { time_zone: 'Asia/Riyadh' } });
  });
});
