import { Readable } from 'node:stream';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { DATA_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_REPORTED_ERRORS, IMPORT_MAX_ROWS, type DataSet, type TImportJob, type TImportReport, type TSession } from '@portal/shared';
import { adjustments, auditLog, customers, dataImports, inventoryItems, stockLevels, stockMovements, users } from '../../db/schema.js';
import { csvCell } from '../../lib/csv.js';
import { createUser, realtimeUrl, sessionFor, startTestServer, type TestServer } from '../../../test/harness.js';
import { TestSocket } from '../../../test/ws-client.js';
import { makeItem, makeWarehouse, receive } from '../inventory/factories.js';
import { checkInvariant } from '../inventory/index.js';
import { rowsOf } from '../../db/rows.js';
import { readCell } from './import/parse.js';

let server: TestServer;
/** The demo admin: Arabic. */
let adminAr: TSession;
/** An admin who reads English. */
let admin: string;
let adminId: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  adminAr = await server.signIn('admin@demo.test');
  const en = await createUser(server, { role: 'admin', name: 'English Admin' });
  await server.ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, en.user.id));
  admin = (await sessionFor(server, en.user.id)).access_token;
  adminId = en.user.id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
});

const tag = () => randomBytes(3).toString('hex');
/** A CSV file as a spreadsheet would write it (quoted where needed), or raw cells with `raw`. */
const quote = (cell: string) => (/[",;\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
const csv = (rows: string[][], delimiter = ',') => `${rows.map((r) => r.map(quote).join(delimiter)).join('\r\n')}\r\n`;

function importCsv(set: DataSet, body: string | Buffer | Readable, opts: { real?: boolean; token?: string; headers?: Record<string, string> } = {}) {
  return server.call('POST', `/api/admin/data/${set}/import${opts.real ? '?dry_run=false' : ''}`, {
    token: opts.token ?? admin,
    body,
    headers: { 'content-type': 'text/csv', ...opts.headers },
  });
}
const reportOf = (res: { json(): unknown }) => res.json() as TImportReport;
const errorsOf = (res: { json(): unknown }) => reportOf(res).errors.map((e) => [e.row, e.column, e.code]);
const counts = (r: TImportReport) => ({ rows: r.rows, created: r.created, updated: r.updated, unchanged: r.unchanged, error_count: r.error_count });

/** Everything an import could change, as one value: equal before and after means nothing was written. */
async function snapshot() {
  const [row] = rowsOf<Record<string, string>>(
    await server.ctx.db.execute(sql`select
      (select md5(coalesce(string_agg(concat_ws('|', id, email, name, mobile, role, password_hash), ',' order by id), '')) from users) as users,
      (select md5(coalesce(string_agg(concat_ws('|', user_id, name, email, mobile_number, default_address), ',' order by user_id), '')) from customers) as customers,
      (select md5(coalesce(string_agg(concat_ws('|', id, code, name, description, category, unit, price, tax_rate, min_quantity, active), ',' order by id), '')) from inventory_items) as items,
      (select md5(coalesce(string_agg(concat_ws('|', item_id, warehouse_id, quantity), ',' order by item_id, warehouse_id), '')) from stock_levels) as levels,
      (select count(*)::text from stock_movements) as movements,
      (select count(*)::text from adjustments) as adjustments`),
  );
  return row!;
}

const latestJob = async (token = admin): Promise<TImportJob> =>
  (await server.call('GET', '/api/admin/data/imports', { token })).json().items[0];

async function lastAudit(action: string) {
  const [row] = await server.ctx.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.createdAt)).limit(1);
  return row!;
}

