import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TSession } from '@portal/shared';
import { auditLog } from '../src/db/schema.js';
import { makeItem, makeWarehouse, receive } from '../src/modules/inventory/factories.js';
import { createUser, sessionFor, startTestServer, type TestServer } from './harness.js';

/**
 * Issue #24: a date filter given as a plain day means that day in the company's time zone (the
 * `time_zone` setting); an instant with an offset stays as it is. Every record below is at
 * 2026-03-10T22:30:00Z — 01:30 on 11 March in Riyadh, 18:30 on 10 March in New York.
 */
const AT = '2026-03-10T22:30:00Z';
const tag = `tz${Date.now()}`;

let server: TestServer;
let admin: TSession;
let customer: TSession;
const ids = { request: '', adjustment: '', transfer: '', item: '', fromWarehouse: '', toWarehouse: '' };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin@demo.test');
  customer = await sessionFor(server, (await createUser(server, { role: 'customer' })).user.id);
  const db = server.ctx.db;
  const call = (session: TSession, method: 'POST', url: string, body: unknown) => server.call(method, url, { token: session.access_token, body });

  const req = await call(customer, 'POST', '/api/service-requests', {
    priority: 'medium',
    location: 'office',
    address: null,
    service_type: 'laptop',
    fault_type: 'screen',
    problem_description: 'Raised just after midnight in Riyadh',
    additional_notes: null,
    device: { brand: 'Dell', model: 'XPS 13', serial_number: null, warranty_status: 'unknown', warranty_number: null, warranty_expiry: null },
  });
  expect(req.statusCode, req.body).toBe(201);
  ids.request = req.json().id;
  await db.execute(sql`update service_requests set created_at = ${AT}::timestamptz where id = ${ids.request}::uuid`);

  await db.insert(auditLog).values({ actorId: admin.user.id, action: `${tag}.checked`, entity: 'test', entityId: tag, createdAt: new Date(AT) });

  const item = await makeItem(db);
  const from = await makeWarehouse(db);
  const to = await makeWarehouse(db);
  Object.assign(ids, { item: item.id, fromWarehouse: from.id, toWarehouse: to.id });
  await receive(db, item.id, from.id, '10');
  const adj = await call(admin, 'POST', '/api/adjustments', { warehouse_id: from.id, item_id: item.id, quantity_change: '-1', reason: 'damaged' });
  expect(adj.statusCode, adj.body).toBe(201);
  ids.adjustment = adj.json().id;
  await db.execute(sql`update adjustments set created_at = ${AT}::timestamptz where id = ${ids.adjustment}::uuid`);
  await db.execute(sql`update stock_movements set created_at = ${AT}::timestamptz where item_id = ${item.id}::uuid`);

  const tr = await call(admin, 'POST', '/api/transfers', { from_warehouse_id: from.id, to_warehouse_id: to.id, lines: [{ item_id: item.id, quantity: '2' }] });
  expect(tr.statusCode, tr.body).toBe(201);
  ids.transfer = tr.json().id;
  await db.execute(sql`update transfers set requested_at = ${AT}::timestamptz where id = ${ids.transfer}::uuid`);
});
afterAll(() => server.close());

const setZone = async (time_zone: string) => {
  const res = await server.call('PUT', '/api/admin/settings', { token: admin.access_token, body: { time_zone } });
  expect(res.statusCode, res.body).toBe(200);
};

