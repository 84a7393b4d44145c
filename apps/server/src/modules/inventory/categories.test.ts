import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { TImportReport, TItemCategory, TSession } from '@portal/shared';
import { auditLog, inventoryItems, itemCategories } from '../../db/schema.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { rowsOf } from '../../db/rows.js';
import { makeCategory, makeItem, makeWarehouse, receive } from './factories.js';

let server: TestServer;
let admin: TSession;
let supervisor: TSession;
let tech: TSession;
let customer: TSession;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin@demo.test');
  supervisor = await server.signIn('supervisor@demo.test');
  tech = await server.signIn('tech1@demo.test');
  customer = await server.signIn('customer1@demo.test');
});
afterAll(() => server.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, session: TSession, body?: unknown) =>
  server.call(method, url, { token: session.access_token, body });
const tag = () => randomBytes(3).toString('hex');
const categoryCount = async () => rowsOf<{ n: number }>(await server.ctx.db.execute(sql`select count(*)::int as n from item_categories`))[0]!.n;

const newItem = (over: Record<string, unknown> = {}) => ({
  code: `CAT-${tag().toUpperCase()}`,
  name: 'قطعة اختبار',
  category: 'screens',
  unit: 'pcs',
  price: '10.00',
  ...over,
});

describe('item categories API', () => {
  it('lists the demo categories with both names and their item counts, sorted by the name in the asked language', async () => {
    const en = await call('GET', '/api/item-categories?lang=en', tech);
    expect(en.statusCode).toBe(200);
    const items = en.json().items as TItemCategory[];
    expect(items.find((c) => c.code === 'screens')).toMatchObject({ name_ar: 'شاشات', name_en: 'Screens' });
    expect(items.find((c) => c.code === 'screens')!.item_count).toBeGreaterThan(0);
    const names = items.map((c) => c.name_en.toLowerCase());
    expect(names).toEqual([...names].sort());
    const ar = (await call('GET', '/api/item-categories?lang=ar&q=بطار', supervisor)).json().items as TItemCategory[];
    expect(ar.map((c) => c.code)).toEqual(['batteries']);
  });

  it('lets an admin and a warehouse supervisor create and rename; others are refused', async () => {
    const t = tag();
    const created = await call('POST', '/api/item-categories', supervisor, { name_ar: `كاميرات ${t}`, name_en: `Cameras ${t}` });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ code: `cameras-${t}`, name_ar: `كاميرات ${t}`, name_en: `Cameras ${t}`, item_count: 0 });
    const [log] = await server.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, `cameras-${t}`));
    expect(log).toMatchObject({ action: 'item_category.created', entity: 'item_category' });

    const withCode = await call('POST', '/api/item-categories', admin, { code: `SPK-${t}`, name_ar: `سماعات ${t}`, name_en: `Speakers ${t}` });
    expect(withCode.statusCode).toBe(201);
    expect(withCode.json().code).toBe(`SPK-${t}`);

    const renamed = await call('PATCH', `/api/item-categories/SPK-${t}`, admin, { name_ar: `مكبرات صوت ${t}` });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ code: `SPK-${t}`, name_ar: `مكبرات صوت ${t}`, name_en: `Speakers ${t}` });

    const before = await categoryCount();
    for (const who of [tech, customer]) {
      expect((await call('POST', '/api/item-categories', who, { name_ar: `x ${t}`, name_en: `x ${t}` })).statusCode).toBe(403);
      expect((await call('PATCH', `/api/item-categories/SPK-${t}`, who, { name_en: 'Hacked' })).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/item-categories', customer)).statusCode).toBe(403);
    expect(await categoryCount()).toBe(before);
    const [row] = await server.ctx.db.select().from(itemCategories).where(eq(itemCategories.code, `SPK-${t}`));
    expect(row!.nameEn).toBe(`Speakers ${t}`);
  });

  it('requires both names (400 with the fields) and keeps each name unique regardless of case (409 on the name)', async () => {
    const before = await categoryCount();
    const missing = await call('POST', '/api/item-categories', admin, { name_ar: '  ', code: 'bad code' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ name_ar: 'required', name_en: 'required', code: 'invalid' });
    const dupEn = await call('POST', '/api/item-categories', admin, { name_ar: `جديد ${tag()}`, name_en: 'SCREENS' });
    expect(dupEn.statusCode).toBe(409);
    expect(dupEn.json().error.fields).toEqual({ name_en: 'duplicate' });
    const dupAr = await call('POST', '/api/item-categories', admin, { name_ar: 'بطاريات', name_en: `New ${tag()}` });
    expect(dupAr.statusCode).toBe(409);
    expect(dupAr.json().error.fields).toEqual({ name_ar: 'duplicate' });
    const dupCode = await call('POST', '/api/item-categories', admin, { code: 'screens', name_ar: `جديد ${tag()}`, name_en: `New ${tag()}` });
    expect(dupCode.statusCode).toBe(409);
    expect(dupCode.json().error.code).toBe('code_taken');
    expect(await categoryCount()).toBe(before);

    // Renaming to another category's name is refused; to its own name (another case) is not.
    expect((await call('PATCH', '/api/item-categories/network', admin, { name_en: 'screens' })).json().error.fields).toEqual({ name_en: 'duplicate' });
    const own = await call('PATCH', '/api/item-categories/storage', admin, { name_en: 'STORAGE & MEMORY' });
    expect(own.statusCode).toBe(200);
    await call('PATCH', '/api/item-categories/storage', admin, { name_en: 'Storage & Memory' });
    expect((await call('PATCH', '/api/item-categories/storage', admin, {})).statusCode).toBe(400);
    expect((await call('PATCH', '/api/item-categories/nope-nope', admin, { name_en: `x ${tag()}` })).statusCode).toBe(404);
  });
});