describe('a dry run', () => {
  it('reports every bad row by row and column, and writes nothing', async () => {
    const item = await makeItem(server.ctx.db);
    const other = await makeWarehouse(server.ctx.db);
    const before = await snapshot();
    const customersRes = await importCsv(
      'customers',
      csv([
        ['email', 'name', 'mobile', 'address'],
        ['', 'No Email', '+966500000001', ''],
        ['bad-mobile@x.test', 'Bad Mobile', '12ab', ''],
        ['formula@x.test', '=HYPERLINK("http://x")', '+966500000002', ''],
        ['dup@x.test', 'First', '', ''],
        ['DUP@x.test', 'Second', '', ''],
        ['admin@demo.test', 'Not A Customer', '', ''],
        ['fine@x.test', 'Fine', '+966500000003', 'Riyadh'],
      ]),
    );
    expect(customersRes.statusCode).toBe(200);
    expect(errorsOf(customersRes)).toEqual([
      [2, 'email', 'required'],
      [3, 'mobile', 'invalid_mobile'],
      [4, 'name', 'formula'],
      [6, 'email', 'duplicate'],
      [7, 'email', 'conflict'],
    ]);
    const report = reportOf(customersRes);
    expect(counts(report)).toEqual({ rows: 7, created: 2, updated: 0, unchanged: 0, error_count: 5 });
    expect(report.dry_run).toBe(true);
    expect(report.errors[0]!.message).toBe('Required');
    expect(report.errors.find((e) => e.code === 'duplicate')!.message).toContain('row 5');
    expect(report.errors.find((e) => e.code === 'conflict')!.message).toMatch(/another kind of account/);

    const dupCode = `DUP-${tag()}`;
    const itemsRes = await importCsv(
      'items',
      csv([
        ['code', 'name', 'category', 'price', 'active', 'colour'],
        [`NEG-${tag()}`, 'Negative', 'Test', '-5', 'true', 'red'],
        [dupCode, 'First', 'Test', '1', 'true', ''],
        [dupCode.toLowerCase(), 'Second', 'Test', '2', 'true', ''],
        ['', 'No code', 'Test', '1', 'true', ''],
        [`FORM-${tag()}`, '@SUM(A1)', 'Test', '3', 'yes', ''],
        [`OK-${tag()}`, 'Fine', 'Test', '3.50', 'maybe', ''],
        [item.code.toLowerCase(), 'Existing, renamed', 'Test', '10', '1', ''],
      ]),
    );
    expect(itemsRes.statusCode).toBe(200);
    expect(errorsOf(itemsRes)).toEqual([
      [2, 'price', 'invalid'],
      [4, 'code', 'duplicate'],
      [5, 'code', 'required'],
      [6, 'name', 'formula'],
      [7, 'active', 'invalid'],
    ]);
    expect(reportOf(itemsRes).unknown_columns).toEqual(['colour']);
    expect(counts(reportOf(itemsRes))).toMatchObject({ rows: 7, created: 1, updated: 1 });
    expect(reportOf(itemsRes).errors[0]!.message).toMatch(/price.*≥ 0/);

    const stockRes = await importCsv(
      'stock',
      csv([
        ['item_code', 'warehouse_code', 'quantity'],
        [item.code, 'NO-SUCH-WH', '5'],
        ['NO-SUCH-ITEM', 'WH-MAIN', '5'],
        [item.code, 'WH-BR1', '-1'],
        [item.code, 'WH-MAIN', '7'],
        [item.code, 'wh-main', '8'],
        [item.code, other.code, '1.2345'],
      ]),
    );
    expect(errorsOf(stockRes)).toEqual([
      [2, 'warehouse_code', 'not_found'],
      [3, 'item_code', 'not_found'],
      [4, 'quantity', 'invalid'],
      [6, 'item_code', 'duplicate'],
      [7, 'quantity', 'invalid'],
    ]);
    expect(counts(reportOf(stockRes))).toMatchObject({ rows: 6, created: 1 });

    expect(await snapshot()).toEqual(before);
    const job = await latestJob();
    expect(job).toMatchObject({ data_set: 'stock', dry_run: true, status: 'done', phase: 'finished', rows_checked: 6, rows_written: 0, total_rows: 6 });
    expect(job.report).toEqual(reportOf(stockRes));
    expect((await lastAudit('data.imported')).after).toEqual({ data_set: 'stock', dry_run: true, rows: 6, created: 1, updated: 0, unchanged: 0, errors: 5 });
  });

  it('words its errors in Arabic for an admin who reads Arabic', async () => {
    const res = await importCsv(
      'customers',
      csv([
        ['email', 'name'],
        ['', 'بلا بريد'],
        ['a@x.test', 'أ'],
        ['a@x.test', 'ب'],
        ['supervisor@demo.test', 'مشرف'],
      ]),
      { token: adminAr.access_token },
    );
    const { errors } = reportOf(res);
    expect(errors.map((e) => e.message)).toEqual(['مطلوب', 'مكرر: ورد من قبل في الصف 3', 'هذا البريد لحساب من نوع آخر (ليس عميلاً)، ولن يُغيَّر']);
  });

  it('says what is wrong with the file as a whole', async () => {
    const empty = await importCsv('customers', '');
    expect(errorsOf(empty)).toEqual([[1, null, 'empty_file']]);
    const noName = await importCsv('customers', csv([['Email', 'Mobile'], ['x@x.test', '']]));
    expect(errorsOf(noName)).toEqual([[1, 'name', 'required']]);
    const cells = await importCsv('customers', 'email,name\r\nx@x.test,X,extra\r\n\r\n,,\r\ny@x.test,Y\r\n');
    // Blank rows are skipped but keep their numbers, as a spreadsheet shows them.
    expect(errorsOf(cells)).toEqual([[2, null, 'cell_count']]);
    expect(counts(reportOf(cells))).toMatchObject({ rows: 2, created: 1 });
    const broken = await importCsv('customers', 'email,name\r\nx@x.test,"unclosed\r\n');
    expect(errorsOf(broken)).toEqual([[2, null, 'malformed']]);
  });

  it('refuses a file of more than IMPORT_MAX_ROWS rows, and lists at most IMPORT_MAX_REPORTED_ERRORS errors', async () => {
    const res = await importCsv('customers', `email,name\r\n${',x\r\n'.repeat(IMPORT_MAX_ROWS + 1)}`);
    const report = reportOf(res);
    expect(report.rows).toBe(IMPORT_MAX_ROWS);
    // One `required` per row, and the row past the limit.
    expect(report.error_count).toBe(IMPORT_MAX_ROWS + 1);
    expect(report.errors).toHaveLength(IMPORT_MAX_REPORTED_ERRORS);
    expect(report.errors[0]).toMatchObject({ row: 2, column: 'email', code: 'required' });
    expect((await latestJob()).report!.error_count).toBe(IMPORT_MAX_ROWS + 1);
  });
});

