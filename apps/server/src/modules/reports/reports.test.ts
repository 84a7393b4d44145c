import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.js';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { ZCreateServiceRequest, type TPerformanceReport, type TServiceReport, type TServiceReportList } from '@portal/shared';
import { caller, person, type Person, startTestServer, TEST_DB, type TestServer } from '../../../test/harness.js';
import { makeItem, receive } from '../inventory/factories.js';
import { rowsOf } from '../../db/rows.js';
import { applyRequestAction, createServiceRequest } from '../service-requests/index.js';
import { technicianDashboard } from '../dashboard/technician.js';

let server: TestServer;
const P = {} as Record<'admin' | 'tech' | 'tech2' | 'perf' | 'customer' | 'customer2', Person>;

const get = (p: Person, url: string) => server.call('GET', url, { token: p.token });
const post = (p: Person, url: string, body: unknown = {}) => server.call('POST', url, { token: p.token, body });
const exec = (query: ReturnType<typeof sql>) => server.ctx.db.execute(query);

/** A request of `customer`, assigned to `tech`. */
async function assigned(tech: Person, customer: Person = P.customer, problem = 'The laptop does not charge') {
  return server.ctx.db.transaction(async (tx) => {
    const r = await createServiceRequest(
      tx,
      caller(customer),
      ZCreateServiceRequest.parse({
        priority: 'high',
        location: 'office',
        service_type: 'laptop',
        fault_type: 'battery',
        problem_description: problem,
        device: { brand: 'Lenovo', model: 'ThinkPad T14', serial_number: 'PF-123', warranty_status: 'out_of_warranty' },
      }),
    );
    await applyRequestAction(tx, caller(P.admin), r.id, 'assign', { technician_id: tech.id });
    return r;
  });
}

beforeAll(async () => {
  server = await startTestServer();
  P.admin = await person(server, 'admin');
  P.tech = await person(server, 'technician', 'Report Tech');
  P.tech2 = await person(server, 'technician', 'Other Tech');
  P.perf = await person(server, 'technician', 'Performance Tech');
  P.customer = await person(server, 'customer', 'سارة العتيبي');
  P.customer2 = await person(server, 'customer');
});
afterAll(() => server?.close());

