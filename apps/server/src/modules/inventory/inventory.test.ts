import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { TSession } from '@portal/shared';
import { adjustments, auditLog, inventoryItems, stockMovements, technicians, users, type warehouses } from '../../db/schema.js';
import { createUser, sessionFor, startTestServer, type TestServer } from '../../../test/harness.js';
import { checkInvariant } from './ledger.js';
import { levelOf, makeItem, makeWarehouse, receive } from './factories.js';

let server: TestServer;
let admin: TSession;
let supervisor: TSession;
let tech: TSession;
let customer: TSession;
let techVanId: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin@demo.test');
  supervisor = await server.signIn('supervisor@demo.test');
  tech = await server.signIn('tech1@demo.test');
  customer = await server.signIn('customer1@demo.test');
  const [t] = await server.ctx.db
    .select({ van: technicians.vanWarehouseId })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(eq(users.email, 'tech1@demo.test'));
  techVanId = t!.van!;
});
afterAll(() => server.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, session: TSession, body?: unknown) =>
  server.call(method, url, { token: session.access_token, body });
const rowCount = async (table: typeof inventoryItems | typeof adjustments | typeof stockMovements | typeof warehouses) =>
  (await server.ctx.db.select({ n: count() }).from(table))[0]!.n;

const newItem = (over: Record<string, unknown> = {}) => ({
  code: `SCR-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
  name: 'شاشة سامسونج A52 أصلية',
  category: 'screens',
  unit: 'pcs',
  min_quantity: '2',
  price: '250.00',
  tax_rate: '15',
  ...over,
});

describe('items API', () => {
  it('creates an item with exact decimals and its total, and lists it', async () => {
    const res = await call('POST', '/api/items', supervisor, newItem({ code: 'SCR-A52-X', price: '199.99', tax_rate: '15' }));
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({ code: 'SCR-A52-X', price: '199.99', tax_rate: '15.00', total: '229.99', quantity: '0.000', status: 'out_of_stock', active: true });
    const list = await call('GET', '/api/items?q=a52-x', tech);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, next_cursor: null });
    expect(list.json().items[0].id).toBe(item.id);
  });

  it('keeps codes unique regardless of case (409 code_taken)', async () => {
    expect((await call('POST', '/api/items', admin, newItem({ code: 'BAT-TEST-Q9' }))).statusCode).toBe(201);
    const before = await rowCount(inventoryItems);
    const dup = await call('POST', '/api/items', admin, newItem({ code: 'bat-test-q9' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('code_taken');
    expect(await rowCount(inventoryItems)).toBe(before);
    const other = (await call('POST', '/api/items', admin, newItem())).json();
    const rename = await call('PATCH', `/api/items/${other.id}`, admin, { code: 'Bat-Test-Q9' });
    expect(rename.statusCode).toBe(409);
  });

  it('answers bad input with 400 and the fields, and writes nothing', async () => {
    const before = await rowCount(inventoryItems);
    const res = await call('POST', '/api/items', admin, { code: '', name: '', category: 'x', price: '-1', tax_rate: '101', min_quantity: '1.2345' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['code', 'min_quantity', 'name', 'price', 'tax_rate']);
    const floaty = await call('POST', '/api/items', admin, newItem({ price: '12.345' }));
    expect(floaty.json().error.fields).toEqual({ price: 'invalid' });
    expect(await rowCount(inventoryItems)).toBe(before);
    const empty = await call('PATCH', `/api/items/${crypto.randomUUID()}`, admin, {});
    expect(empty.statusCode).toBe(400);
  });

  it('deactivates an item: history kept, no more movements', async () => {
    const db = server.ctx.db;
    const wh = await makeWarehouse(db);
    const item = await makeItem(db);
    await receive(db, item.id, wh.id, '5');
    const off = await call('PATCH', `/api/items/${item.id}`, supervisor, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ active: false, quantity: '5.000' });
    const adj = await call('POST', '/api/adjustments', supervisor, { warehouse_id: wh.id, item_id: item.id, quantity_change: '-1', reason: 'damaged' });
    expect(adj.statusCode).toBe(409);
    expect(adj.json().error.code).toBe('item_inactive');
    const detail = (await call('GET', `/api/items/${item.id}`, tech)).json();
    expect(detail.stock).toHaveLength(1);
    expect(detail.stock[0]).toMatchObject({ warehouse_id: wh.id, quantity: '5.000', in_transit_in: '0.000', in_transit_out: '0.000' });
    const moves = (await call('GET', `/api/stock/movements?item_id=${item.id}`, tech)).json();
    expect(moves.total).toBe(1);
    const [logged] = await db.select().from(auditLog).where(eq(auditLog.entityId, item.id));
    expect(logged!.action).toBe('item.deactivated');
  });

  it('sorts by quantity and pages with a keyset cursor through every row exactly once', async () => {
    const db = server.ctx.db;
    const wh = await makeWarehouse(db);
    const category = `Paging-${Date.now()}`;
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const item = await makeItem(db, { category });
      ids.push(item.id);
      if (i % 3) await receive(db, item.id, wh.id, String(i * 1.5));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let quantities: number[] = [];
    do {
      const url: string = `/api/items?category=${category}&sort=quantity&order=desc&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await call('GET', url, admin)).json();
      expect(page.total).toBe(7);
      seen.push(...page.items.map((i: { id: string }) => i.id));
      quantities = quantities.concat(page.items.map((i: { quantity: string }) => Number(i.quantity)));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.sort()).toEqual([...ids].sort());
    expect(quantities).toEqual([...quantities].sort((a, b) => b - a));
    expect((await call('GET', '/api/items?cursor=nonsense', admin)).statusCode).toBe(400);
  });

  it('refuses writes to technicians and customers, and everything to customers', async () => {
    expect((await call('POST', '/api/items', tech, newItem())).statusCode).toBe(403);
    expect((await call('GET', '/api/items', customer)).statusCode).toBe(403);
    expect((await call('GET', '/api/stock', customer)).statusCode).toBe(403);
    expect((await call('GET', '/api/adjustments', tech)).statusCode).toBe(403);
    expect((await call('POST', '/api/warehouses', supervisor, { code: 'X', name: 'X', kind: 'main' })).statusCode).toBe(403);
    expect((await call('GET', '/api/stock', tech)).statusCode).toBe(200);
    expect((await call('GET', '/api/warehouses', tech)).statusCode).toBe(200);
  });
});

