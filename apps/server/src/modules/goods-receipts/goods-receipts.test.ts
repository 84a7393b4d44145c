import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import type { TGoodsReceipt, TGoodsReceiptList, TSupplier } from '@portal/shared';
import { auditLog, goodsReceiptLines, goodsReceipts, inventoryItems, stockMovements, suppliers } from '../../db/schema.js';
import { person, type Person, startTestServer, type TestServer } from '../../../test/harness.js';
import { checkInvariant } from '../inventory/index.js';
import { rowsOf } from '../../db/rows.js';
import { levelOf, makeItem, makeWarehouse } from '../inventory/factories.js';

let server: TestServer;
const people = {} as Record<'admin' | 'sup' | 'tech' | 'customer', Person>;
let main: { id: string };
let branch: { id: string };
let van: { id: string };
let closed: { id: string };
let itemA: { id: string };
let itemB: { id: string };
let retired: { id: string };
let supplier: TSupplier;

const call = (p: Person | null, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  server.call(method, url, { token: p?.token, body: method === 'GET' ? undefined : (body ?? {}) });

/** Everything a refused receipt must leave as it was. */
async function snapshot() {
  const db = server.ctx.db;
  const [receipts] = await db.select({ n: count() }).from(goodsReceipts);
  const [lines] = await db.select({ n: count() }).from(goodsReceiptLines);
  const [moves] = await db.select({ n: count() }).from(stockMovements);
  const [audits] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'goods_receipt.created'));
  const [counter] = rowsOf<{ v: string | null }>(await db.execute(sql`select (select value::text from counters where kind = 'goods_receipt') as v`));
  return {
    receipts: receipts!.n,
    lines: lines!.n,
    moves: moves!.n,
    audits: audits!.n,
    counter: counter!.v,
    a: await levelOf(db, itemA.id, main.id),
    b: await levelOf(db, itemB.id, main.id),
    costs: await db.select({ id: inventoryItems.id, c: inventoryItems.lastCost }).from(inventoryItems).orderBy(inventoryItems.id),
  };
}

const receive = (p: Person, body: Record<string, unknown>) => call(p, 'POST', '/api/goods-receipts', body);
const validBody = (over: Record<string, unknown> = {}) => ({
  warehouse_id: main.id,
  supplier_id: supplier.id,
  reference: 'INV-1',
  lines: [
    { item_id: itemA.id, quantity: '2.5', unit_cost: '10.25' },
    { item_id: itemB.id, quantity: 3, unit_cost: '0' },
  ],
  ...over,
});

beforeAll(async () => {
  server = await startTestServer();
  for (const [key, role] of [
    ['admin', 'admin'],
    ['sup', 'whs_supervisor'],
    ['tech', 'technician'],
    ['customer', 'customer'],
  ] as const) {
    people[key] = await person(server, role);
  }
  const db = server.ctx.db;
  main = await makeWarehouse(db, { kind: 'main', name: 'المستودع الرئيسي' });
  branch = await makeWarehouse(db, { kind: 'branch' });
  van = await makeWarehouse(db, { kind: 'van' });
  closed = await makeWarehouse(db, { kind: 'branch', active: false });
  itemA = await makeItem(db, { name: 'بطارية آيفون 13' });
  itemB = await makeItem(db, { name: 'Samsung screen' });
  retired = await makeItem(db, { name: 'Old part', active: false });
  const res = await call(people.admin, 'POST', '/api/suppliers', { name: 'مورد الاختبار الأول', phone: '+966 50 123 4567', vat_number: '300000000000003' });
  expect(res.statusCode, res.body).toBe(201);
  supplier = res.json();
});
afterAll(async () => {
  await server?.close();
});