describe(`service reports (${TEST_DB})`, () => {
  it('the report holds parts with prices, tax and totals equal to hand-computed values; the PDF reads in Arabic and English', async () => {
    const r = await assigned(P.tech);
    const [van] = rowsOf<{ id: string }>(await exec(sql`select id from warehouses where technician_id = ${P.tech.id}::uuid and kind = 'van'`));
    const battery = await makeItem(server.ctx.db, { name: 'بطارية لينوفو 57Wh', price: '19.99', taxRate: '15' });
    const screws = await makeItem(server.ctx.db, { name: 'Screw set', price: '0.35', taxRate: '5' });
    await receive(server.ctx.db, battery.id, van!.id, '5');
    await receive(server.ctx.db, screws.id, van!.id, '20');
    const base = `/api/service-requests/${r.id}`;
    expect((await post(P.tech, `${base}/work-log/start`)).statusCode).toBe(201);
    expect((await post(P.tech, `${base}/parts`, { item_id: battery.id, quantity: '3' })).statusCode).toBe(201);
    expect((await post(P.tech, `${base}/parts`, { item_id: screws.id, quantity: '7' })).statusCode).toBe(201);
    const diagnosis = 'البطارية تالفة ولا تحتفظ بالشحن';
    const put = await server.call('PUT', `${base}/diagnostic`, {
      token: P.tech.token,
      body: { symptoms: 'Drains in an hour', diagnosis, resolution: 'Replaced the battery', notes: null, labor_hours: '1.5' },
    });
    expect(put.statusCode, put.body).toBe(200);

    // 3 × 19.99 = 59.97, tax 15% = 8.9955 → 9.00; 7 × 0.35 = 2.45, tax 5% = 0.1225 → 0.12.
    const report = (await get(P.tech, `${base}/report`)).json() as TServiceReport;
    const lines = report.request.work.parts.map((p) => [p.item_name, p.quantity, p.unit_price, p.subtotal, p.tax_amount, p.total]);
    expect(lines).toEqual([
      ['بطارية لينوفو 57Wh', '3.000', '19.99', '59.97', '9.00', '68.97'],
      ['Screw set', '7.000', '0.35', '2.45', '0.12', '2.57'],
    ]);
    expect(report.request.work.parts_totals).toEqual({ subtotal: '62.42', tax: '9.12', total: '71.54' });
    expect(report.request.work.labor_hours).toBe('1.50');
    expect(report.company).toMatchObject({ currency: 'SAR', time_zone: 'Asia/Riyadh' });

    // The list: the same total, the technician's own only.
    const mine = (await get(P.tech, `/api/reports/service?q=${r.number}`)).json() as TServiceReportList;
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ id: r.id, parts_total: '71.54', labor_hours: '1.50', qc_result: null });
    expect(mine.items[0]!.work_seconds).toBeGreaterThanOrEqual(0);
    const theirs = (await get(P.tech2, `/api/reports/service?q=${r.number}`)).json() as TServiceReportList;
    expect(theirs.items).toHaveLength(0);
    expect((await get(P.customer, '/api/reports/service')).statusCode).toBe(403);
    const byCustomer = (await get(P.admin, `/api/reports/service?customer_id=${P.customer.id}&status=in_progress`)).json() as TServiceReportList;
    expect(byCustomer.items.map((i) => i.id)).toContain(r.id);

    const ar = await get(P.tech, `${base}/report?format=pdf&lang=ar`);
    expect(ar.statusCode).toBe(200);
    expect(ar.headers['content-type']).toBe('application/pdf');
    expect(ar.headers['content-disposition']).toBe(`attachment; filename="${r.number}-ar.pdf"`);
    expect(ar.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const arabic = pdfText(ar.rawPayload);
    if (arabic !== null) {
      expect(arabic).toContain('تقرير الخدمة');
      expect(arabic).toContain('سارة العتيبي');
      expect(arabic).toContain(diagnosis);
      expect(arabic).toContain('71.54 SAR');
      expect(arabic).toContain(r.number);
    }
    const english = pdfText((await get(P.admin, `${base}/report?format=pdf&lang=en`)).rawPayload);
    if (english !== null) {
      expect(english).toContain('Service report');
      expect(english).toContain('سارة العتيبي');
      expect(english).toContain('Screw set');
      expect(english).toContain('62.42 SAR');
    }
  });

  it('row rules: another technician 404, the customer only once completed, another customer 404; bad input 400', async () => {
    const r = await assigned(P.tech);
    expect((await get(P.tech2, `/api/service-requests/${r.id}/report`)).statusCode).toBe(404);
    expect((await get(P.customer2, `/api/service-requests/${r.id}/report`)).statusCode).toBe(404);
    const early = await get(P.customer, `/api/service-requests/${r.id}/report?format=pdf&lang=ar`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ code: 'invalid_state', details: { status: 'assigned' } });
    expect((await get(P.admin, `/api/service-requests/${r.id}/report?format=doc`)).statusCode).toBe(400);
    expect((await get(P.admin, `/api/service-requests/${r.id}/report?lang=fr`)).statusCode).toBe(400);

    await post(P.tech, `/api/service-requests/${r.id}/start`);
    expect((await post(P.admin, `/api/service-requests/${r.id}/complete`, { diagnosis: 'Worn battery', resolution: 'Replaced it' })).statusCode).toBe(200);
    const done = await get(P.customer, `/api/service-requests/${r.id}/report`);
    expect(done.statusCode).toBe(200);
    expect((done.json() as TServiceReport).request.status).toBe('completed');
    expect((await get(P.customer, `/api/service-requests/${r.id}/report?format=pdf&lang=en`)).statusCode).toBe(200);
  });
});