describe('items and their categories', () => {
  it('refuses an item whose category is not a known code (400 on category), on create and on edit, and writes nothing', async () => {
    const code = `CAT-${tag().toUpperCase()}`;
    const bad = await call('POST', '/api/items', supervisor, newItem({ code, category: 'Screens (typo)' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ category: 'invalid' });
    expect(await server.ctx.db.select().from(inventoryItems).where(eq(inventoryItems.code, code))).toHaveLength(0);
    const item = (await call('POST', '/api/items', supervisor, newItem({ code }))).json();
    const edit = await call('PATCH', `/api/items/${item.id}`, supervisor, { category: 'شاشات' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.fields).toEqual({ category: 'invalid' });
    expect((await call('PATCH', `/api/items/${item.id}`, supervisor, { category: 'batteries' })).json()).toMatchObject({
      category: 'batteries',
      category_name_ar: 'بطاريات',
      category_name_en: 'Batteries',
    });
  });

  it('refuses a unit outside the list (400 on unit) and defaults to pieces', async () => {
    const res = await call('POST', '/api/items', admin, newItem({ unit: 'bucket' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ unit: 'invalid' });
    const { unit: _u, ...noUnit } = newItem();
    const made = await call('POST', '/api/items', admin, noUnit);
    expect(made.statusCode).toBe(201);
    expect(made.json().unit).toBe('pcs');
    expect((await call('PATCH', `/api/items/${made.json().id}`, admin, { unit: 'قطعة' })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/items/${made.json().id}`, admin, { unit: 'kg' })).json().unit).toBe('kg');
  });

  it("carries the category's Arabic and English names on items, item detail, stock rows, and follows a rename", async () => {
    const t = tag();
    const code = await makeCategory(server.ctx.db, `T-NAMES-${t}`, { name_ar: `قسم ${t}`, name_en: `Section ${t}` });
    const item = await makeItem(server.ctx.db, { category: code });
    const wh = await makeWarehouse(server.ctx.db);
    await receive(server.ctx.db, item.id, wh.id, '3');
    const names = { category: code, category_name_ar: `قسم ${t}`, category_name_en: `Section ${t}` };
    const list = (await call('GET', `/api/items?category=${code}`, tech)).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject(names);
    expect((await call('GET', `/api/items/${item.id}`, tech)).json()).toMatchObject({ ...names, stock: [names] });
    const stock = (await call('GET', `/api/stock?item_id=${item.id}`, supervisor)).json();
    expect(stock.items[0]).toMatchObject(names);

    await call('PATCH', `/api/item-categories/${code}`, admin, { name_en: `Renamed ${t}` });
    expect((await call('GET', `/api/items/${item.id}`, tech)).json()).toMatchObject({ category: code, category_name_en: `Renamed ${t}` });
  });
});

describe('item import and categories', () => {
  const csv = (rows: string[][]) => `${rows.map((r) => r.join(',')).join('\r\n')}\r\n`;
  const importItems = (body: string, real: boolean) =>
    server.call('POST', `/api/admin/data/items/import${real ? '?dry_run=false' : ''}`, {
      token: admin.access_token,
      body,
      headers: { 'content-type': 'text/csv' },
    });

  it('takes a category by its code or either name, creates an unknown one (named by the text), and a unit by code or name', async () => {
    const t = tag().toUpperCase();
    const newCategory = `Drones-${t}`;
    const file = csv([
      ['code', 'name', 'category', 'unit', 'price'],
      [`IMP-${t}-1`, 'By Arabic name', 'بطاريات', 'قطعة', '5'],
      [`IMP-${t}-2`, 'By English name', 'screens', 'Pair', '5'],
      [`IMP-${t}-3`, 'By code', 'network', 'm', '5'],
      [`IMP-${t}-4`, 'New category', newCategory, 'kg', '5'],
      [`IMP-${t}-5`, 'Also new', newCategory, '', '5'],
    ]);
    const dry = await importItems(file, false);
    expect(dry.statusCode, dry.body).toBe(200);
    expect((dry.json() as TImportReport).created).toBe(5);
    expect(await server.ctx.db.select().from(itemCategories).where(eq(itemCategories.code, newCategory))).toHaveLength(0);

    const real = await importItems(file, true);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toMatchObject({ created: 5, error_count: 0 });
    const rows = await server.ctx.db
      .select({ code: inventoryItems.code, category: inventoryItems.category, unit: inventoryItems.unit })
      .from(inventoryItems)
      .where(sql`${inventoryItems.code} like ${`IMP-${t}-%`}`)
      .orderBy(inventoryItems.code);
    expect(rows.map((r) => [r.category, r.unit])).toEqual([
      ['batteries', 'pcs'],
      ['screens', 'pair'],
      ['network', 'm'],
      [newCategory, 'kg'],
      [newCategory, 'pcs'],
    ]);
    const [created] = await server.ctx.db.select().from(itemCategories).where(eq(itemCategories.code, newCategory));
    expect(created).toMatchObject({ nameAr: newCategory, nameEn: newCategory });
    const audited = await server.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, newCategory));
    expect(audited.map((a) => a.action)).toEqual(['item_category.created']);
  });

  it('reports a unit outside the list as that row\'s error on unit, and imports nothing', async () => {
    const t = tag().toUpperCase();
    const file = csv([
      ['code', 'name', 'category', 'unit', 'price'],
      [`IMPU-${t}-1`, 'Fine', 'screens', 'pcs', '5'],
      [`IMPU-${t}-2`, 'Bad unit', 'screens', 'bucket', '5'],
    ]);
    const res = await importItems(file, true);
    expect(res.statusCode).toBe(422);
    expect((res.json() as TImportReport).errors.map((e) => [e.row, e.column, e.code])).toEqual([[3, 'unit', 'invalid']]);
    expect(await server.ctx.db.select().from(inventoryItems).where(sql`${inventoryItems.code} like ${`IMPU-${t}-%`}`)).toHaveLength(0);
  });

  it('exports the category code and unit code, which import back unchanged', async () => {
    const exp = await server.call('GET', '/api/admin/data/items.csv', { token: admin.access_token });
    expect(exp.statusCode).toBe(200);
    const line = exp.body.split('\r\n').find((l) => l.startsWith('HNG-HP-250,'));
    expect(line).toContain(',laptop-parts,pair,');
  });
});
