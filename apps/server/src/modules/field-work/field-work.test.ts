import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ZCreateServiceRequest, type TServiceRequest } from '@portal/shared';
import { caller, person, type Person, startTestServer, TEST_DB, type TestServer } from '../../../test/harness.js';
import { checkInvariant } from '../inventory/index.js';
import { rowsOf } from '../../db/rows.js';
import { levelOf, makeItem, receive } from '../inventory/factories.js';
import { applyRequestAction, createServiceRequest } from '../service-requests/index.js';

let server: TestServer;
const P = {} as Record<'admin' | 'tech' | 'tech2' | 'customer' | 'customer2', Person>;

const call = (p: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  server.call(method, url, { token: p.token, body: method === 'GET' || method === 'DELETE' ? undefined : (body ?? {}) });
const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.ctx.db.execute(query));
const detail = async (p: Person, id: string) => (await call(p, 'GET', `/api/service-requests/${id}`)).json() as TServiceRequest;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000d49484452', 'hex'), Buffer.alloc(32, 1)]);
const signature = `data:image/png;base64,${PNG.toString('base64')}`;

/** A request of the customer assigned to `tech` (an admin assigns). */
async function assigned(tech: Person = P.tech, location: 'office' | 'remote' = 'office'): Promise<{ id: string; number: string }> {
  return server.ctx.db.transaction(async (tx) => {
    const r = await createServiceRequest(
      tx,
      caller(P.customer),
      ZCreateServiceRequest.parse({
        priority: 'high',
        location,
        service_type: 'laptop',
        fault_type: 'screen',
        problem_description: 'The screen flickers',
        device: { brand: 'Dell', model: 'XPS 13', warranty_status: 'unknown' },
      }),
    );
    await applyRequestAction(tx, caller(P.admin), r.id, 'assign', { technician_id: tech.id });
    return r;
  });
}
const vanOf = async (p: Person) => (await q<{ id: string }>(sql`select id from warehouses where technician_id = ${p.id}::uuid and kind = 'van'`))[0]!.id;

beforeAll(async () => {
  server = await startTestServer();
  P.admin = await person(server, 'admin');
  P.tech = await person(server, 'technician', 'Field Tech');
  P.tech2 = await person(server, 'technician', 'Other Tech');
  P.customer = await person(server, 'customer', 'Field Customer');
  P.customer2 = await person(server, 'customer');
});
afterAll(() => server?.close());