describe('stock and adjustments API', () => {
  it('adjusts by a change and by a counted quantity, numbers ADJ-…, audits, and refuses a zero change', async () => {
    const db = server.ctx.db;
    const item = await makeItem(db, { minQuantity: '3' });
    const first = await call('POST', '/api/adjustments', supervisor, { warehouse_id: techVanId, item_id: item.id, quantity_change: '10', reason: 'initial_stock' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ quantity_change: '10.000', quantity_before: '0.000', quantity_after: '10.000', reason: 'initial_stock' });
    expect(first.json().number).toMatch(/^ADJ-\d{6}$/);
    const counted = await call('POST', '/api/adjustments', admin, { warehouse_id: techVanId, item_id: item.id, counted_quantity: '7.5', reason: 'count_correction', notes: 'shelf count' });
    expect(counted.statusCode).toBe(201);
    expect(counted.json()).toMatchObject({ quantity_change: '-2.500', counted_quantity: '7.500', quantity_after: '7.500', notes: 'shelf count' });
    expect(Number(counted.json().number.slice(4))).toBe(Number(first.json().number.slice(4)) + 1);
    const same = await call('POST', '/api/adjustments', admin, { warehouse_id: techVanId, item_id: item.id, counted_quantity: '7.500', reason: 'count_correction' });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.code).toBe('no_change');
    const short = await call('POST', '/api/adjustments', admin, { warehouse_id: techVanId, item_id: item.id, quantity_change: '-8', reason: 'lost' });
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toMatchObject({ code: 'insufficient_stock', details: { item_id: item.id, available: '7.500', requested: '8.000' } });
    const [logged] = await db.select().from(auditLog).where(eq(auditLog.entityId, first.json().id));
    expect(logged!.action).toBe('adjustment.created');

    const stock = (await call('GET', `/api/stock?warehouse_id=${techVanId}&item_id=${item.id}`, tech)).json();
    expect(stock.items).toEqual([
      expect.objectContaining({ item_id: item.id, warehouse_id: techVanId, quantity: '7.500', status: 'in_stock', in_transit_in: '0.000', value: '75.00' }),
    ]);
    const list = (await call('GET', `/api/adjustments?item_id=${item.id}`, supervisor)).json();
    expect(list.items.map((a: { number: string }) => a.number)).toEqual([counted.json().number, first.json().number]);
  });

  it('answers bad adjustments with 400 and the fields, and writes nothing', async () => {
    const item = await makeItem(server.ctx.db);
    const before = [await rowCount(adjustments), await rowCount(stockMovements)];
    const cases: [Record<string, unknown>, string][] = [
      [{ warehouse_id: techVanId, item_id: item.id, reason: 'lost' }, 'quantity_change'],
      [{ warehouse_id: techVanId, item_id: item.id, quantity_change: '1', counted_quantity: '2', reason: 'lost' }, 'counted_quantity'],
      [{ warehouse_id: techVanId, item_id: item.id, quantity_change: '0', reason: 'lost' }, 'quantity_change'],
      [{ warehouse_id: techVanId, item_id: item.id, quantity_change: '1', reason: 'stolen' }, 'reason'],
      [{ warehouse_id: 'nope', item_id: item.id, quantity_change: '1', reason: 'found' }, 'warehouse_id'],
      [{ warehouse_id: techVanId, item_id: crypto.randomUUID(), quantity_change: '1', reason: 'found' }, 'item_id'],
      [{ warehouse_id: techVanId, item_id: item.id, counted_quantity: '-1', reason: 'found' }, 'counted_quantity'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/api/adjustments', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields), JSON.stringify(body)).toContain(field);
    }
    expect([await rowCount(adjustments), await rowCount(stockMovements)]).toEqual(before);
  });

  it('50 concurrent adjustments never go negative, numbers stay gap-free, and the invariant holds', async () => {
    const db = server.ctx.db;
    const wh = await makeWarehouse(db);
    const item = await makeItem(db, { minQuantity: '0' });
    await receive(db, item.id, wh.id, '25');
    const [{ value: start } = { value: 0 }] = rowsOfCounter(await db.execute(sql`select value from counters where kind = 'adjustment'`));
    const sessions = [admin, supervisor];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('POST', '/api/adjustments', sessions[i % 2]!, { warehouse_id: wh.id, item_id: item.id, quantity_change: '-1', reason: 'damaged' }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(25);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().error.code === 'insufficient_stock')).toBe(true);
    expect(await levelOf(db, item.id, wh.id)).toBe('0.000');
    const numbers = ok.map((r) => Number(r.json().number.slice(4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 25 }, (_, i) => Number(start) + 1 + i));
    expect(await checkInvariant(db)).toEqual({ ok: true, mismatches: [], negatives: [] });
  });

  it('shows stock in transit in both warehouses and in neither quantity', async () => {
    const db = server.ctx.db;
    const from = await makeWarehouse(db);
    const item = await makeItem(db);
    await receive(db, item.id, from.id, '10');
    // An approved transfer as the transfers module leaves it: stock already out of the source.
    const [u] = await db.select().from(users).where(eq(users.email, 'supervisor@demo.test'));
    const [tr] = rowsOfAny(
      await db.execute(sql`insert into transfers (number, from_warehouse_id, to_warehouse_id, status, requested_by)
        values (${`TR-T${Date.now()}`}, ${from.id}::uuid, ${techVanId}::uuid, 'approved', ${u!.id}::uuid) returning id`),
    );
    await db.execute(sql`insert into transfer_lines (transfer_id, item_id, quantity) values (${tr!.id}::uuid, ${item.id}::uuid, 4)`);
    await receive(db, item.id, from.id, '-4', { kind: 'transfer_out', documentType: 'transfer', documentId: tr!.id });
    const rows = (await call('GET', `/api/stock?item_id=${item.id}&sort=warehouse_code`, tech)).json().items;
    const src = rows.find((r: { warehouse_id: string }) => r.warehouse_id === from.id);
    const dst = rows.find((r: { warehouse_id: string }) => r.warehouse_id === techVanId);
    expect(src).toMatchObject({ quantity: '6.000', in_transit_out: '4.000', in_transit_in: '0.000' });
    expect(dst).toMatchObject({ quantity: '0.000', in_transit_out: '0.000', in_transit_in: '4.000' });
    const detail = (await call('GET', `/api/items/${item.id}`, tech)).json();
    expect(detail).toMatchObject({ quantity: '6.000', in_transit: '4.000' });
    const status = (await call('GET', `/api/warehouses/${techVanId}/status`, tech)).json();
    expect(status.transfers.in_transit_in).toBeGreaterThanOrEqual(1);
    expect(status.invariant.ok).toBe(true);
  });
});

