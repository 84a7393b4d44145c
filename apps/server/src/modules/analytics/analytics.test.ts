import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { ZCreateServiceRequest, type TAdminDashboard, type TAnalyticsResult } from '@portal/shared';
import { caller, person, type Person, startTestServer, TEST_DB, type TestServer } from '../../../test/harness.js';
import { makeItem, receive } from '../inventory/factories.js';
import { rowsOf } from '../../db/rows.js';
import { createServiceRequest } from '../service-requests/index.js';
import { adminDashboard } from '../dashboard/admin.js';

// Known data in March 2026 (the demo data is months later; Riyadh is UTC+3 all year), each
// figure checked against values worked out by hand.

let server: TestServer;
const P = {} as Record<'admin' | 'tech' | 'customer' | 'supervisor', Person>;
const exec = (q: ReturnType<typeof sql>) => server.ctx.db.execute(q);
const figure = async (name: string, query: string) => {
  const res = await server.call('GET', `/api/analytics/${name}?from=2026-03-01&to=2026-03-31&${query}`, { token: P.admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAnalyticsResult;
};
/** The rows whose numbers are not all zero or null (the period has every day). */
const nonEmpty = (r: TAnalyticsResult) => r.rows.filter((row) => Object.entries(row).some(([k, v]) => k !== 'period' && v !== 0 && v !== null && v !== '0.00' && v !== '0.000'));

interface Known {
  created: string;
  status: string;
  technician?: boolean;
  service_type?: string;
  priority?: string;
  response?: string;
  completed?: string;
  rating?: number;
  feedback?: string;
  pendingParts?: boolean;
}
async function request(k: Known): Promise<string> {
  const r = await server.ctx.db.transaction((tx) =>
    createServiceRequest(
      tx,
      caller(P.customer),
      ZCreateServiceRequest.parse({
        priority: k.priority ?? 'medium',
        location: 'office',
        service_type: k.service_type ?? 'laptop',
        fault_type: 'battery',
        problem_description: 'Known data',
        device: { brand: 'Dell', model: 'XPS', warranty_status: 'unknown' },
      }),
    ),
  );
  await exec(sql`
    update service_requests set status = ${k.status}::service_request_status, technician_id = ${k.technician ? P.tech.id : null}::uuid,
      created_at = ${k.created}::timestamptz, first_response_at = ${k.response ?? null}::timestamptz, completed_at = ${k.completed ?? null}::timestamptz,
      rating = ${k.rating ?? null}, feedback_at = ${k.feedback ?? null}::timestamptz, ever_pending_parts = ${k.pendingParts ?? false}
    where id = ${r.id}::uuid`);
  return r.id;
}

let before: TAdminDashboard;
let ids: Record<'r1' | 'r2' | 'r3' | 'r4', string>;
beforeAll(async () => {
  server = await startTestServer();
  P.admin = await person(server, 'admin');
  P.tech = await person(server, 'technician');
  P.customer = await person(server, 'customer');
  P.supervisor = await person(server, 'whs_supervisor');
  // Sunday to Thursday, 08:00–17:00: March 2026 has 23 such days → 207 working hours.
  const day = { start: '08:00', end: '17:00' };
  await exec(sql`update technicians set weekly_hours = ${JSON.stringify({ 0: day, 1: day, 2: day, 3: day, 4: day, 5: null, 6: null })}::jsonb where user_id = ${P.tech.id}::uuid`);
  before = await adminDashboard(server.ctx.db, DateTime.fromISO('2026-03-21T12:00:00Z'));

  ids = {
    // Response 2 h, completion 24 h, ★4, first-time fix.
    r1: await request({ created: '2026-03-02T10:00Z', status: 'completed', technician: true, priority: 'high', response: '2026-03-02T12:00Z', completed: '2026-03-03T10:00Z', rating: 4, feedback: '2026-03-03T12:00Z' }),
    // A phone: response 1 h, completion 6 h (23:00 in Riyadh, still 2 March), ★2, waited for parts.
    r2: await request({ created: '2026-03-02T14:00Z', status: 'completed', technician: true, service_type: 'phone', priority: 'low', response: '2026-03-02T15:00Z', completed: '2026-03-02T20:00Z', rating: 2, feedback: '2026-03-02T21:00Z', pendingParts: true }),
    // Open: one pending and unassigned, one in progress past its response target.
    r3: await request({ created: '2026-03-20T09:00Z', status: 'pending' }),
    r4: await request({ created: '2026-03-20T10:00Z', status: 'in_progress', technician: true, response: '2026-03-20T11:00Z' }),
  };
  await exec(sql`insert into sla_breaches (request_id, target, due_at) values (${ids.r4}::uuid, 'response', '2026-03-20T10:30Z')`);
  // Work logged: 3 h on 2 March, 1.5 h on 20 March.
  for (const [rid, start, end] of [
    [ids.r1, '2026-03-02T10:00Z', '2026-03-02T13:00Z'],
    [ids.r4, '2026-03-20T08:00Z', '2026-03-20T09:30Z'],
  ] as const) {
    await exec(sql`insert into work_log_entries (request_id, technician_id, started_at, ended_at) values (${rid}::uuid, ${P.tech.id}::uuid, ${start}::timestamptz, ${end}::timestamptz)`);
  }
  // A part line on r1: 2 × 10.00 + 15 % tax = 23.00.
  const part = await makeItem(server.ctx.db, { price: '10.00', taxRate: '15' });
  const [wh] = rowsOf<{ id: string }>(await exec(sql`select id from warehouses where kind = 'main' limit 1`));
  await exec(sql`
    insert into request_parts (request_id, item_id, warehouse_id, quantity, unit_price, tax_rate, created_at)
    values (${ids.r1}::uuid, ${part.id}::uuid, ${wh!.id}::uuid, 2, 10.00, 15, '2026-03-02T12:00Z')`);
  // Stock: 10 × 5.00 received on 10 March (through the ledger, then dated).
  const stocked = await makeItem(server.ctx.db, { price: '5.00' });
  await receive(server.ctx.db, stocked.id, wh!.id, '10');
  await exec(sql`update stock_movements set created_at = '2026-03-10T12:00Z' where item_id = ${stocked.id}::uuid`);
});
afterAll(() => server?.close());

describe(`analytics (${TEST_DB})`, () => {
  it('requests and service types per day of request date', async () => {
    const requests = await figure('requests', '');
    expect(requests).toMatchObject({ from: '2026-03-01', to: '2026-03-31', bucket: 'day', time_zone: 'Asia/Riyadh' });
    expect(requests.rows).toHaveLength(31);
    expect(nonEmpty(requests)).toEqual([
      { period: '2026-03-02', pending: 0, assigned: 0, in_progress: 0, pending_parts: 0, completed: 2, cancelled: 0, total: 2 },
      { period: '2026-03-20', pending: 1, assigned: 0, in_progress: 1, pending_parts: 0, completed: 0, cancelled: 0, total: 2 },
    ]);
    expect((await figure('service-types', '')).rows).toEqual([
      { period: '2026-03-02', service_type: 'laptop', count: 1 },
      { period: '2026-03-02', service_type: 'phone', count: 1 },
      { period: '2026-03-20', service_type: 'laptop', count: 2 },
    ]);
    // Filters narrow every request figure.
    expect(nonEmpty(await figure('requests', 'service_type=phone')).map((r) => r.total)).toEqual([1]);
    expect(nonEmpty(await figure('requests', 'priority=high')).map((r) => [r.period, r.total])).toEqual([['2026-03-02', 1]]);
    expect(nonEmpty(await figure('requests', `technician_id=${P.tech.id}`)).map((r) => r.total)).toEqual([2, 1]);
  });

  it('response and completion times with SLA breaches; first-time fix and satisfaction per day of completion', async () => {
    const times = await figure('times', '');
    expect(times.targets).toMatchObject({ high: { response_hours: expect.any(Number) } });
    expect(nonEmpty(times)).toEqual([
      { period: '2026-03-02', average_response_hours: 1.5, average_completion_hours: 15, responded: 2, completed: 2, response_breaches: 0, resolution_breaches: 0 },
      { period: '2026-03-20', average_response_hours: 1, average_completion_hours: null, responded: 1, completed: 0, response_breaches: 1, resolution_breaches: 0 },
    ]);
    expect(nonEmpty(await figure('first-time-fix', ''))).toEqual([
      { period: '2026-03-02', completed: 1, first_time_fixed: 0, rate: 0 },
      { period: '2026-03-03', completed: 1, first_time_fixed: 1, rate: 1 },
    ]);
    expect(nonEmpty(await figure('satisfaction', ''))).toEqual([
      { period: '2026-03-02', average_rating: 2, ratings: 1 },
      { period: '2026-03-03', average_rating: 4, ratings: 1 },
    ]);
  });

  it('utilisation, parts and the stock value trend', async () => {
    expect((await figure('utilisation', `technician_id=${P.tech.id}`)).rows).toEqual([
      { technician_id: P.tech.id, technician_name: expect.any(String), hours_logged: 4.5, hours_scheduled: 207, utilisation: 0.0217 },
    ]);
    expect(nonEmpty(await figure('parts', ''))).toEqual([{ period: '2026-03-02', lines: 1, quantity: '2.000', value: '23.00' }]);
    const stock = await figure('stock-value', '');
    // Before the first stock ever moved there is no value (the chart starts there), not 0.
    expect(stock.rows.find((r) => r.period === '2026-03-01')).toEqual({ period: '2026-03-01', value: null, change: '0.00' });
    expect(stock.rows.find((r) => r.period === '2026-03-09')).toEqual({ period: '2026-03-09', value: null, change: '0.00' });
    expect(stock.rows.find((r) => r.period === '2026-03-10')).toEqual({ period: '2026-03-10', value: '50.00', change: '50.00' });
    expect(stock.rows.at(-1)).toEqual({ period: '2026-03-31', value: '50.00', change: '0.00' });
    // By week: the week of 9 March ends after the first stock (its value), the one before does not.
    const weekly = (await server.call('GET', '/api/analytics/stock-value?from=2026-03-01&to=2026-05-31', { token: P.admin.token })).json() as TAnalyticsResult;
    expect(weekly.rows.slice(0, 3).map((r) => [r.period, r.value])).toEqual([['2026-02-23', null], ['2026-03-02', null], ['2026-03-09', '50.00']]);
  });

  it('weeks and months for longer periods; CSV; bad input 400; admins only', async () => {
    const weeks = (await server.call('GET', '/api/analytics/requests?from=2026-03-01&to=2026-05-31', { token: P.admin.token })).json() as TAnalyticsResult;
    expect(weeks.bucket).toBe('week');
    expect(weeks.rows[0]!.period).toBe('2026-02-23');
    expect(weeks.rows.find((r) => r.period === '2026-03-02')!.total).toBe(2);
    const months = (await server.call('GET', '/api/analytics/requests?from=2026-01-01&to=2026-12-31', { token: P.admin.token })).json() as TAnalyticsResult;
    expect(months.bucket).toBe('month');
    expect(months.rows.find((r) => r.period === '2026-03-01')!.total).toBe(4);

    const csv = await server.call('GET', '/api/analytics/satisfaction?from=2026-03-01&to=2026-03-03&format=csv', { token: P.admin.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toBe('\uFEFFperiod,average_rating,ratings\r\n2026-03-01,,0\r\n2026-03-02,2,1\r\n2026-03-03,4,1\r\n');

    expect((await server.call('GET', '/api/analytics/nonsense', { token: P.admin.token })).statusCode).toBe(400);
    const bad = await server.call('GET', '/api/analytics/requests?from=2026-03-31&to=2026-03-01&priority=urgent', { token: P.admin.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ priority: 'invalid' });
    for (const p of [P.tech, P.customer, P.supervisor]) {
      expect((await server.call('GET', '/api/analytics/requests', { token: p.token })).statusCode).toBe(403);
      expect((await server.call('GET', '/api/dashboard/admin', { token: p.token })).statusCode).toBe(403);
    }
  });

  it('the admin dashboard: open counts move with the known requests; the 30-day and 7-day figures equal hand-computed values', async () => {
    const after = await adminDashboard(server.ctx.db, DateTime.fromISO('2026-03-21T12:00:00Z'));
    expect(after.open_by_status.pending - before.open_by_status.pending).toBe(1);
    expect(after.open_by_status.in_progress - before.open_by_status.in_progress).toBe(1);
    expect(after.unassigned - before.unassigned).toBe(1);
    expect(after.sla_breached - before.sla_breached).toBe(1);
    // 21 Feb – 21 Mar: responses 2 h, 1 h, 1 h; completions 24 h, 6 h; ratings 4 and 2.
    expect(after).toMatchObject({ average_response_hours: 1.33, average_completion_hours: 15, satisfaction: 3, rating_count: 2 });
    // 15 – 21 March: 1.5 h logged; every active technician's weekly hours scheduled.
    expect(after.hours_logged).toBe(1.5);
    const week = rowsOf<{ weekly_hours: Record<string, { start: string; end: string } | null> }>(
      await exec(sql`select t.weekly_hours from technicians t join users u on u.id = t.user_id where u.active`),
    );
    const hours = (t: string) => Number(t.slice(0, 2)) + Number(t.slice(3)) / 60;
    const scheduled = week.reduce((sum, t) => sum + Object.values(t.weekly_hours).reduce((s, d) => s + (d ? hours(d.end) - hours(d.start) : 0), 0), 0);
    expect(after.hours_scheduled).toBeCloseTo(scheduled, 2);
    expect(after.utilisation).toBeCloseTo(1.5 / scheduled, 3);
    expect(after.trend).toHaveLength(30);
    expect(after.trend.filter((d) => d.created || d.completed)).toEqual([
      { day: '2026-03-02', created: 2, completed: 1 },
      { day: '2026-03-03', created: 0, completed: 1 },
      { day: '2026-03-20', created: 2, completed: 0 },
    ]);
    const res = await server.call('GET', '/api/dashboard/admin', { token: P.admin.token });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the day rollups always equal the requests and the ledger themselves (after the demo seed, the known data and every change since)', async () => {
    const [diff] = rowsOf<{ requests: number; completions: number }>(
      await exec(sql`
        with tz as (select company_time_zone() as z),
        direct as (
          select (created_at at time zone (select z from tz))::date as day, status, service_type, priority, count(*)::int as requests,
            count(first_response_at)::int as responded, coalesce(sum(extract(epoch from first_response_at - created_at)), 0) as response_seconds,
            count(completed_at)::int as completed, coalesce(sum(extract(epoch from completed_at - created_at)), 0) as completion_seconds
          from service_requests group by 1, 2, 3, 4),
        rolled as (
          select day, status, service_type, priority, requests, responded, response_seconds, completed, completion_seconds
          from request_day_stats where requests <> 0 or responded <> 0 or completed <> 0),
        direct_done as (
          select (completed_at at time zone (select z from tz))::date as day, service_type, priority, count(*)::int as completed,
            count(*) filter (where not ever_pending_parts and reopen_count = 0)::int as first_time_fixed,
            count(rating)::int as ratings, coalesce(sum(rating), 0)::int as rating_sum
          from service_requests where status = 'completed' and completed_at is not null group by 1, 2, 3),
        rolled_done as (
          select day, service_type, priority, completed, first_time_fixed, ratings, rating_sum from completion_day_stats where completed <> 0)
        select
          (select count(*) from ((select * from direct except select * from rolled) union all (select * from rolled except select * from direct)) x)::int as requests,
          (select count(*) from ((select * from direct_done except select * from rolled_done) union all (select * from rolled_done except select * from direct_done)) y)::int as completions`),
    );
    expect(diff).toEqual({ requests: 0, completions: 0 });
    const [stock] = rowsOf<{ n: number }>(
      await exec(sql`
        with direct as (
          select (created_at at time zone company_time_zone())::date as day, item_id, sum(quantity) as quantity
          from stock_movements group by 1, 2 having sum(quantity) <> 0),
        rolled as (select day, item_id, quantity from stock_day_stats where quantity <> 0)
        select count(*)::int as n from ((select * from direct except select * from rolled) union all (select * from rolled except select * from direct)) x`),
    );
    expect(stock!.n).toBe(0);
    const [n] = rowsOf<{ n: number }>(await exec(sql`select count(*)::int as n from request_day_stats`));
    expect(n!.n).toBeGreaterThan(10);
  });

  it('a new company time zone moves requests to their days there at once (the rollups are rebuilt with the setting)', async () => {
    const put = (time_zone: string) => server.call('PUT', '/api/admin/settings', { token: P.admin.token, body: { time_zone } });
    // UTC+14: 10:00Z and 14:00Z on 2 March are 3 March there; 09:00Z on 20 March is 23:00, 10:00Z is midnight on the 21st.
    expect((await put('Pacific/Kiritimati')).statusCode).toBe(200);
    const there = await figure('requests', '');
    expect(there.time_zone).toBe('Pacific/Kiritimati');
    expect(nonEmpty(there).map((r) => [r.period, r.total])).toEqual([
      ['2026-03-03', 2],
      ['2026-03-20', 1],
      ['2026-03-21', 1],
    ]);
    // The technician path (the requests themselves) agrees.
    expect(nonEmpty(await figure('requests', `technician_id=${P.tech.id}`)).map((r) => [r.period, r.total])).toEqual([
      ['2026-03-03', 2],
      ['2026-03-21', 1],
    ]);
    expect((await put('Asia/Riyadh')).statusCode).toBe(200);
    expect(nonEmpty(await figure('requests', '')).map((r) => [r.period, r.total])).toEqual([
      ['2026-03-02', 2],
      ['2026-03-20', 2],
    ]);
  });
});