describe('a real import', () => {
  it('with any bad row answers 422 with the report and writes nothing', async () => {
    const before = await snapshot();
    const res = await importCsv(
      'customers',
      csv([
        ['email', 'name', 'mobile'],
        [`good-${tag()}@x.test`, 'Good', '+966500000010'],
        [`bad-${tag()}@x.test`, 'Bad', 'not a number'],
      ]),
      { real: true },
    );
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual([[3, 'mobile', 'invalid_mobile']]);
    expect(reportOf(res).dry_run).toBe(false);
    expect(await snapshot()).toEqual(before);
    expect(await latestJob()).toMatchObject({ status: 'failed', error: expect.stringMatching(/nothing was written/), report: reportOf(res) });
  });

  it('creates, updates and leaves customers as reported; the same file again changes nothing', async () => {
    const same = await createUser(server, { name: 'Same Customer' });
    const changed = await createUser(server, { name: 'Old Name' });
    const fresh = `fresh-${tag()}@x.test`;
    const file = csv([
      ['email', 'name', 'mobile', 'address'],
      [same.email, 'Same Customer', '+966500009999', ''],
      [changed.email.toUpperCase(), 'New Name', '051 111 1111', 'King Fahd Rd, Riyadh'],
      [fresh, 'عميل جديد', '', 'جدة'],
    ]);
    const dry = await importCsv('customers', file);
    expect(counts(reportOf(dry))).toEqual({ rows: 3, created: 1, updated: 1, unchanged: 1, error_count: 0 });
    const res = await importCsv('customers', file, { real: true });
    expect(res.statusCode).toBe(200);
    expect(counts(reportOf(res))).toEqual({ rows: 3, created: 1, updated: 1, unchanged: 1, error_count: 0 });

    const [u] = await server.ctx.db.select().from(users).where(eq(users.id, changed.user.id));
    expect(u).toMatchObject({ name: 'New Name', mobile: '051 111 1111', role: 'customer' });
    expect(u!.passwordHash).toBe(changed.user.passwordHash);
    const [c] = await server.ctx.db.select().from(customers).where(eq(customers.userId, changed.user.id));
    expect(c).toMatchObject({ name: 'New Name', mobileNumber: '051 111 1111', defaultAddress: 'King Fahd Rd, Riyadh' });
    const [created] = await server.ctx.db.select().from(users).where(eq(users.email, fresh));
    expect(created).toMatchObject({ name: 'عميل جديد', role: 'customer', mobile: null, active: true });
    // A password nobody knows: the customer chooses one through "forgot password".
    expect(created!.passwordHash).toMatch(/^!unusable:/);
    const [profile] = await server.ctx.db.select().from(customers).where(eq(customers.userId, created!.id));
    expect(profile).toMatchObject({ email: fresh, defaultAddress: 'جدة' });
    expect((await lastAudit('data.imported')).after).toEqual({ data_set: 'customers', dry_run: false, rows: 3, created: 1, updated: 1, unchanged: 1, errors: 0 });
    expect(await latestJob()).toMatchObject({ status: 'done', rows_written: 3, rows_checked: 3 });

    const before = await snapshot();
    const again = await importCsv('customers', file, { real: true });
    expect(counts(reportOf(again))).toEqual({ rows: 3, created: 0, updated: 0, unchanged: 3, error_count: 0 });
    // A column the file lacks is left as it is.
    const namesOnly = await importCsv('customers', csv([['name', 'email'], ['New Name', changed.email]]), { real: true });
    expect(counts(reportOf(namesOnly))).toMatchObject({ unchanged: 1 });
    expect(await snapshot()).toEqual(before);
  });

  it('creates and updates items with exact decimals; the same file again changes nothing', async () => {
    const existing = await makeItem(server.ctx.db, { price: '12.50', taxRate: '15', minQuantity: '2', description: 'Kept' });
    const newCode = `NEW-${tag()}`;
    const file = csv([
      ['code', 'name', 'category', 'price', 'tax_rate', 'min_quantity', 'unit', 'active'],
      [existing.code, existing.name, existing.category, '12.5', '15.00', '2.000', 'pcs', 'true'],
      [newCode, 'صنف جديد', 'Parts', '0.1', '', '', '', ''],
    ]);
    const first = await importCsv('items', file, { real: true });
    expect(counts(reportOf(first))).toEqual({ rows: 2, created: 1, updated: 0, unchanged: 1, error_count: 0 });
    const [created] = await server.ctx.db.select().from(inventoryItems).where(eq(inventoryItems.code, newCode));
    // Empty cells take the API's defaults.
    expect(created).toMatchObject({ name: 'صنف جديد', price: '0.10', taxRate: '15.00', minQuantity: '0.000', unit: 'pcs', active: true, description: null });

    const update = csv([['code', 'name', 'category', 'price', 'active'], [existing.code.toLowerCase(), 'Renamed', 'Test', '99.99', 'no']]);
    expect(counts(reportOf(await importCsv('items', update, { real: true })))).toMatchObject({ updated: 1, unchanged: 0 });
    const [after] = await server.ctx.db.select().from(inventoryItems).where(eq(inventoryItems.id, existing.id));
    // The file's spelling of the code is taken; the description (no column) is kept.
    expect(after).toMatchObject({ code: existing.code.toLowerCase(), name: 'Renamed', price: '99.99', active: false, description: 'Kept', taxRate: '15.00' });

    const before = await snapshot();
    const again = await importCsv('items', update, { real: true });
    expect(counts(reportOf(again))).toEqual({ rows: 1, created: 0, updated: 0, unchanged: 1, error_count: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('records counted stock through the inventory ledger as adjustments with reason import', async () => {
    const db = server.ctx.db;
    const wh = await makeWarehouse(db);
    const [a, b, c, off] = [await makeItem(db), await makeItem(db), await makeItem(db), await makeItem(db, { active: false })];
    await receive(db, a!.id, wh.id, '10');
    const file = csv([
      ['quantity', 'warehouse_code', 'item_code'],
      ['4', wh.code, a!.code],
      ['2.5', wh.code.toLowerCase(), b!.code],
      ['0', wh.code, c!.code],
    ]);
    const res = await importCsv('stock', file, { real: true });
    expect(res.statusCode).toBe(200);
    expect(counts(reportOf(res))).toEqual({ rows: 3, created: 1, updated: 1, unchanged: 1, error_count: 0 });

    const levels = await db.select().from(stockLevels).where(eq(stockLevels.warehouseId, wh.id));
    expect(Object.fromEntries(levels.map((l) => [l.itemId, l.quantity]))).toEqual({ [a!.id]: '4.000', [b!.id]: '2.500' });
    const adj = await db.select().from(adjustments).where(eq(adjustments.warehouseId, wh.id));
    expect(adj.map((x) => [x.itemId, x.quantityChange, x.quantityBefore, x.quantityAfter, x.countedQuantity, x.reason, x.notes, x.createdBy]).sort()).toEqual(
      [
        [a!.id, '-6.000', '10.000', '4.000', '4.000', 'import', 'CSV import', adminId],
        [b!.id, '2.500', '0.000', '2.500', '2.500', 'import', 'CSV import', adminId],
      ].sort(),
    );
    expect(adj.every((x) => /^ADJ-\d{6}$/.test(x.number))).toBe(true);
    const movements = await db.select().from(stockMovements).where(and(eq(stockMovements.warehouseId, wh.id), eq(stockMovements.kind, 'adjustment')));
    expect(movements.map((m) => m.documentId).sort()).toEqual(adj.map((x) => x.id).sort());
    expect((await checkInvariant(db)).ok).toBe(true);

    const before = await snapshot();
    const again = await importCsv('stock', file, { real: true });
    expect(counts(reportOf(again))).toEqual({ rows: 3, created: 0, updated: 0, unchanged: 3, error_count: 0 });
    expect(await snapshot()).toEqual(before);

    // A deactivated item's stock cannot move: said in the check, before anything is written.
    const refused = await importCsv('stock', csv([['item_code', 'warehouse_code', 'quantity'], [off!.code, wh.code, '3']]), { real: true });
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)).toEqual([[2, 'item_code', 'inactive']]);
    expect((await checkInvariant(db)).ok).toBe(true);
  });
});

describe('export', () => {
  it('streams each set as UTF-8 CSV with a BOM, CRLF, defused formulas, and an import of it changes nothing', async () => {
    const db = server.ctx.db;
    const formulaName = '=2+3 عميل';
    const customer = await createUser(server, { name: formulaName });
    await db.update(users).set({ mobile: '+966 50 123 4567' }).where(eq(users.id, customer.user.id));
    await db.update(customers).set({ defaultAddress: 'حي الروضة، "المبنى 3"\nالدور 2' }).where(eq(customers.userId, customer.user.id));
    const item = await makeItem(db, { name: '-خصم 20%', description: '@note, with comma', minQuantity: '2.5', price: '1234567.89' });
    const wh = await makeWarehouse(db);
    await receive(db, item.id, wh.id, '3.125');

    for (const set of ['customers', 'items', 'stock'] as const) {
      const res = await server.call('GET', `/api/admin/data/${set}.csv`, { token: admin });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${set}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
      expect(res.body.startsWith(`\uFEFF${DATA_COLUMNS[set].join(',')}\r\n`)).toBe(true);
      expect(res.body.endsWith('\r\n')).toBe(true);
      const rows = res.body.split('\r\n').length - 2;
      expect((await lastAudit('data.exported')).after).toEqual({ data_set: set, rows });

      const before = await snapshot();
      const back = await importCsv(set, res.body, { real: true });
      expect(back.statusCode).toBe(200);
      expect(counts(reportOf(back))).toEqual({ rows, created: 0, updated: 0, unchanged: rows, error_count: 0 });
      expect(await snapshot()).toEqual(before);
    }
    const customersCsv = (await server.call('GET', '/api/admin/data/customers.csv', { token: admin })).body;
    expect(customersCsv).toContain(`${customer.email},'${formulaName},'+966 50 123 4567,"حي الروضة، ""المبنى 3""\nالدور 2"\r\n`);
    const itemsCsv = (await server.call('GET', '/api/admin/data/items.csv', { token: admin })).body;
    expect(itemsCsv).toContain(`${item.code},'-خصم 20%,"'@note, with comma",Test,pcs,1234567.89,15.00,2.500,true\r\n`);
    const stockCsv = (await server.call('GET', '/api/admin/data/stock.csv', { token: admin })).body;
    expect(stockCsv).toContain(`${item.code},${wh.code},3.125\r\n`);
  });

  it("takes back exactly what the CSV writer wrote: its own apostrophe off, a real number as it is", () => {
    for (const value of ['=SUM(A1)', '+966 50', '-x', '@home', '-5', '+966500000000', '12.50', "'quoted", 'plain', 'عربي']) {
      expect(readCell(csvCell(value).replace(/^"|"$/g, '').replace(/""/g, '"'))).toEqual({ value });
    }
    expect(readCell('=1+1')).toEqual({ code: 'formula' });
    expect(readCell(' @x ')).toEqual({ code: 'formula' });
    expect(readCell('-1e5')).toEqual({ code: 'formula' });
    expect(readCell('+cmd|calc')).toEqual({ code: 'formula' });
    // A phone number as people write it starts with + but can run nothing: taken as it is.
    expect(readCell('+966 55 123 4567')).toEqual({ value: '+966 55 123 4567' });
    expect(readCell('-(12) 3.5/7')).toEqual({ value: '-(12) 3.5/7' });
    expect(readCell('a\u0000b')).toEqual({ code: 'invalid' });
  });
});

describe('file formats and uploads', () => {
  it('reads a semicolon-delimited file, with or without a BOM', async () => {
    const one = `s1-${tag()}@x.test`;
    const two = `s2-${tag()}@x.test`;
    const semicolons = `\uFEFF${csv([['email', 'name', 'address'], [one, 'Semi Colon', 'Olaya St, Riyadh']], ';')}`;
    expect(semicolons).toContain('"Olaya St, Riyadh"');
    const res = await importCsv('customers', semicolons.replace('"Olaya St, Riyadh"', 'Olaya St, Riyadh'), { real: true });
    expect(counts(reportOf(res))).toEqual({ rows: 1, created: 1, updated: 0, unchanged: 0, error_count: 0 });
    const [c] = await server.ctx.db.select().from(customers).where(eq(customers.email, one));
    expect(c!.defaultAddress).toBe('Olaya St, Riyadh');
    const noBom = await importCsv('customers', csv([['email', 'name'], [two, 'No Bom']], ';'), { real: true });
    expect(counts(reportOf(noBom))).toMatchObject({ created: 1, error_count: 0 });
    const withBomCommas = await importCsv('customers', `\uFEFF${csv([['email', 'name'], [two, 'No Bom']])}`);
    expect(counts(reportOf(withBomCommas))).toMatchObject({ unchanged: 1, error_count: 0 });
  });

  it('takes the file as a multipart upload (field `file`) and keeps its name', async () => {
    const boundary = `----portal${tag()}`;
    const code = `MP-${tag()}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="items.csv"\r\ncontent-type: text/csv\r\n\r\n`),
      Buffer.from(csv([['code', 'name', 'category', 'price'], [code, 'Multipart', 'Test', '5']])),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await importCsv('items', body, { real: true, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.statusCode).toBe(200);
    expect(counts(reportOf(res))).toMatchObject({ created: 1 });
    expect(await latestJob()).toMatchObject({ file_name: 'items.csv', data_set: 'items', status: 'done' });
    const wrongField = Buffer.from(body.toString().replace('name="file"', 'name="upload"'));
    expect((await importCsv('items', wrongField, { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } })).statusCode).toBe(400);
  });

  it('refuses a file over the size limit with 413, however it is sent', async () => {
    const big = await importCsv('customers', Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a'));
    expect(big.statusCode).toBe(413);
    // Streamed without a length: cut off once past the limit.
    let sent = 0;
    const stream = new Readable({
      read() {
        const chunk = Buffer.alloc(1024 * 1024, 'a');
        sent += chunk.length;
        this.push(sent > IMPORT_MAX_BYTES + chunk.length ? null : chunk);
      },
    });
    const streamed = await importCsv('customers', stream);
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().error.code).toBe('file_too_large');
  });

  it('answers 400 for bad input and 403 to anyone but an admin', async () => {
    const badQuery = await server.call('POST', '/api/admin/data/items/import?dry_run=maybe', { token: admin, body: 'code\r\n', headers: { 'content-type': 'text/csv' } });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().error.fields).toEqual({ dry_run: 'invalid' });
    const noFile = await server.call('POST', '/api/admin/data/items/import', { token: admin });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.fields).toEqual({ file: 'required' });
    expect((await server.call('GET', '/api/admin/data/imports/nope', { token: admin })).statusCode).toBe(400);
    expect((await server.call('GET', `/api/admin/data/imports/${randomUUID()}`, { token: admin })).statusCode).toBe(404);

    for (const email of ['supervisor@demo.test', 'tech1@demo.test', 'customer1@demo.test']) {
      const token = (await server.signIn(email)).access_token;
      expect((await server.call('GET', '/api/admin/data/customers.csv', { token })).statusCode).toBe(403);
      expect((await importCsv('items', 'code,name,category,price\r\n', { token })).statusCode).toBe(403);
      expect((await server.call('GET', '/api/admin/data/imports', { token })).statusCode).toBe(403);
    }
    expect((await server.call('GET', '/api/admin/data/stock.csv')).statusCode).toBe(401);
  });
});