describe('warehouses API', () => {
  it('admin creates a branch and a van for a technician without one; codes unique regardless of case', async () => {
    const branch = await call('POST', '/api/warehouses', admin, { code: 'WH-DMM', name: 'Dammam Branch', kind: 'branch', address: 'Dammam' });
    expect(branch.statusCode).toBe(201);
    expect(branch.json()).toMatchObject({ code: 'WH-DMM', kind: 'branch', technician_id: null, stock_value: '0.00', active: true });
    expect((await call('POST', '/api/warehouses', admin, { code: 'wh-dmm', name: 'Again', kind: 'branch' })).json().error.code).toBe('code_taken');
    const noTech = await call('POST', '/api/warehouses', admin, { code: 'VAN-X', name: 'Van', kind: 'van' });
    expect(noTech.statusCode).toBe(400);
    expect(noTech.json().error.fields).toEqual({ technician_id: 'required' });
    const t = await createUser(server, { role: 'technician' });
    const taken = await call('POST', '/api/warehouses', admin, { code: 'VAN-Y', name: 'Van', kind: 'van', technician_id: t.user.id });
    expect(taken.statusCode).toBe(409); // createUser gave them a van already
    const off = await call('PATCH', `/api/warehouses/${branch.json().id}`, admin, { active: false, name: 'Dammam (closed)' });
    expect(off.json()).toMatchObject({ active: false, name: 'Dammam (closed)' });
    const read = await call('GET', `/api/warehouses/${branch.json().id}`, supervisor);
    expect(read.statusCode).toBe(200);
    const techSession = await sessionFor(server, t.user.id);
    expect((await call('GET', '/api/warehouses?kind=van', techSession)).json().items.length).toBeGreaterThanOrEqual(1);
  });
});

const rowsOfAny = (r: unknown) => (r as { rows: { id: string }[] }).rows;
const rowsOfCounter = (r: unknown) => (r as { rows: { value: number }[] }).rows;