describe('receiving goods', () => {
  it('raises the stock by exactly the quantities through receipt movements, sets the last cost, numbers GR-… in order and audits', async () => {
    const db = server.ctx.db;
    const before = await snapshot();
    const res = await receive(people.sup, validBody({ notes: '  وصلت الكرتونة سليمة  ' }));
    expect(res.statusCode, res.body).toBe(201);
    const gr: TGoodsReceipt = res.json();
    expect(gr.number).toMatch(/^GR-\d{6}$/);
    expect(gr.warehouse.id).toBe(main.id);
    expect(gr.supplier).toMatchObject({ id: supplier.id, name: 'مورد الاختبار الأول', vat_number: '300000000000003' });
    expect(gr.notes).toBe('وصلت الكرتونة سليمة');
    expect(gr.lines.map((l) => [l.line_no, l.item_id, l.quantity, l.unit_cost, l.total])).toEqual([
      [1, itemA.id, '2.500', '10.25', '25.63'],
      [2, itemB.id, '3.000', '0.00', '0.00'],
    ]);
    expect(gr.total).toBe('25.63');
    expect(gr.line_count).toBe(2);
    expect(gr.allowed_actions).toEqual(['print']);
    expect(gr.received_on).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(gr.created_by?.id).toBe(people.sup.id);

    expect(Number(await levelOf(db, itemA.id, main.id)) - Number(before.a ?? 0)).toBeCloseTo(2.5, 6);
    expect(Number(await levelOf(db, itemB.id, main.id)) - Number(before.b ?? 0)).toBe(3);
    const moves = await db.select().from(stockMovements).where(eq(stockMovements.documentId, gr.id));
    expect(moves.map((m) => [m.kind, m.documentType, m.documentNumber, m.warehouseId, m.quantity]).sort()).toEqual(
      [
        ['receipt', 'goods_receipt', gr.number, main.id, '2.500'],
        ['receipt', 'goods_receipt', gr.number, main.id, '3.000'],
      ].sort(),
    );
    expect(await checkInvariant(db)).toEqual({ ok: true, mismatches: [], negatives: [] });

    const costs = await db.select({ id: inventoryItems.id, c: inventoryItems.lastCost }).from(inventoryItems).where(eq(inventoryItems.id, itemA.id));
    expect(costs[0]!.c).toBe('10.25');
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'goods_receipt.created'), eq(auditLog.entityId, gr.id)));
    expect(audit).toMatchObject({ actorId: people.sup.id, entity: 'goods_receipt' });
    expect((audit!.after as { number: string }).number).toBe(gr.number);

    // The next one takes the next number; its cost becomes the last cost.
    const next = await receive(people.admin, validBody({ warehouse_id: branch.id, lines: [{ item_id: itemA.id, quantity: '1', unit_cost: '11.40' }] }));
    expect(next.statusCode, next.body).toBe(201);
    const seq = (n: string) => Number(n.slice(3));
    expect(seq(next.json().number)).toBe(seq(gr.number) + 1);
    const [after] = await db.select({ c: inventoryItems.lastCost }).from(inventoryItems).where(eq(inventoryItems.id, itemA.id));
    expect(after!.c).toBe('11.40');
    expect(await levelOf(db, itemA.id, branch.id)).toBe('1.000');

    // A receipt entered late for an earlier day does not overwrite the newer cost.
    const late = await receive(people.admin, validBody({ received_on: '2020-01-15', lines: [{ item_id: itemA.id, quantity: '1', unit_cost: '5.00' }] }));
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json().received_on).toBe('2020-01-15');
    const [kept] = await db.select({ c: inventoryItems.lastCost }).from(inventoryItems).where(eq(inventoryItems.id, itemA.id));
    expect(kept!.c).toBe('11.40');

    const read = await call(people.sup, 'GET', `/api/goods-receipts/${gr.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(gr);
  });

  const refusals: [string, () => Record<string, unknown>, number, string][] = [
    ['into a van', () => validBody({ warehouse_id: van.id }), 400, 'warehouse_id'],
    ['into an unknown warehouse', () => validBody({ warehouse_id: '00000000-0000-4000-8000-000000000000' }), 400, 'warehouse_id'],
    ['with a zero quantity', () => validBody({ lines: [{ item_id: itemA.id, quantity: '0', unit_cost: '1' }] }), 400, 'lines.0.quantity'],
    ['with a negative quantity', () => validBody({ lines: [{ item_id: itemA.id, quantity: '-1', unit_cost: '1' }] }), 400, 'lines.0.quantity'],
    ['with four decimal places', () => validBody({ lines: [{ item_id: itemA.id, quantity: '1.0001', unit_cost: '1' }] }), 400, 'lines.0.quantity'],
    ['with a negative cost', () => validBody({ lines: [{ item_id: itemA.id, quantity: '1', unit_cost: '-0.01' }] }), 400, 'lines.0.unit_cost'],
    ['with three-place money', () => validBody({ lines: [{ item_id: itemA.id, quantity: '1', unit_cost: '1.005' }] }), 400, 'lines.0.unit_cost'],
    ['with the same item twice', () => validBody({ lines: [{ item_id: itemA.id, quantity: '1', unit_cost: '1' }, { item_id: itemA.id, quantity: '2', unit_cost: '1' }] }), 400, 'lines.1.item_id'],
    ['with an unknown item', () => validBody({ lines: [{ item_id: itemA.id, quantity: '1', unit_cost: '1' }, { item_id: '00000000-0000-4000-8000-000000000001', quantity: '1', unit_cost: '1' }] }), 400, 'lines.1.item_id'],
    ['with no lines', () => validBody({ lines: [] }), 400, 'lines'],
    ['with 101 lines', () => validBody({ lines: Array.from({ length: 101 }, () => ({ item_id: itemA.id, quantity: '1', unit_cost: '1' })) }), 400, 'lines'],
    ['from an unknown supplier', () => validBody({ supplier_id: '00000000-0000-4000-8000-000000000002' }), 400, 'supplier_id'],
    ['on a day still to come', () => validBody({ received_on: '2999-01-01' }), 400, 'received_on'],
    ['with a NUL in the reference', () => validBody({ reference: 'INV\u0000-1' }), 400, 'reference'],
    ['with a reference too long', () => validBody({ reference: 'x'.repeat(101) }), 400, 'reference'],
    ['with a lone surrogate in the notes', () => validBody({ notes: 'bad \uD800 text' }), 400, 'notes'],
    ['with an object for a quantity', () => validBody({ lines: [{ item_id: itemA.id, quantity: { $gt: 0 }, unit_cost: '1' }] }), 400, 'lines.0.quantity'],
    ['with 1e3 as a cost', () => validBody({ lines: [{ item_id: itemA.id, quantity: '1', unit_cost: '1e3' }] }), 400, 'lines.0.unit_cost'],
    ['of a deactivated item', () => validBody({ lines: [{ item_id: retired.id, quantity: '1', unit_cost: '1' }] }), 409, 'item_inactive'],
    ['into a deactivated warehouse', () => validBody({ warehouse_id: closed.id }), 409, 'warehouse_inactive'],
  ];

  it.each(refusals)('refuses goods %s and changes nothing', async (_name, body, status, field) => {
    const before = await snapshot();
    const res = await receive(people.admin, body());
    expect(res.statusCode, res.body).toBe(status);
    const error = res.json().error;
    if (status === 400) expect(Object.keys(error.fields ?? {}).map((k) => k.replace(/^body\./, ''))).toContain(field);
    else expect(error.code).toBe(field);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a van with a reason that says so', async () => {
    const res = await receive(people.admin, validBody({ warehouse_id: van.id }));
    expect(res.json().error.message).toMatch(/main or branch/);
  });

  it('refuses a deactivated supplier on its field', async () => {
    const created = await call(people.admin, 'POST', '/api/suppliers', { name: 'Closed Supplier LLC', active: false });
    expect(created.statusCode).toBe(201);
    const before = await snapshot();
    const res = await receive(people.admin, validBody({ supplier_id: created.json().id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('supplier_id', 'invalid');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses technicians and customers: 403 to receive, to read or to list, and to see suppliers', async () => {
    const [gr] = await server.ctx.db.select({ id: goodsReceipts.id }).from(goodsReceipts).limit(1);
    for (const who of [people.tech, people.customer]) {
      const before = await snapshot();
      expect((await receive(who, validBody())).statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);
      expect((await call(who, 'GET', '/api/goods-receipts')).statusCode).toBe(403);
      expect((await call(who, 'GET', `/api/goods-receipts/${gr!.id}`)).statusCode).toBe(403);
      expect((await call(who, 'GET', '/api/suppliers')).statusCode).toBe(403);
      expect((await call(who, 'POST', '/api/suppliers', { name: 'Sneaky' })).statusCode).toBe(403);
      expect((await call(who, 'PATCH', `/api/suppliers/${supplier.id}`, { name: 'Sneaky' })).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', '/api/goods-receipts')).statusCode).toBe(401);
  });

  it('answers 404 for a receipt that does not exist and 400 for a malformed id', async () => {
    expect((await call(people.admin, 'GET', '/api/goods-receipts/00000000-0000-4000-8000-000000000009')).statusCode).toBe(404);
    expect((await call(people.admin, 'GET', '/api/goods-receipts/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('the goods receipts list', () => {
  let other: TSupplier;
  const made: TGoodsReceipt[] = [];

  beforeAll(async () => {
    other = (await call(people.admin, 'POST', '/api/suppliers', { name: 'Gulf Parts Trading' })).json();
    const plan = [
      { warehouse_id: branch.id, supplier_id: other.id, reference: 'GP/100%_A', received_on: '2021-03-01' },
      { warehouse_id: branch.id, supplier_id: other.id, reference: 'GP-101', received_on: '2021-03-02' },
      { warehouse_id: main.id, supplier_id: other.id, reference: null, received_on: '2021-03-03' },
    ];
    for (const p of plan) {
      const res = await receive(people.sup, { ...p, lines: [{ item_id: itemB.id, quantity: '2', unit_cost: '7.50' }, { item_id: itemA.id, quantity: '0.333', unit_cost: '3' }] });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json());
    }
  });

  const list = async (query: string): Promise<TGoodsReceiptList> => {
    const res = await call(people.sup, 'GET', `/api/goods-receipts?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('filters by supplier, warehouse and company-zone days, with totals computed in SQL', async () => {
    const bySupplier = await list(`supplier_id=${other.id}`);
    expect(bySupplier.total).toBe(3);
    expect(bySupplier.items.every((r) => r.total === '16.00' && r.line_count === 2)).toBe(true);
    const byWarehouse = await list(`supplier_id=${other.id}&warehouse_id=${branch.id}`);
    expect(byWarehouse.items.map((r) => r.reference).sort()).toEqual(['GP-101', 'GP/100%_A']);
    const days = await list(`supplier_id=${other.id}&date_from=2021-03-02&date_to=2021-03-03`);
    expect(days.items.map((r) => r.received_on).sort()).toEqual(['2021-03-02', '2021-03-03']);
    const oneDay = await list('date_from=2021-03-01&date_to=2021-03-01');
    expect(oneDay.items.map((r) => r.number)).toEqual([made[0]!.number]);
  });

  it('searches the number, the reference (pattern characters literal) and the supplier name', async () => {
    expect((await list(`q=${encodeURIComponent(made[1]!.number)}`)).items.map((r) => r.id)).toEqual([made[1]!.id]);
    expect((await list(`q=${encodeURIComponent('100%_')}`)).items.map((r) => r.id)).toEqual([made[0]!.id]);
    expect((await list('q=%25')).items.map((r) => r.id)).toEqual([made[0]!.id]);
    expect((await list('q=gulf%20parts')).total).toBe(3);
  });

  it('sorts by number and day received and pages by keyset without gaps or repeats', async () => {
    const all = await list('limit=100&sort=number&order=asc');
    const numbers = all.items.map((r) => r.number);
    expect(numbers).toEqual([...numbers].sort());
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: TGoodsReceiptList = await list(`limit=2&sort=number&order=asc${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.total).toBe(all.total);
      walked.push(...page.items.map((r) => r.number));
      cursor = page.next_cursor;
    } while (cursor);
    expect(walked).toEqual(numbers);

    const byDay = await list(`supplier_id=${other.id}&sort=received_on&order=desc`);
    expect(byDay.items.map((r) => r.received_on)).toEqual(['2021-03-03', '2021-03-02', '2021-03-01']);
    const created: string[] = [];
    cursor = null;
    do {
      const page: TGoodsReceiptList = await list(`limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      created.push(...page.items.map((r) => r.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(new Set(created).size).toBe(all.total);
    expect(created.length).toBe(all.total);
  });

  it('refuses bad filters and cursors with 400', async () => {
    for (const q of ['date_from=2021-02-30', 'warehouse_id=nope', 'sort=total', 'cursor=garbage', 'limit=0', 'date_to=0000-01-01']) {
      expect((await call(people.sup, 'GET', `/api/goods-receipts?${q}`)).statusCode, q).toBe(400);
    }
  });
});

describe('suppliers', () => {
  it('creates, lists, edits and deactivates, with a name unique ignoring case', async () => {
    const created = await call(people.sup, 'POST', '/api/suppliers', { name: '  Riyadh Spares Est.  ', phone: '0551234567', vat_number: '311111111111113' });
    expect(created.statusCode, created.body).toBe(201);
    const s: TSupplier = created.json();
    expect(s).toMatchObject({ name: 'Riyadh Spares Est.', phone: '0551234567', vat_number: '311111111111113', active: true, receipt_count: 0 });

    const dup = await call(people.admin, 'POST', '/api/suppliers', { name: 'RIYADH SPARES EST.' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toEqual({ name: 'duplicate' });

    const renameClash = await call(people.admin, 'PATCH', `/api/suppliers/${s.id}`, { name: 'gulf parts trading' });
    expect(renameClash.statusCode).toBe(409);
    expect(renameClash.json().error.fields).toEqual({ name: 'duplicate' });

    const edited = await call(people.admin, 'PATCH', `/api/suppliers/${s.id}`, { phone: '', vat_number: null, name: 'Riyadh Spares Establishment' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Riyadh Spares Establishment', phone: null, vat_number: null });

    const off = await call(people.admin, 'PATCH', `/api/suppliers/${s.id}`, { active: false });
    expect(off.json().active).toBe(false);
    const actions = await server.ctx.db.select({ a: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, s.id));
    expect(actions.map((a) => a.a).sort()).toEqual(['supplier.created', 'supplier.deactivated', 'supplier.updated']);

    const active = (await call(people.sup, 'GET', '/api/suppliers?active=true&limit=100')).json();
    expect(active.items.some((x: TSupplier) => x.id === s.id)).toBe(false);
    const found = (await call(people.sup, 'GET', '/api/suppliers?q=establishment')).json();
    expect(found.items.map((x: TSupplier) => x.id)).toEqual([s.id]);
    const byVat = (await call(people.sup, 'GET', '/api/suppliers?q=300000000000003')).json();
    expect(byVat.items.map((x: TSupplier) => x.id)).toEqual([supplier.id]);
    expect(byVat.items[0].receipt_count).toBeGreaterThan(0);
  });

  it('refuses bad fields with 400 naming them', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'A', vat_number: '123456789012345' }, 'vat_number'],
      [{ name: 'A', vat_number: '30000000000003' }, 'vat_number'],
      [{ name: 'A', phone: 'call me' }, 'phone'],
      [{ name: 'A\u0000B' }, 'name'],
    ];
    const [before] = await server.ctx.db.select({ n: count() }).from(suppliers);
    for (const [body, field] of cases) {
      const res = await call(people.admin, 'POST', '/api/suppliers', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields).map((k) => k.replace(/^body\./, ''))).toContain(field);
    }
    expect((await call(people.admin, 'PATCH', `/api/suppliers/${supplier.id}`, {})).statusCode).toBe(400);
    expect((await call(people.admin, 'PATCH', '/api/suppliers/00000000-0000-4000-8000-000000000003', { name: 'Nobody' })).statusCode).toBe(404);
    const [after] = await server.ctx.db.select({ n: count() }).from(suppliers);
    expect(after!.n).toBe(before!.n);
  });

  it('pages suppliers by name with a keyset cursor', async () => {
    const all = (await call(people.admin, 'GET', '/api/suppliers?limit=100')).json();
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(people.admin, 'GET', `/api/suppliers?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      const page = res.json();
      walked.push(...page.items.map((x: TSupplier) => x.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(walked).toEqual(all.items.map((x: TSupplier) => x.id));
  });
});

describe('demo goods receipts', () => {
  it('are seeded through the ledger, into main and branch warehouses, from Saudi suppliers', async () => {
    const db = server.ctx.db;
    const rows = rowsOf<{ kind: string; n: number }>(
      await db.execute(sql`
        select w.kind::text as kind, count(*)::int as n from goods_receipts r join warehouses w on w.id = r.warehouse_id
        join users u on u.id = r.created_by where u.email like '%@demo.test' group by w.kind`),
    );
    expect(rows.map((r) => r.kind).sort()).toEqual(['branch', 'main']);
    const vats = rowsOf<{ vat_number: string }>(await db.execute(sql`select vat_number from suppliers where vat_number is not null`));
    expect(vats.length).toBeGreaterThanOrEqual(3);
    for (const v of vats) expect(v.vat_number).toMatch(/^3\d{13}3$/);
    const unmoved = rowsOf<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from goods_receipt_lines l join goods_receipts r on r.id = l.receipt_id
        where not exists (select 1 from stock_movements m where m.document_id = r.id and m.item_id = l.item_id
          and m.kind = 'receipt' and m.document_type = 'goods_receipt' and m.quantity = l.quantity)`),
    );
    expect(unmoved[0]!.n).toBe(0);
    expect(await checkInvariant(db)).toEqual({ ok: true, mismatches: [], negatives: [] });
  });
});