describe('import jobs', () => {
  it('with `Prefer: respond-async` answers 202 at once and the job runs to its end', async () => {
    const file = csv([['email', 'name'], ...Array.from({ length: 2000 }, (_, i) => [`async${i}-${tag()}@x.test`, `Async ${i}`])]);
    const res = await importCsv('customers', file, { real: true, headers: { prefer: 'respond-async' } });
    expect(res.statusCode).toBe(202);
    const job = res.json() as TImportJob;
    expect(job).toMatchObject({ status: 'running', data_set: 'customers', dry_run: false, report: null, created_by: { id: adminId, name: 'English Admin' } });
    expect(res.headers.location).toBe(`/api/admin/data/imports/${job.id}`);
    let polled: TImportJob = job;
    for (let i = 0; i < 300 && polled.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      polled = (await server.call('GET', res.headers.location as string, { token: admin })).json();
    }
    expect(polled).toMatchObject({ status: 'done', phase: 'finished', total_rows: 2000, rows_checked: 2000, rows_written: 2000, error: null });
    expect(counts(polled.report!)).toEqual({ rows: 2000, created: 2000, updated: 0, unchanged: 0, error_count: 0 });
    expect(polled.finished_at).not.toBeNull();
  });

  it('reports a running import whose instance stopped moving it as failed', async () => {
    const [row] = await server.ctx.db
      .insert(dataImports)
      .values({ dataSet: 'items', dryRun: false, createdBy: adminId, updatedAt: new Date(Date.now() - 3 * 60_000) })
      .returning();
    const job = (await server.call('GET', `/api/admin/data/imports/${row!.id}`, { token: admin })).json();
    expect(job).toMatchObject({ status: 'failed', error: expect.stringMatching(/stopped/) });
  });

  it('imports 50,000 items in one go, with progress on the row and on the admins’ socket', async () => {
    const socket = await TestSocket.open(await realtimeUrl(server));
    sockets.push(socket);
    await socket.signIn(admin, ['data']);
    const t = tag().toUpperCase();
    const lines = ['code,name,category,price,min_quantity'];
    for (let i = 0; i < 50_000; i++) lines.push(`BULK-${t}-${i},Bulk item ${i},Bulk,${i % 1000}.50,${i % 7}`);
    const started = Date.now();
    const res = await importCsv('items', `${lines.join('\r\n')}\r\n`, { real: true });
    const ms = Date.now() - started;
    expect(res.statusCode).toBe(200);
    expect(counts(reportOf(res))).toEqual({ rows: 50_000, created: 50_000, updated: 0, unchanged: 0, error_count: 0 });
    const job = await latestJob();
    expect(job).toMatchObject({ status: 'done', rows_checked: 50_000, rows_written: 50_000, total_rows: 50_000 });
    const finished = await socket.waitFor((f) => f.type === 'event' && f.event === 'data.progress' && (f.payload as { phase?: string }).phase === 'finished');
    expect(finished).toMatchObject({ payload: { operation: 'import', id: job.id, done: 50_000, total: 50_000 } });
    // At least one while it ran, not only the last.
    expect(socket.events('data.progress').filter((f) => (f as { payload?: { phase?: string } }).payload?.phase !== 'finished').length).toBeGreaterThan(0);
    const [{ n }] = rowsOf<{ n: number }>(await server.ctx.db.execute(sql`select count(*)::int as n from inventory_items where code like ${`BULK-${t}-%`}`)) as [{ n: number }];
    expect(n).toBe(50_000);
    console.info(`50,000 items imported in ${ms} ms`);
  }, 120_000);
});