describe(`performance (${TEST_DB})`, () => {
  /** Known data for P.perf, in March 2026 (Riyadh is UTC+3 all year: these are the same days there). */
  beforeAll(async () => {
    const job = async (f: { created: string; response: string; completed: string; rating: number | null; pendingParts?: boolean; reopened?: number; status?: string }) => {
      const r = await assigned(P.perf);
      await exec(sql`
        update service_requests set status = ${f.status ?? 'completed'}::service_request_status,
          created_at = ${f.created}::timestamptz, first_response_at = ${f.response}::timestamptz,
          completed_at = ${f.status ? null : f.completed}::timestamptz, rating = ${f.rating},
          ever_pending_parts = ${f.pendingParts ?? false}, reopen_count = ${f.reopened ?? 0}
        where id = ${r.id}::uuid`);
      return r.id;
    };
    const log = (requestId: string, start: string, end: string) =>
      exec(sql`insert into work_log_entries (request_id, technician_id, started_at, ended_at) values (${requestId}::uuid, ${P.perf.id}::uuid, ${start}::timestamptz, ${end}::timestamptz)`);
    const a = await job({ created: '2026-03-02T08:00Z', response: '2026-03-02T09:00Z', completed: '2026-03-02T12:00Z', rating: 5 });
    await log(a, '2026-03-02T08:30Z', '2026-03-02T10:00Z');
    await log(a, '2026-03-02T11:00Z', '2026-03-02T11:30Z');
    const b = await job({ created: '2026-03-10T06:00Z', response: '2026-03-10T09:00Z', completed: '2026-03-11T06:00Z', rating: 3, pendingParts: true });
    await log(b, '2026-03-10T10:00Z', '2026-03-10T13:00Z');
    await job({ created: '2026-03-20T10:00Z', response: '2026-03-20T10:30Z', completed: '2026-03-20T12:00Z', rating: null, reopened: 1 });
    const d = await job({ created: '2026-04-05T08:00Z', response: '2026-04-05T08:10Z', completed: '2026-04-05T10:00Z', rating: 1 });
    await log(d, '2026-04-05T08:00Z', '2026-04-05T09:00Z');
    const e = await job({ created: '2026-03-25T07:00Z', response: '2026-03-25T07:30Z', completed: '', rating: null, status: 'in_progress' });
    await log(e, '2026-03-25T08:00Z', '2026-03-25T09:00Z');
  });

  it('the figures of a period equal hand-computed values', async () => {
    const res = await get(P.admin, `/api/reports/performance?technician_id=${P.perf.id}&from=2026-03-01&to=2026-03-31`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as TPerformanceReport;
    expect(report).toMatchObject({ from: '2026-03-01', to: '2026-03-31', bucket: 'day', time_zone: 'Asia/Riyadh' });
    // Jobs A (4 h, response 1 h, logged 2 h, ★5), B (24 h, 3 h, 3 h, ★3, waited for parts), C (2 h, 0.5 h, no log, reopened).
    expect(report.technicians).toEqual([
      {
        technician: { id: P.perf.id, name: 'Performance Tech' },
        jobs_completed: 3,
        average_completion_hours: 10,
        average_response_hours: 1.5,
        average_job_hours: 2.5,
        first_time_fix_rate: 0.33,
        average_rating: 4,
        rating_count: 2,
        // A 2 h + B 3 h + E 1 h (in progress); D's hour is in April.
        hours_logged: 6,
      },
    ]);
    expect(report.series).toEqual([
      { period: '2026-03-02', technician_id: P.perf.id, jobs_completed: 1, hours_logged: 2 },
      { period: '2026-03-10', technician_id: P.perf.id, jobs_completed: 0, hours_logged: 3 },
      { period: '2026-03-11', technician_id: P.perf.id, jobs_completed: 1, hours_logged: 0 },
      { period: '2026-03-20', technician_id: P.perf.id, jobs_completed: 1, hours_logged: 0 },
      { period: '2026-03-25', technician_id: P.perf.id, jobs_completed: 0, hours_logged: 1 },
    ]);

    // A longer period counts in weeks (Mondays) and months.
    const weeks = (await get(P.admin, `/api/reports/performance?technician_id=${P.perf.id}&from=2026-03-01&to=2026-04-30`)).json() as TPerformanceReport;
    expect(weeks.bucket).toBe('week');
    expect(weeks.series.find((s) => s.period === '2026-03-09')).toMatchObject({ jobs_completed: 1, hours_logged: 3 });
    expect(weeks.technicians[0]).toMatchObject({ jobs_completed: 4, hours_logged: 7, average_rating: 3 });
  });

  it('a technician reads only their own figures; a customer none; bad periods 400', async () => {
    const own = (await get(P.perf, '/api/reports/performance?from=2026-03-01&to=2026-03-31')).json() as TPerformanceReport;
    expect(own.technicians.map((t) => t.technician.id)).toEqual([P.perf.id]);
    expect((await get(P.perf, `/api/reports/performance?technician_id=${P.tech.id}`)).statusCode).toBe(404);
    expect((await get(P.customer, '/api/reports/performance')).statusCode).toBe(403);
    const all = (await get(P.admin, '/api/reports/performance?from=2026-03-01&to=2026-03-31')).json() as TPerformanceReport;
    expect(all.technicians.map((t) => t.technician.id)).toEqual(expect.arrayContaining([P.perf.id, P.tech.id, P.tech2.id]));
    const bad = await get(P.admin, '/api/reports/performance?from=2026-03-31&to=2026-03-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ to: 'out_of_range' });
    expect((await get(P.admin, '/api/reports/performance?from=yesterday')).statusCode).toBe(400);
  });

  it("the technician dashboard: today's appointments, open jobs by status, this week's hours, all-time figures", async () => {
    const [c] = rowsOf<{ id: string; customer_id: string }>(await exec(sql`select id, customer_id from service_requests where technician_id = ${P.perf.id}::uuid and status = 'in_progress'`));
    await exec(sql`
      insert into appointments (number, customer_id, service_request_id, technician_id, service_kind, starts_at, ends_at, status)
      values ('AP-TEST-1', ${c!.customer_id}::uuid, ${c!.id}::uuid, ${P.perf.id}::uuid, 'office', '2026-03-25T10:00Z', '2026-03-25T11:00Z', 'scheduled')`);
    const board = await technicianDashboard(server.ctx.db, P.perf.id, DateTime.fromISO('2026-03-25T12:00Z'));
    expect(board.today.map((a) => [a.number, a.starts_at, a.service_request?.id])).toEqual([['AP-TEST-1', '2026-03-25T10:00:00.000Z', c!.id]]);
    expect(board.open_by_status).toEqual({ assigned: 0, in_progress: 1, pending_parts: 0 });
    // The week from Monday 23 March: E's hour.
    expect(board.hours_this_week).toBe(1);
    expect(board.overall).toMatchObject({ jobs_completed: 4, rating_count: 3, average_rating: 3, first_time_fix_rate: 0.5 });

    const res = await get(P.perf, '/api/dashboard/technician');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().overall.jobs_completed).toBe(4);
    expect((await get(P.customer, '/api/dashboard/technician')).statusCode).toBe(403);
  });
});
