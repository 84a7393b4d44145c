import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { TDispatchCandidates, TDispatchList } from '@portal/shared';
import { person, type Person, startTestServer, TEST_DB, type TestServer, emptyJobQueue } from '../../../test/harness.js';
import { putSetting, DEFAULT_SETTINGS } from '../settings/store.js';
import { rowsOf } from '../../db/rows.js';
import { JOB_HANDLERS } from '../../job-handlers.js';
import { createJobRunner } from '../jobs/index.js';
import { fillMissingSlaDue, refreshSlaDue } from '../service-requests/sla-due.js';
import { checkSlaBreaches, scheduleSlaCheck, SLA_CHECK_BATCH, SLA_CHECK_JOB, SLA_NOTIFY_ONE_BY_ONE } from './sla-check.js';

// Own service type so the demo technicians never qualify; the company zone is Riyadh (no DST), Sunday–Thursday 08–17.
const TYPE = 'dispatch_test';
const ZONE = 'Asia/Riyadh';
const ALL_DAY = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, { start: '00:00', end: '23:00' }]));

let server: TestServer;
const P = {} as Record<'admin' | 'customer' | 'techA' | 'techB' | 'techC', Person>;

const call = (p: Person, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => server.call(method, url, { token: p.token, body: method === 'GET' ? undefined : (body ?? {}) });
const q = <T>(query: ReturnType<typeof sql>) => server.ctx.db.execute(query).then((r) => rowsOf<T>(r));
const riyadh = (iso: string) => DateTime.fromISO(iso, { zone: ZONE });
const device = { brand: 'Acme', model: 'One', warranty_status: 'unknown' };

async function raise(priority = 'medium'): Promise<string> {
  const res = await call(P.admin, 'POST', '/api/service-requests', {
    customer_id: P.customer.id,
    priority,
    location: 'office',
    service_type: TYPE,
    fault_type: 'screen',
    problem_description: 'Broken',
    device,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function book(startsAt: string): Promise<{ request: string; appointment: string; technician: string }> {
  const res = await call(P.customer, 'POST', '/api/bookings', { service_kind: 'office', starts_at: startsAt, service_type: TYPE, fault_type: 'screen', problem_description: 'x', device });
  expect(res.statusCode, res.body).toBe(201);
  const b = res.json();
  return { request: b.service_request.id, appointment: b.appointment.id, technician: b.appointment.technician.id };
}

beforeAll(async () => {
  server = await startTestServer();
  await emptyJobQueue(server);
  await putSetting(server.ctx.db, 'service_types', [...DEFAULT_SETTINGS.service_types, { code: TYPE, name_en: 'Test', name_ar: 'اختبار' }], null);
  P.admin = await person(server, 'admin');
  P.customer = await person(server, 'customer', 'Dispatch Customer');
  P.techA = await person(server, 'technician', 'Alpha Dispatch');
  P.techB = await person(server, 'technician', 'Beta Dispatch');
  P.techC = await person(server, 'technician', 'Gamma Unskilled');
  for (const t of [P.techA, P.techB]) {
    await server.ctx.db.execute(sql`update technicians set weekly_hours = ${JSON.stringify(ALL_DAY)}::jsonb, skills = array[${TYPE}]::text[] where user_id = ${t.id}::uuid`);
  }
  await server.ctx.db.execute(sql`update technicians set weekly_hours = ${JSON.stringify(ALL_DAY)}::jsonb, skills = array['laptop']::text[] where user_id = ${P.techC.id}::uuid`);
}, 120_000);
afterAll(async () => server?.close());

describe(`dispatch (${TEST_DB})`, () => {
  it('lists the unassigned requests with SLA states, keyset-paged; admins only', async () => {
    const old = await raise('high');
    const fresh = await raise('low');
    await server.ctx.db.execute(sql`update service_requests set created_at = now() - interval '30 days' where id = ${old}::uuid`);
    const res = await call(P.admin, 'GET', '/api/dispatch?status=unassigned&q=Dispatch%20Customer&sort=age');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TDispatchList>();
    expect(body.time_zone).toBe(ZONE);
    const ids = body.items.map((i) => i.id);
    expect(ids.indexOf(old)).toBeLessThan(ids.indexOf(fresh));
    const item = body.items.find((i) => i.id === old)!;
    expect(item).toMatchObject({ status: 'pending', priority: 'high', technician: null, appointment: null });
    expect(item.age_hours).toBeGreaterThan(24 * 29);
    expect(item.sla.response).toMatchObject({ state: 'breached', paused: false, target_hours: 2 });
    expect(item.sla.resolution.state).toBe('breached');

    const first = (await call(P.admin, 'GET', '/api/dispatch?status=unassigned&q=Dispatch%20Customer&limit=1')).json<TDispatchList>();
    expect(first.items).toHaveLength(1);
    expect(first.total).toBe(body.total);
    const second = (await call(P.admin, 'GET', `/api/dispatch?status=unassigned&q=Dispatch%20Customer&limit=1&cursor=${first.next_cursor}`)).json<TDispatchList>();
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    const byPriority = (await call(P.admin, 'GET', '/api/dispatch?status=all&priority=low&q=Dispatch%20Customer&sort=sla_due')).json<TDispatchList>();
    expect(byPriority.items.every((i) => i.priority === 'low')).toBe(true);
    expect((await call(P.admin, 'GET', '/api/dispatch?status=assigned')).json<TDispatchList>().items.some((i) => i.id === old)).toBe(false);

    expect((await call(P.customer, 'GET', '/api/dispatch')).statusCode).toBe(403);
    expect((await call(P.techA, 'GET', '/api/dispatch')).statusCode).toBe(403);
    expect((await call(P.admin, 'GET', '/api/dispatch?status=nope')).statusCode).toBe(400);
    expect((await call(P.admin, 'GET', '/api/dispatch?cursor=zzz')).statusCode).toBe(400);
  });

  it('candidates: skilled technicians first with their load and next free slot, the others marked', async () => {
    const id = await raise();
    const res = await call(P.admin, 'GET', `/api/dispatch/${id}/candidates`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TDispatchCandidates>();
    const names = body.items.map((c) => c.id);
    const a = body.items.find((c) => c.id === P.techA.id)!;
    const c = body.items.find((x) => x.id === P.techC.id)!;
    expect(a).toMatchObject({ has_skill: true, skills: [TYPE], current: false, free_for_appointment: null });
    expect(a.next_free?.starts_at).toMatch(/\+03:00$/);
    expect(c.has_skill).toBe(false);
    expect(names.indexOf(P.techC.id)).toBeGreaterThan(names.indexOf(P.techB.id));
    expect(body.items.findIndex((x) => !x.has_skill)).toBeGreaterThan(body.items.findLastIndex((x) => x.has_skill));
    expect((await call(P.customer, 'GET', `/api/dispatch/${id}/candidates`)).statusCode).toBe(403);
    expect((await call(P.admin, 'GET', `/api/dispatch/00000000-0000-4000-8000-000000000000/candidates`)).statusCode).toBe(404);
  });

  it('a reassigned request takes its appointment along when the new technician is free, and is refused when not', async () => {
    const start = riyadh('12:00').plus({ days: 4 }).toISO({ suppressMilliseconds: true })!;
    const one = await book(start);
    const two = await book(start); // the other technician, same time
    expect(two.technician).not.toBe(one.technician);

    // The candidates say who could take the appointment along.
    const cands = (await call(P.admin, 'GET', `/api/dispatch/${two.request}/candidates`)).json<TDispatchCandidates>();
    const free = Object.fromEntries(cands.items.map((c) => [c.id, c.free_for_appointment]));
    expect(free[one.technician]).toBe(false);
    expect(free[P.techC.id]).toBe(true);
    expect(free[two.technician]).toBe(true); // their own appointment does not count against them

    // The other technician is busy then: refused, nothing changes.
    const refused = await call(P.admin, 'POST', `/api/service-requests/${two.request}/assign`, { technician_id: one.technician });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('slot_unavailable');
    const [still] = await q<{ a: string; r: string }>(sql`
      select a.technician_id as a, r.technician_id as r from appointments a join service_requests r on r.id = a.service_request_id where a.id = ${two.appointment}::uuid`);
    expect(still).toEqual({ a: two.technician, r: two.technician });

    // Technician C is free (skills are the admin's call): the appointment follows.
    const moved = await call(P.admin, 'POST', `/api/service-requests/${two.request}/assign`, { technician_id: P.techC.id });
    expect(moved.statusCode, moved.body).toBe(200);
    const [after] = await q<{ a: string; r: string }>(sql`
      select a.technician_id as a, r.technician_id as r from appointments a join service_requests r on r.id = a.service_request_id where a.id = ${two.appointment}::uuid`);
    expect(after).toEqual({ a: P.techC.id, r: P.techC.id });
    // Now the first technician's request can move to the one freed.
    expect((await call(P.admin, 'POST', `/api/service-requests/${one.request}/assign`, { technician_id: two.technician })).statusCode).toBe(200);
  });

  it('a booked request cannot be unassigned (409 appointment_booked, nothing written); cancelling it cancels its appointment and drops the reminders', async () => {
    const start = riyadh('10:00').plus({ days: 5 }).toISO({ suppressMilliseconds: true })!;
    const b = await book(start);
    const refused = await call(P.admin, 'POST', `/api/service-requests/${b.request}/unassign`, {});
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'appointment_booked', details: { appointments: [{ id: b.appointment }] } });
    const [kept] = await q<{ status: string; technician_id: string }>(sql`select status, technician_id from service_requests where id = ${b.request}::uuid`);
    expect(kept).toEqual({ status: 'assigned', technician_id: b.technician });

    expect(await q(sql`select 1 from jobs where subject_id = ${b.appointment}::uuid and done_at is null`)).not.toEqual([]);
    const cancelled = await call(P.admin, 'POST', `/api/service-requests/${b.request}/cancel`, { reason: 'Customer moved away' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [ap] = await q<{ status: string; cancel_reason: string; cancelled_by: string }>(sql`select status, cancel_reason, cancelled_by from appointments where id = ${b.appointment}::uuid`);
    expect(ap).toEqual({ status: 'cancelled', cancel_reason: 'Customer moved away', cancelled_by: P.admin.id });
    expect(await q(sql`select 1 from jobs where subject_id = ${b.appointment}::uuid and done_at is null`)).toEqual([]);
  });

  it('sort=sla_due is the exact order of the due times, across priorities and pauses; paused clocks last; kept through changes and settings', async () => {
    const customer = await person(server, 'customer', 'Due Order Customer');
    const raiseFor = async (priority: string) => {
      const res = await call(P.admin, 'POST', '/api/service-requests', { customer_id: customer.id, priority, location: 'office', service_type: TYPE, fault_type: 'screen', problem_description: 'x', device });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const t = (iso: string) => riyadh(iso).toISO()!;
    // Company hours Sunday–Thursday 08–17 (Riyadh); 2026-11-01 is a Sunday.
    const c = await raiseFor('medium'); // response 4 h from Sunday 12:00 → Sunday 16:00
    const b = await raiseFor('high'); // response 2 h from Sunday 16:00 → Monday 09:00 (wall clock +2 h would say Sunday 18:00)
    const p = await raiseFor('high'); // resolution 8 h from Sunday 08:00, paused Sunday 09:00 → Monday 09:00 → Monday 16:00 (wall clock: Sunday 16:00)
    const w = await raiseFor('low'); // waiting for parts now: no clock running
    await server.ctx.db.execute(sql`update service_requests set created_at = ${t('2026-11-01T12:00')}::timestamptz where id = ${c}::uuid`);
    await server.ctx.db.execute(sql`update service_requests set created_at = ${t('2026-11-01T16:00')}::timestamptz where id = ${b}::uuid`);
    await server.ctx.db.execute(sql`
      update service_requests set status = 'in_progress', technician_id = ${P.techA.id}::uuid, created_at = ${t('2026-11-01T08:00')}::timestamptz,
        first_response_at = ${t('2026-11-01T08:30')}::timestamptz where id = ${p}::uuid`);
    await server.ctx.db.execute(sql`
      insert into service_request_history (request_id, from_status, to_status, created_at) values
        (${p}::uuid, 'in_progress', 'pending_parts', ${t('2026-11-01T09:00')}::timestamptz),
        (${p}::uuid, 'pending_parts', 'in_progress', ${t('2026-11-02T09:00')}::timestamptz),
        (${w}::uuid, 'in_progress', 'pending_parts', ${t('2026-11-01T10:00')}::timestamptz)`);
    await server.ctx.db.execute(sql`
      update service_requests set status = 'pending_parts', technician_id = ${P.techA.id}::uuid, created_at = ${t('2026-11-01T08:00')}::timestamptz,
        first_response_at = ${t('2026-11-01T09:00')}::timestamptz where id = ${w}::uuid`);
    // Written around the service, as a bulk load would: the SLA check's fill-in times them.
    await server.ctx.db.execute(sql`update service_requests set sla_due_at = null where id in (${c}::uuid, ${b}::uuid, ${p}::uuid, ${w}::uuid)`);
    await server.ctx.db.transaction((tx) => fillMissingSlaDue(tx, 10_000));

    const list = (extra = '') => call(P.admin, 'GET', `/api/dispatch?status=all&q=Due%20Order%20Customer&sort=sla_due${extra}`).then((r) => r.json<TDispatchList>());
    const page = await list();
    expect(page.items.map((i) => i.id)).toEqual([c, b, p, w]);
    // The running targets' due times the items show (C and B unanswered, P answered), in that order.
    const [ci, bi, pi] = page.items;
    expect([ci!.sla.response.due_at, bi!.sla.response.due_at, pi!.sla.resolution.due_at].map((d) => Date.parse(d!))).toEqual(
      [t('2026-11-01T16:00'), t('2026-11-02T09:00'), t('2026-11-02T16:00')].map(Date.parse),
    );
    expect(page.items[3]!.sla.resolution.paused).toBe(true);
    // Keyset pages walk the same order, the paused one included.
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const next: TDispatchList = await list(`&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      walked.push(...next.items.map((i) => i.id));
      cursor = next.next_cursor;
    } while (cursor);
    expect(walked).toEqual([c, b, p, w]);

    // Through the service: assigning C answers it (its resolution clock now: 24 h from Sunday 12:00 → Wednesday 09:00), after B and P.
    expect((await call(P.admin, 'POST', `/api/service-requests/${c}/assign`, { technician_id: P.techB.id })).statusCode).toBe(200);
    expect((await list()).items.map((i) => i.id)).toEqual([b, p, c, w]);
    const due = async (id: string) => (await q<{ ms: number | null }>(sql`select (extract(epoch from sla_due_at) * 1000)::float8 as ms from service_requests where id = ${id}::uuid`))[0]!.ms;
    expect(Number(await due(c))).toBe(Date.parse(t('2026-11-04T09:00')));
    // New targets re-time every open request in the settings' transaction: high resolution 40 h puts P last of the running ones.
    const targets = { ...DEFAULT_SETTINGS.sla_targets, high: { response_hours: 2, resolution_hours: 40 } };
    expect((await call(P.admin, 'PUT', '/api/admin/settings', { sla_targets: targets })).statusCode).toBe(200);
    try {
      expect((await list()).items.map((i) => i.id)).toEqual([b, c, p, w]);
      expect(await due(w)).toBeNull();
    } finally {
      expect((await call(P.admin, 'PUT', '/api/admin/settings', { sla_targets: DEFAULT_SETTINGS.sla_targets })).statusCode).toBe(200);
    }
  });

  it('notifies every admin once per breached target, not counting time waiting for parts', async () => {
    const id = await raise('high'); // response 2 h, resolution 8 h
    // Raised Sunday 2026-11-01 08:00, answered 08:30, waiting for parts Sunday 09:00 → Monday 09:00.
    const t = (iso: string) => riyadh(iso).toISO()!;
    await server.ctx.db.execute(sql`
      update service_requests set status = 'in_progress', technician_id = ${P.techA.id}::uuid, created_at = ${t('2026-11-01T08:00')}::timestamptz,
        first_response_at = ${t('2026-11-01T08:30')}::timestamptz, assigned_at = ${t('2026-11-01T08:30')}::timestamptz
      where id = ${id}::uuid`);
    await server.ctx.db.execute(sql`
      insert into service_request_history (request_id, from_status, to_status, created_at) values
        (${id}::uuid, 'in_progress', 'pending_parts', ${t('2026-11-01T09:00')}::timestamptz),
        (${id}::uuid, 'pending_parts', 'in_progress', ${t('2026-11-02T09:00')}::timestamptz)`);
    // Written around the service: its stored due time follows, as the service would have kept it.
    await refreshSlaDue(server.ctx.db, [id]);
    const notified = () => q<{ user_id: string }>(sql`select user_id from notifications where title like 'notifications.sla_breached.%' and link = ${`/dashboard/service-requests/${id}`}`);
    const mine = (found: { id: string }[]) => found.filter((f) => f.id === id);

    // Without the pause it would be due Sunday 16:00; with it, Monday 16:00 (1 h Sunday + 7 h Monday).
    expect(mine(await server.ctx.db.transaction((tx) => checkSlaBreaches(tx, riyadh('2026-11-01T16:30').toMillis())))).toEqual([]);
    expect(mine(await server.ctx.db.transaction((tx) => checkSlaBreaches(tx, riyadh('2026-11-02T15:59').toMillis())))).toEqual([]);
    expect(await notified()).toEqual([]);
    expect(mine(await server.ctx.db.transaction((tx) => checkSlaBreaches(tx, riyadh('2026-11-02T16:01').toMillis())))).toEqual([{ id, target: 'resolution' }]);
    const admins = await q<{ id: string }>(sql`select id from users where role = 'admin' and active`);
    expect((await notified()).map((n) => n.user_id).sort()).toEqual(admins.map((a) => a.id).sort());
    // Once only: later checks find nothing new.
    expect(mine(await server.ctx.db.transaction((tx) => checkSlaBreaches(tx, riyadh('2026-11-03T12:00').toMillis())))).toEqual([]);
    expect(await notified()).toHaveLength(admins.length);
    const [row] = await q<{ due_at: string }>(sql`select due_at::text from sla_breaches where request_id = ${id}::uuid and target = 'resolution'`);
    expect(Date.parse(row!.due_at.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'))).toBe(riyadh('2026-11-02T16:00').toMillis());
  });

  it('paused requests and clocks not yet run out in working hours never hold back a newer breach', async () => {
    // The company week: Sunday–Thursday 08–17 (Riyadh). A check at Sunday 2026-11-08 10:00.
    const now = riyadh('2026-11-08T10:00').toMillis();
    const t = (iso: string) => riyadh(iso).toISO()!;
    const set = async (id: string, fields: ReturnType<typeof sql>) => server.ctx.db.execute(sql`update service_requests set ${fields} where id = ${id}::uuid`);
    // Two high-priority requests (resolution 8 h) waiting for parts since the first hour of work a week ago: past 8 h by the clock, 1 h used.
    const paused = [await raise('high'), await raise('high')];
    for (const id of paused) {
      await set(id, sql`status = 'pending_parts', technician_id = ${P.techA.id}::uuid, created_at = ${t('2026-11-01T08:00')}::timestamptz,
        first_response_at = ${t('2026-11-01T08:30')}::timestamptz, assigned_at = ${t('2026-11-01T08:30')}::timestamptz`);
      await server.ctx.db.execute(sql`insert into service_request_history (request_id, from_status, to_status, created_at)
        values (${id}::uuid, 'in_progress', 'pending_parts', ${t('2026-11-01T09:00')}::timestamptz)`);
    }
    // Two medium ones answered on Thursday afternoon (resolution 24 h): 66 h by the clock, 4 working hours.
    const answered = [await raise('medium'), await raise('medium')];
    for (const id of answered) {
      await set(id, sql`status = 'assigned', technician_id = ${P.techA.id}::uuid, created_at = ${t('2026-11-05T15:00')}::timestamptz,
        first_response_at = ${t('2026-11-05T15:30')}::timestamptz, assigned_at = ${t('2026-11-05T15:30')}::timestamptz`);
    }
    await refreshSlaDue(server.ctx.db, [...paused, ...answered]);
    // Whatever else is due by then is recorded first, so the batch below holds only what is not.
    await server.ctx.db.transaction((tx) => checkSlaBreaches(tx, now));
    // Newer than all four: a high-priority request never answered, raised Thursday 16:00 — its 2 working hours ran out Sunday 09:00.
    const late = await raise('high');
    await set(late, sql`created_at = ${t('2026-11-05T16:00')}::timestamptz`);
    await refreshSlaDue(server.ctx.db, [late]);
    const mine = (found: { id: string; target: string }[]) => found.filter((f) => [...paused, ...answered, late].includes(f.id));
    // A batch of two, oldest first, would be the paused pair — or, were only pauses left out, the
    // answered pair — so each rule on its own is needed for the late one to be found.
    expect(mine(await server.ctx.db.transaction((tx) => checkSlaBreaches(tx, now, 2)))).toEqual([{ id: late, target: 'response' }]);
  });

  it('a backlog of breaches is told as one notification with its count, oldest first in bounded batches', async () => {
    const ids: string[] = [];
    for (let i = 0; i < SLA_NOTIFY_ONE_BY_ONE + 3; i++) ids.push(await raise('low'));
    // Raised long ago and never answered: every one is past both targets.
    await server.ctx.db.execute(sql`update service_requests set created_at = now() - interval '60 days' where id in (${sql.join(ids.map((i) => sql`${i}::uuid`), sql`, `)})`);
    await refreshSlaDue(server.ctx.db, ids);
    const before = await q<{ n: number }>(sql`select count(*)::int as n from notifications where title = 'notifications.sla_breached.many_title'`);
    const found = await server.ctx.db.transaction((tx) => checkSlaBreaches(tx));
    expect(found.filter((f) => ids.includes(f.id)).length).toBe(ids.length * 2);
    expect(found.length).toBeLessThanOrEqual(SLA_CHECK_BATCH * 2);
    const admins = await q<{ id: string }>(sql`select id from users where role = 'admin' and active`);
    const [after] = await q<{ n: number }>(sql`select count(*)::int as n from notifications where title = 'notifications.sla_breached.many_title'`);
    expect(after!.n - before[0]!.n).toBe(admins.length);
    const single = await q<{ n: number }>(sql`select count(*)::int as n from notifications where link in (${sql.join(ids.map((i) => sql`${`/dashboard/service-requests/${i}`}`), sql`, `)}) and title like 'notifications.sla_breached.%'`);
    expect(single[0]!.n).toBe(0);
  });

  it('the recurring check is one job per minute however often it is scheduled, and runs through the scheduler', async () => {
    const now = Date.now();
    await scheduleSlaCheck(server.ctx.db, now);
    await scheduleSlaCheck(server.ctx.db, now);
    const minute = new Date(Math.floor(now / 60_000) * 60_000).toISOString();
    const jobs = await q<{ id: string }>(sql`select id from jobs where kind = ${SLA_CHECK_JOB} and dedupe_key = ${`${SLA_CHECK_JOB}:${minute}`}`);
    expect(jobs).toHaveLength(1);
    const runner = createJobRunner(server.ctx.db, { handlers: JOB_HANDLERS });
    await runner.runOnce();
    const [done] = await q<{ done: boolean }>(sql`select done_at is not null as done from jobs where id = ${jobs[0]!.id}::uuid`);
    expect(done!.done).toBe(true);
  });
});