const get = async (url: string) => {
  const res = await server.call('GET', url, { token: admin.access_token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const range = (from: string, to: string) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/** The ids each list finds for the range. */
async function found(from: string, to: string) {
  const r = range(from, to);
  const idList = (page: { items: { id: string }[] }) => page.items.map((x) => x.id);
  const report = await get(`/api/reports/inventory?warehouse_id=${encodeURIComponent(ids.fromWarehouse)}&${r}`);
  return {
    requests: idList(await get(`/api/service-requests?customer_id=${customer.user.id}&${r}`)),
    serviceReports: idList(await get(`/api/reports/service?customer_id=${customer.user.id}&${r}`)),
    audit: idList(await get(`/api/admin/audit?action=${tag}.checked&${r}`)),
    adjustments: idList(await get(`/api/adjustments?item_id=${ids.item}&${r}`)),
    movements: (await get(`/api/stock/movements?item_id=${ids.item}&${r}`)).items.length as number,
    transfers: idList(await get(`/api/transfers?item_id=${ids.item}&${r}`)),
    report: (report.movements as { count: number }[]).reduce((n, m) => n + m.count, 0),
    reportDays: (report.movements_by_day as { day: string }[]).map((d) => d.day),
  };
}

const all = () => ({
  requests: [ids.request],
  serviceReports: [ids.request],
  audit: expect.any(Array),
  adjustments: [ids.adjustment],
  movements: 2,
  transfers: [ids.transfer],
  report: 2,
  reportDays: expect.any(Array),
});
const none = { requests: [], serviceReports: [], audit: [], adjustments: [], movements: 0, transfers: [], report: 0, reportDays: [] };

describe('date filters: a plain day is a day in the company’s time zone', () => {
  it('in Riyadh, 22:30Z on 10 March falls on 11 March', async () => {
    await setZone('Asia/Riyadh');
    const on11 = await found('2026-03-11', '2026-03-11');
    expect(on11).toEqual(all());
    expect(on11.audit).toHaveLength(1);
    expect(on11.reportDays).toEqual(['2026-03-11']);
    expect(await found('2026-03-10', '2026-03-10')).toEqual(none);
    // The day before as `to`, the day after as `from`: outside either way.
    expect(await found('2026-03-01', '2026-03-10')).toEqual(none);
    expect(await found('2026-03-12', '2026-03-31')).toEqual(none);
  });

  it('reads the zone from the settings: in New York the same instant is on 10 March', async () => {
    await setZone('America/New_York');
    try {
      const on10 = await found('2026-03-10', '2026-03-10');
      expect(on10).toEqual(all());
      expect(on10.reportDays).toEqual(['2026-03-10']);
      expect(await found('2026-03-11', '2026-03-11')).toEqual(none);
    } finally {
      await setZone('Asia/Riyadh');
    }
  });

  it('takes an instant with an offset as it is', async () => {
    await setZone('Asia/Riyadh');
    expect(await found('2026-03-11T01:30:00+03:00', '2026-03-11T01:30:00+03:00')).toEqual(all());
    expect(await found('2026-03-10T22:00:00Z', '2026-03-10T23:00:00Z')).toEqual(all());
    expect(await found('2026-03-11T01:30:00.001+03:00', '2026-03-11T02:00:00+03:00')).toEqual(none);
    expect(await found('2026-03-10T00:00:00Z', '2026-03-10T22:29:59.999Z')).toEqual(none);
    // A day and an instant together.
    expect(await found('2026-03-11', '2026-03-10T22:30:00Z')).toEqual(all());
  });

  it('reports the bounds of the inventory report as the company’s days', async () => {
    await setZone('Asia/Riyadh');
    const report = await get(`/api/reports/inventory?warehouse_id=${ids.fromWarehouse}&${range('2026-03-11', '2026-03-11')}`);
    expect(report.from).toBe('2026-03-10T21:00:00.000Z');
    expect(report.to).toBe('2026-03-11T20:59:59.999Z');
  });
});

describe('exported files are named by the company’s day', () => {
  /** Today in a zone, as the file names write it. */
  const today = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const fileName = async (url: string) => {
    const res = await server.call('GET', url, { token: admin.access_token });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))?.[1];
  };

  // Kiritimati (UTC+14) and Pago Pago (UTC−11) are never on the same day, so one of them is
  // always off the UTC day: a name taken from the UTC clock fails in one zone or the other.
  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'])('in %s', async (zone) => {
    await setZone(zone);
    try {
      const days = [today(zone)];
      const names = {
        requests: await fileName('/api/service-requests/export?lang=en'),
        items: await fileName('/api/admin/data/items.csv'),
      };
      days.push(today(zone)); // the day may turn while the files are made
      expect([`service-requests-${days[0]}.csv`, `service-requests-${days[1]}.csv`]).toContain(names.requests);
      expect([`items-${days[0]}.csv`, `items-${days[1]}.csv`]).toContain(names.items);
    } finally {
      await setZone('Asia/Riyadh');
    }
  });
});