describe(`field work (${TEST_DB})`, () => {
  it('a technician works only on their own assigned requests: others 404, customers 403', async () => {
    const r = await assigned();
    for (const [method, path, body] of [
      ['POST', 'work-log/start', {}],
      ['POST', 'work-log/stop', {}],
      ['PUT', 'diagnostic', { diagnosis: 'x' }],
      ['POST', 'parts', { item_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
      ['POST', 'parts-request', { lines: [{ item_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }] }],
    ] as const) {
      expect((await call(P.tech2, method, `/api/service-requests/${r.id}/${path}`, body)).statusCode, path).toBe(404);
      expect((await call(P.customer, method, `/api/service-requests/${r.id}/${path}`, body)).statusCode, path).toBe(403);
    }
    expect((await call(P.tech, 'POST', `/api/service-requests/${r.id}/quality-check`, { result: 'passed' })).statusCode).toBe(403);
    const seen = await detail(P.tech, r.id);
    expect(seen.work_actions).toEqual({ log_work: true, edit_diagnostic: true, use_parts: false, request_parts: false, quality_check: false, add_photos: true });
    expect((await detail(P.customer, r.id)).work_actions).toMatchObject({ log_work: false, edit_diagnostic: false });
  });

  it('start opens the work log (assigned → in_progress), pause and resume close and open entries; the duration is their sum', async () => {
    const r = await assigned();
    const started = await call(P.tech, 'POST', `/api/service-requests/${r.id}/work-log/start`, { note: 'On site' });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ technician: { id: P.tech.id }, ended_at: null, note: 'On site' });
    expect((await detail(P.tech, r.id)).status).toBe('in_progress');
    const again = await call(P.tech, 'POST', `/api/service-requests/${r.id}/work-log/start`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('work_log_open');

    expect((await call(P.tech, 'POST', `/api/service-requests/${r.id}/work-log/stop`, { note: 'Lunch' })).statusCode).toBe(200);
    const none = await call(P.tech, 'POST', `/api/service-requests/${r.id}/work-log/stop`, {});
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('no_open_work_log');
    expect((await call(P.tech, 'POST', `/api/service-requests/${r.id}/work-log/start`, {})).statusCode).toBe(201);
    expect((await call(P.tech, 'POST', `/api/service-requests/${r.id}/work-log/stop`, {})).statusCode).toBe(200);

    // Known times: 09:00–10:30 and 11:00–11:45 → 1 h 30 min + 45 min = 8,100 s.
    const entries = await q<{ id: string }>(sql`select id from work_log_entries where request_id = ${r.id}::uuid order by started_at, id`);
    expect(entries).toHaveLength(2);
    await server.ctx.db.execute(sql`update work_log_entries set started_at = '2026-11-01T09:00:00Z', ended_at = '2026-11-01T10:30:00Z' where id = ${entries[0]!.id}::uuid`);
    await server.ctx.db.execute(sql`update work_log_entries set started_at = '2026-11-01T11:00:00Z', ended_at = '2026-11-01T11:45:00Z' where id = ${entries[1]!.id}::uuid`);
    const d = await detail(P.tech, r.id);
    expect(d.work.work_log.map((w) => w.seconds)).toEqual([5400, 2700]);
    expect(d.work.duration_seconds).toBe(8100);
    expect(d.work.work_log[0]!.note).toBe('On site\nLunch');
    expect(d.work.open_entry_id).toBeNull();

    // Waiting for parts closes a running entry; resuming opens one.
    await call(P.tech, 'POST', `/api/service-requests/${r.id}/work-log/start`, {});
    expect((await call(P.tech, 'POST', `/api/service-requests/${r.id}/await-parts`, { note: 'A screen' })).statusCode).toBe(200);
    expect((await detail(P.tech, r.id)).work.open_entry_id).toBeNull();
    expect((await call(P.tech, 'POST', `/api/service-requests/${r.id}/work-log/start`, {})).json().error.code).toBe('invalid_state');
    expect((await call(P.tech, 'POST', `/api/service-requests/${r.id}/resume`, {})).statusCode).toBe(200);
    expect((await detail(P.tech, r.id)).work.open_entry_id).not.toBeNull();
  });

  it('an open entry counts up to the moment of each answer, also when the detail is kept by the read cache', async () => {
    const r = await assigned();
    expect((await call(P.tech, 'POST', `/api/service-requests/${r.id}/work-log/start`, {})).statusCode).toBe(201);
    await server.ctx.db.execute(sql`update work_log_entries set started_at = now() - interval '1 hour' where request_id = ${r.id}::uuid`);
    // On PostgreSQL the change also comes back over the bus, a moment later, and empties the cache.
    await new Promise((done) => setTimeout(done, 200));
    const first = await detail(P.tech, r.id);
    expect(first.work.work_log[0]!.seconds).toBeGreaterThanOrEqual(3600);
    expect(first.work.work_log[0]!.seconds).toBeLessThan(3660);
    // The next answer is made from the same rows, kept by the read cache: no statement runs.
    const database = server.ctx.database;
    const prepared = database.prepared.bind(database);
    let statements = 0;
    database.prepared = (...args) => (statements++, prepared(...args));
    try {
      await new Promise((done) => setTimeout(done, 1100));
      const later = await detail(P.tech, r.id);
      expect(statements).toBe(0);
      expect(later.work.work_log[0]!.seconds).toBeGreaterThan(first.work.work_log[0]!.seconds);
      expect(later.work.duration_seconds).toBe(later.work.work_log[0]!.seconds);
    } finally {
      database.prepared = prepared;
    }
  });

  it('a start or pause done earlier on the device keeps its time: not in the future, not before the assignment, a pause not before its start', async () => {
    const r = await assigned();
    const url = (edge: 'start' | 'stop') => `/api/service-requests/${r.id}/work-log/${edge}`;
    const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
    const entries = () => q<{ started_at: string; ended_at: string | null }>(sql`select started_at::text, ended_at::text from work_log_entries where request_id = ${r.id}::uuid`);
    // Assigned two hours ago; the technician worked offline and the device sends it now.
    await server.ctx.db.execute(sql`update service_requests set assigned_at = now() - interval '2 hours' where id = ${r.id}::uuid`);

    for (const at of [inMinutes(10), inMinutes(-180)]) {
      const refused = await call(P.tech, 'POST', url('start'), { at });
      expect(refused.statusCode, at).toBe(400);
      expect(refused.json().error.fields).toEqual({ at: 'out_of_range' });
    }
    expect((await call(P.tech, 'POST', url('start'), { at: 'yesterday' })).json().error.fields).toEqual({ at: 'invalid' });
    // Nothing happened: not started, no entry.
    expect((await detail(P.tech, r.id)).status).toBe('assigned');
    expect(await entries()).toEqual([]);

    const startedAt = inMinutes(-90);
    const started = await call(P.tech, 'POST', url('start'), { at: startedAt, note: 'On site' });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ started_at: startedAt, ended_at: null, note: 'On site' });

    const beforeStart = await call(P.tech, 'POST', url('stop'), { at: inMinutes(-100) });
    expect(beforeStart.statusCode).toBe(400);
    expect(beforeStart.json().error.fields).toEqual({ at: 'out_of_range' });
    expect((await call(P.tech, 'POST', url('stop'), { at: inMinutes(5) })).statusCode).toBe(400);
    expect((await entries())[0]!.ended_at).toBeNull();

    const endedAt = inMinutes(-60);
    const stopped = await call(P.tech, 'POST', url('stop'), { at: endedAt });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ started_at: startedAt, ended_at: endedAt, seconds: 1800 });

    // A resume before the earlier work ended would count the same time twice.
    expect((await call(P.tech, 'POST', url('start'), { at: inMinutes(-70) })).json().error.fields).toEqual({ at: 'out_of_range' });
    // A device clock a little ahead is accepted, as now.
    const ahead = await call(P.tech, 'POST', url('start'), { at: inMinutes(1) });
    expect(ahead.statusCode, ahead.body).toBe(201);
    expect(Date.parse(ahead.json().started_at)).toBeLessThanOrEqual(Date.now());
    expect((await detail(P.tech, r.id)).work.work_log).toHaveLength(2);
  });

  it('the diagnostic is saved exactly (labor hours as a decimal) and bad input changes nothing', async () => {
    const r = await assigned();
    const bad = await call(P.tech, 'PUT', `/api/service-requests/${r.id}/diagnostic`, { diagnosis: 'x', labor_hours: '1.234' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ labor_hours: 'invalid' });
    const ok = await call(P.tech, 'PUT', `/api/service-requests/${r.id}/diagnostic`, {
      symptoms: 'Flicker when warm',
      diagnosis: 'Loose display cable',
      resolution: 'Reseated the cable',
      notes: 'Customer present',
      labor_hours: '1.50',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().work).toMatchObject({ symptoms: 'Flicker when warm', diagnosis: 'Loose display cable', resolution: 'Reseated the cable', diagnostic_notes: 'Customer present', labor_hours: '1.50' });
  });

  it('parts come from the van through the ledger: beyond its stock refused with nothing written; removing one returns it', async () => {
    const r = await assigned();
    const van = await vanOf(P.tech);
    const item = await makeItem(server.ctx.db, { price: '12.35', taxRate: '15' });
    await receive(server.ctx.db, item.id, van, '5');
    // Not in progress yet.
    expect((await call(P.tech, 'POST', `/api/service-requests/${r.id}/parts`, { item_id: item.id, quantity: 1 })).json().error.code).toBe('invalid_state');
    await call(P.tech, 'POST', `/api/service-requests/${r.id}/work-log/start`, {});

    const movements = async () => (await q<{ n: number }>(sql`select count(*)::int as n from stock_movements where item_id = ${item.id}::uuid`))[0]!.n;
    const before = await movements();
    const tooMany = await call(P.tech, 'POST', `/api/service-requests/${r.id}/parts`, { item_id: item.id, quantity: '5.5' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toMatchObject({ code: 'insufficient_stock', details: { available: '5.000' } });
    expect(await movements()).toBe(before);
    expect(await q(sql`select 1 from request_parts where request_id = ${r.id}::uuid`)).toEqual([]);
    expect(await levelOf(server.ctx.db, item.id, van)).toBe('5.000');

    const added = await call(P.tech, 'POST', `/api/service-requests/${r.id}/parts`, { item_id: item.id, quantity: 3 });
    expect(added.statusCode, added.body).toBe(201);
    // 3 × 12.35 = 37.05; tax 15 % = 5.5575 → 5.56; total 42.61.
    expect(added.json()).toMatchObject({ item_id: item.id, quantity: '3.000', unit_price: '12.35', tax_rate: '15.00', subtotal: '37.05', tax_amount: '5.56', total: '42.61', warehouse_id: van });
    expect(await levelOf(server.ctx.db, item.id, van)).toBe('2.000');
    // The price at the time stays on the line when the item's price changes.
    await server.ctx.db.execute(sql`update inventory_items set price = 99 where id = ${item.id}::uuid`);
    const d = await detail(P.tech, r.id);
    expect(d.work.parts).toHaveLength(1);
    expect(d.work.parts[0]).toMatchObject({ unit_price: '12.35', total: '42.61' });
    expect(d.work.parts_totals).toEqual({ subtotal: '37.05', tax: '5.56', total: '42.61' });
    expect(d.work_actions.use_parts).toBe(true);

    const removed = await call(P.tech, 'DELETE', `/api/service-requests/${r.id}/parts/${added.json().id}`);
    expect(removed.statusCode).toBe(204);
    expect(await levelOf(server.ctx.db, item.id, van)).toBe('5.000');
    const kinds = await q<{ kind: string; quantity: string }>(sql`select kind, quantity::text from stock_movements where item_id = ${item.id}::uuid order by created_at, kind`);
    expect(kinds.map((k) => `${k.kind} ${k.quantity}`)).toEqual(['receipt 5.000', 'consumption -3.000', 'return 3.000']);
    expect((await checkInvariant(server.ctx.db, { warehouseId: van })).ok).toBe(true);
    expect((await call(P.tech, 'DELETE', `/api/service-requests/${r.id}/parts/${added.json().id}`)).statusCode).toBe(404);
  });

  it('completion needs diagnosis, resolution and — from a technician — both signatures (the customer’s unless remote)', async () => {
    const r = await assigned();
    await call(P.tech, 'POST', `/api/service-requests/${r.id}/work-log/start`, {});
    const url = `/api/service-requests/${r.id}/complete`;
    expect((await call(P.tech, 'POST', url, { diagnosis: 'Cable' })).json().error.fields).toEqual({ resolution: 'required' });
    const unsigned = await call(P.tech, 'POST', url, { diagnosis: 'Cable', resolution: 'Reseated' });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error.fields).toEqual({ technician_signature: 'required', customer_signature: 'required' });
    expect((await detail(P.tech, r.id)).status).toBe('in_progress');
    const done = await call(P.tech, 'POST', url, { diagnosis: 'Cable', resolution: 'Reseated', technician_signature: signature, customer_signature: signature });
    expect(done.statusCode, done.body).toBe(200);
    const d = done.json() as TServiceRequest;
    expect(d.status).toBe('completed');
    expect(d.work.open_entry_id).toBeNull();
    expect(d.work.attachments.map((a) => a.kind).sort()).toEqual(['customer_signature', 'technician_signature']);
    // The customer signed on the technician's device: their feedback needs no second signature.
    expect((await call(P.customer, 'POST', `/api/service-requests/${r.id}/feedback`, { rating: 5 })).statusCode).toBe(200);

    const remote = await assigned(P.tech, 'remote');
    await call(P.tech, 'POST', `/api/service-requests/${remote.id}/work-log/start`, {});
    const r2 = await call(P.tech, 'POST', `/api/service-requests/${remote.id}/complete`, { diagnosis: 'Driver', resolution: 'Updated', technician_signature: signature });
    expect(r2.statusCode, r2.body).toBe(200);
  });

  it('a failed quality check reopens the work and tells the technician; a passed one is recorded once', async () => {
    const r = await assigned();
    await call(P.tech, 'POST', `/api/service-requests/${r.id}/work-log/start`, {});
    const complete = () =>
      call(P.tech, 'POST', `/api/service-requests/${r.id}/complete`, { diagnosis: 'Cable', resolution: 'Reseated', technician_signature: signature, customer_signature: signature });
    expect((await complete()).statusCode).toBe(200);
    expect((await detail(P.admin, r.id)).work_actions.quality_check).toBe(true);
    const noNotes = await call(P.admin, 'POST', `/api/service-requests/${r.id}/quality-check`, { result: 'failed' });
    expect(noNotes.json().error.fields).toEqual({ notes: 'required' });

    const failed = await call(P.admin, 'POST', `/api/service-requests/${r.id}/quality-check`, { result: 'failed', notes: 'Still flickers' });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ status: 'in_progress', quality_check: { result: 'failed', notes: 'Still flickers', checked_by: { id: P.admin.id } } });
    const [sr] = await q<{ reopen_count: number }>(sql`select reopen_count from service_requests where id = ${r.id}::uuid`);
    expect(sr!.reopen_count).toBe(1);
    const told = await q<{ title: string }>(sql`select title from notifications where user_id = ${P.tech.id}::uuid and link = ${`/dashboard/service-requests/${r.id}`} order by created_at desc limit 1`);
    expect(told[0]!.title).toBe('notifications.sr_reopened.title');

    await call(P.tech, 'POST', `/api/service-requests/${r.id}/work-log/start`, {});
    expect((await complete()).statusCode).toBe(200);
    const passed = await call(P.admin, 'POST', `/api/service-requests/${r.id}/quality-check`, { result: 'passed', notes: 'Good' });
    expect(passed.statusCode).toBe(200);
    expect(passed.json()).toMatchObject({ status: 'completed', quality_check: { result: 'passed' }, work_actions: { quality_check: false } });
    const twice = await call(P.admin, 'POST', `/api/service-requests/${r.id}/quality-check`, { result: 'passed' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('already_checked');
  });

  it('a parts request creates the transfer into the van and waits for it; receiving it tells the technician naming the request', async () => {
    const r = await assigned();
    const other = await assigned();
    const item = await makeItem(server.ctx.db);
    const [main] = await q<{ id: string }>(sql`select id from warehouses where kind = 'main' and active order by created_at limit 1`);
    await receive(server.ctx.db, item.id, main!.id, '10');
    for (const x of [r, other]) await call(P.tech, 'POST', `/api/service-requests/${x.id}/work-log/start`, {});
    // The other one waits for parts asked for some other way.
    await call(P.tech, 'POST', `/api/service-requests/${other.id}/await-parts`, { note: 'Something' });

    const res = await call(P.tech, 'POST', `/api/service-requests/${r.id}/parts-request`, { lines: [{ item_id: item.id, quantity: 2 }], note: 'Screen' });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json() as TServiceRequest;
    expect(d.status).toBe('pending_parts');
    expect(d.work.awaiting_transfer).toMatchObject({ status: 'pending' });
    expect(d.work.awaiting_parts_note).toContain(item.code);
    const transferId = d.work.awaiting_transfer!.id;

    for (const action of ['approve', 'receive']) {
      const t = await call(P.admin, 'POST', `/api/transfers/${transferId}/${action}`, {});
      expect(t.statusCode, t.body).toBe(200);
    }
    const [note] = await q<{ params: { requests: string }; link: string }>(
      sql`select params, link from notifications where user_id = ${P.tech.id}::uuid and title = 'notifications.parts_arrived.title' order by created_at desc limit 1`,
    );
    expect(note).toEqual({ params: expect.objectContaining({ requests: r.number }), link: `/dashboard/service-requests/${r.id}` });
  });
});
