import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  APPOINTMENT_ACTIONS,
  APPOINTMENT_STATUSES,
  appointmentRefusal,
  type AppointmentAction,
  type AppointmentStatus,
  type TAppointment,
  type TBookingRequest,
} from '@portal/shared';
import { person, type Person, startTestServer, TEST_DB, type TestServer } from '../../../test/harness.js';
import { putSetting, DEFAULT_SETTINGS } from '../settings/store.js';
import { rowsOf } from '../../db/rows.js';

// Own service type so the demo technicians never qualify; the company zone is Riyadh (no DST).
const TYPE = 'apt_test';
const ZONE = 'Asia/Riyadh';
const ALL_DAY = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, { start: '00:00', end: '23:00' }]));

let server: TestServer;
const P = {} as Record<'admin' | 'customer' | 'customer2' | 'tech' | 'tech2' | 'sup', Person>;

const call = (p: Person | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  server.call(method, url, { token: p?.token, body: method === 'GET' || method === 'DELETE' ? undefined : (body ?? {}) });
const q = <T>(query: ReturnType<typeof sql>) => server.ctx.db.execute(query).then((r) => rowsOf<T>(r));

/** A day `n` days from now in the company zone (YYYY-MM-DD). */
const dayFromNow = (n: number) => DateTime.now().setZone(ZONE).plus({ days: n }).toISODate()!;
const at = (date: string, hhmm: string) => DateTime.fromISO(`${date}T${hhmm}`, { zone: ZONE }).toISO({ suppressMilliseconds: true })!;

const booking = (over: Partial<TBookingRequest> = {}) => ({
  service_kind: 'office',
  starts_at: at(dayFromNow(3), '10:00'),
  service_type: TYPE,
  fault_type: 'screen',
  problem_description: 'Cracked screen',
  device: { brand: 'Acme', model: 'One', warranty_status: 'unknown' },
  ...over,
});

async function setHours(techId: string, hours: Record<string, unknown>) {
  await server.ctx.db.execute(sql`update technicians set weekly_hours = ${JSON.stringify(hours)}::jsonb, skills = array[${TYPE}]::text[] where user_id = ${techId}::uuid`);
}

beforeAll(async () => {
  server = await startTestServer();
  await putSetting(server.ctx.db, 'service_types', [...DEFAULT_SETTINGS.service_types, { code: TYPE, name_en: 'Test', name_ar: 'اختبار' }], null);
  P.admin = await person(server, 'admin');
  P.customer = await person(server, 'customer', 'Cust One');
  P.customer2 = await person(server, 'customer', 'Cust Two');
  P.tech = await person(server, 'technician', 'Alpha Tech');
  P.tech2 = await person(server, 'technician', 'Beta Tech');
  P.sup = await person(server, 'whs_supervisor');
  await setHours(P.tech.id, ALL_DAY);
  await setHours(P.tech2.id, ALL_DAY);
}, 120_000);
afterAll(async () => server?.close());

describe(`availability and booking (${TEST_DB})`, () => {
  it('offers the free slots of a day in the company zone, with its offset', async () => {
    const date = dayFromNow(3);
    const res = await call(P.customer, 'GET', `/api/availability?service_kind=home&service_type=${TYPE}&date=${date}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.time_zone).toBe(ZONE);
    expect(body.slots).toHaveLength(23);
    expect(body.slots[10]).toEqual({ starts_at: `${date}T10:00:00+03:00`, ends_at: `${date}T11:00:00+03:00` });
    // Unknown type → 400; supervisors may not book → 403; anonymous → 401.
    expect((await call(P.customer, 'GET', `/api/availability?service_kind=home&service_type=nope&date=${date}`)).statusCode).toBe(400);
    expect((await call(P.customer, 'GET', `/api/availability?service_kind=boat&service_type=${TYPE}&date=2025-13-01`)).json().error.fields).toMatchObject({ service_kind: 'invalid', date: 'invalid' });
    expect((await call(P.sup, 'GET', `/api/availability?service_kind=home&service_type=${TYPE}&date=${date}`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/api/availability?service_kind=home&service_type=${TYPE}&date=${date}`)).statusCode).toBe(401);
  });

  it('books: the request starts assigned to the least loaded technician, the appointment scheduled, reminders queued, both told', async () => {
    const res = await call(P.customer, 'POST', '/api/bookings', booking({ service_kind: 'home', address: 'Olaya 1', starts_at: at(dayFromNow(4), '09:00') }));
    expect(res.statusCode, res.body).toBe(201);
    const { service_request: sr, appointment: ap } = res.json();
    expect(sr.status).toBe('assigned');
    expect(sr.history).toMatchObject([{ from_status: null, to_status: 'assigned' }]);
    expect(sr.first_response_at).toBeNull();
    expect(ap).toMatchObject({ status: 'scheduled', service_kind: 'home', address: 'Olaya 1', customer: { id: P.customer.id }, service_request: { id: sr.id } });
    expect(ap.number).toMatch(/^AP-\d{6}$/);
    expect(ap.technician.id).toBe(sr.technician.id);
    // Both technicians had no appointment that day: the name decides (Alpha before Beta).
    expect(ap.technician.id).toBe(P.tech.id);
    expect(ap.allowed_actions).toEqual(['reschedule', 'cancel']);
    const jobs = await q<{ before: string }>(sql`select payload->>'before' as before from jobs where subject_id = ${ap.id}::uuid order by run_at`);
    expect(jobs.map((j) => j.before)).toEqual(['24h', '1h']);
    const told = await q<{ user_id: string; title: string }>(sql`select user_id, title from notifications where params->>'number' = ${ap.number}`);
    expect(told).toEqual(expect.arrayContaining([
      { user_id: P.customer.id, title: 'notifications.appointment_booked.title' },
      { user_id: P.tech.id, title: 'notifications.appointment_job_booked.title' },
    ]));
    // The next booking that day goes to the other technician (fewest appointments).
    const next = await call(P.customer, 'POST', '/api/bookings', booking({ starts_at: at(dayFromNow(4), '13:00') }));
    expect(next.json().appointment.technician.id).toBe(P.tech2.id);
    // The slot at 09:00 is still offered: Beta is free then.
    const slots = (await call(P.customer, 'GET', `/api/availability?service_kind=office&service_type=${TYPE}&date=${dayFromNow(4)}`)).json().slots;
    expect(slots.map((s: { starts_at: string }) => s.starts_at)).toContain(at(dayFromNow(4), '09:00'));
  });

  it('a slot that is not offered is 409 slot_unavailable; bad input is 400 with fields; neither writes anything', async () => {
    const before = await q<{ a: number; r: number }>(sql`select (select count(*)::int from appointments) as a, (select count(*)::int from service_requests) as r`);
    const offGrid = await call(P.customer, 'POST', '/api/bookings', booking({ starts_at: at(dayFromNow(3), '10:30') }));
    expect(offGrid.statusCode).toBe(409);
    expect(offGrid.json().error.code).toBe('slot_unavailable');
    const tooSoon = await call(P.customer, 'POST', '/api/bookings', booking({ starts_at: DateTime.now().setZone(ZONE).plus({ hours: 1 }).startOf('hour').toISO()! }));
    expect(tooSoon.json().error.code).toBe('slot_unavailable');
    const bad = await call(P.customer, 'POST', '/api/bookings', { service_kind: 'home', starts_at: 'tomorrow', service_type: TYPE, device: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ starts_at: 'invalid', fault_type: 'required', problem_description: 'required', 'device.brand': 'required' });
    const noAddress = await call(P.customer, 'POST', '/api/bookings', booking({ service_kind: 'home' }));
    expect(noAddress.json().error.fields).toEqual({ address: 'required' });
    const badFault = await call(P.customer, 'POST', '/api/bookings', booking({ fault_type: 'nope' }));
    expect(badFault.statusCode).toBe(400);
    // A customer booking for someone else.
    expect((await call(P.customer, 'POST', '/api/bookings', booking({ customer_id: P.customer2.id }))).statusCode).toBe(403);
    const after = await q<{ a: number; r: number }>(sql`select (select count(*)::int from appointments) as a, (select count(*)::int from service_requests) as r`);
    expect(after).toEqual(before);
  });

  it('an admin books for a customer', async () => {
    const res = await call(P.admin, 'POST', '/api/bookings', booking({ customer_id: P.customer2.id, starts_at: at(dayFromNow(5), '08:00') }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().appointment.customer.id).toBe(P.customer2.id);
    expect(res.json().appointment.allowed_actions).toEqual(['confirm', 'reschedule', 'cancel']);
  });

  it("keeps each appointment's history: booked, moved, confirmed, following its request to another technician, cancelled with it", async () => {
    const date = dayFromNow(9);
    const res = await call(P.customer, 'POST', '/api/bookings', booking({ starts_at: at(date, '09:00'), notes: 'Gate code 12' }));
    expect(res.statusCode, res.body).toBe(201);
    const { appointment: ap, service_request: sr } = res.json();
    const first = ap.technician.id === P.tech.id ? P.tech : P.tech2;
    const other = first === P.tech ? P.tech2 : P.tech;
    expect((await call(P.customer, 'POST', `/api/appointments/${ap.id}/reschedule`, { starts_at: at(date, '11:00') })).statusCode).toBe(200);
    const confirmed = await call(first, 'POST', `/api/appointments/${ap.id}/confirm`, {});
    expect(confirmed.json().history.map((h: { event: string }) => h.event)).toEqual(['booked', 'reschedule', 'confirm']);
    // A refused action leaves no entry.
    expect((await call(P.customer, 'POST', `/api/appointments/${ap.id}/confirm`, {})).statusCode).toBe(403);
    expect((await call(P.admin, 'POST', `/api/service-requests/${sr.id}/assign`, { technician_id: other.id })).statusCode).toBe(200);
    expect((await call(P.admin, 'POST', `/api/service-requests/${sr.id}/cancel`, { reason: 'Customer sold the phone' })).statusCode).toBe(200);

    const detail = (await call(P.customer, 'GET', `/api/appointments/${ap.id}`)).json();
    expect(detail.history).toMatchObject([
      { event: 'booked', from_status: null, to_status: 'scheduled', starts_at: new Date(at(date, '09:00')).toISOString(), previous_starts_at: null, technician: { id: first.id }, actor: { id: P.customer.id, name: 'Cust One' }, note: 'Gate code 12' },
      { event: 'reschedule', from_status: 'scheduled', to_status: 'scheduled', starts_at: new Date(at(date, '11:00')).toISOString(), previous_starts_at: new Date(at(date, '09:00')).toISOString(), actor: { id: P.customer.id } },
      { event: 'confirm', from_status: 'scheduled', to_status: 'confirmed', actor: { id: first.id } },
      { event: 'reassigned', from_status: 'confirmed', to_status: 'confirmed', technician: { id: other.id, name: other.name }, actor: { id: P.admin.id } },
      { event: 'cancel', from_status: 'confirmed', to_status: 'cancelled', technician: { id: other.id }, actor: { id: P.admin.id }, note: 'Customer sold the phone' },
    ]);
    const times = detail.history.map((h: { at: string }) => Date.parse(h.at));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
  });

  it('20 customers racing for the last free slot: exactly one booking, the others 409 slot_unavailable', async () => {
    const date = dayFromNow(6);
    // Only Alpha works that day, one slot.
    const weekday = String(DateTime.fromISO(date, { zone: ZONE }).weekday % 7);
    await setHours(P.tech.id, { ...ALL_DAY, [weekday]: { start: '10:00', end: '11:00' } });
    await setHours(P.tech2.id, { ...ALL_DAY, [weekday]: null });
    try {
      const racers = await Promise.all(Array.from({ length: 20 }, () => person(server, 'customer')));
      const results = await Promise.all(racers.map((r) => call(r, 'POST', '/api/bookings', booking({ starts_at: at(date, '10:00') }))));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().error.code).toBe('slot_unavailable');
      const [{ n }] = (await q<{ n: number }>(sql`select count(*)::int as n from appointments where starts_at = ${at(date, '10:00')}::timestamptz`)) as [{ n: number }];
      expect(n).toBe(1);
      // The losers left no request behind.
      const [{ r }] = (await q<{ r: number }>(sql`select count(*)::int as r from service_requests where customer_id in (${sql.join(racers.map((x) => sql`${x.id}::uuid`), sql`, `)})`)) as [{ r: number }];
      expect(r).toBe(1);
      expect((await call(P.customer, 'GET', `/api/availability?service_kind=office&service_type=${TYPE}&date=${date}`)).json().slots).toEqual([]);
    } finally {
      await setHours(P.tech.id, ALL_DAY);
      await setHours(P.tech2.id, ALL_DAY);
    }
  });

  /**
   * Fault injection for the booking's last line of defence: a trigger makes the database refuse
   * the appointment of the chosen technicians with the exclusion constraint's own error (23P01),
   * as when a booking committed between the check and the insert. The booking must roll that
   * try back whole (request, number, notifications) and give the slot to the next technician;
   * with every technician refused, 409 slot_unavailable and nothing written.
   */
  it('a booking refused by the exclusion constraint falls back to the next technician, leaving nothing of the failed try', async () => {
    const refuse = async (ids: string[]) => {
      await server.ctx.db.execute(
        sql.raw(`
        create or replace function test_refuse_appointment() returns trigger language plpgsql as $$
        begin
          if new.technician_id in (${ids.map((id) => `'${id}'::uuid`).join(', ')}) then
            raise exception 'injected overlap' using errcode = 'exclusion_violation';
          end if;
          return new;
        end $$`),
      );
      await server.ctx.db.execute(sql.raw('drop trigger if exists test_refuse_appointment on appointments'));
      await server.ctx.db.execute(sql.raw('create trigger test_refuse_appointment before insert on appointments for each row execute function test_refuse_appointment()'));
    };
    // Rows of each kind, and the appointment and request counters (a rolled-back try gives its numbers back).
    const counts = () =>
      q<{ a: number; r: number; n: number; c: string }>(sql`select (select count(*)::int from appointments) as a, (select count(*)::int from service_requests) as r,
        (select count(*)::int from notifications) as n, (select string_agg(kind || '=' || value, ',' order by kind) from counters) as c`).then((rows) => rows[0]!);
    const date = dayFromNow(8);
    try {
      // Alpha is first choice on an empty day (fewest appointments, then name): refused → Beta.
      await refuse([P.tech.id]);
      const before = await counts();
      const res = await call(P.customer, 'POST', '/api/bookings', booking({ starts_at: at(date, '10:00') }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().appointment.technician.id).toBe(P.tech2.id);
      expect(res.json().service_request.technician.id).toBe(P.tech2.id);
      const after = await counts();
      expect(after.a - before.a).toBe(1);
      expect(after.r - before.r).toBe(1);
      // Beta was told of the job; nothing of Alpha's rolled-back try is left (no notice names the request to Alpha).
      const toldOf = async (userId: string) =>
        (await q<{ n: number }>(sql`select count(*)::int as n from notifications where user_id = ${userId}::uuid and params::text like ${`%${res.json().service_request.number}%`}`))[0]!.n;
      expect(await toldOf(P.tech2.id)).toBeGreaterThan(0);
      expect(await toldOf(P.tech.id)).toBe(0);

      // Both refused: 409 slot_unavailable and nothing written.
      await refuse([P.tech.id, P.tech2.id]);
      const before2 = await counts();
      const none = await call(P.customer, 'POST', '/api/bookings', booking({ starts_at: at(date, '11:00') }));
      expect(none.statusCode, none.body).toBe(409);
      expect(none.json().error.code).toBe('slot_unavailable');
      expect(await counts()).toEqual(before2);
    } finally {
      await server.ctx.db.execute(sql.raw('drop trigger if exists test_refuse_appointment on appointments'));
      await server.ctx.db.execute(sql.raw('drop function if exists test_refuse_appointment()'));
    }
  });

  it('no technician ever has two overlapping live appointments, even by direct SQL', async () => {
    const [a] = await q<{ customer_id: string; service_request_id: string; technician_id: string; starts_at: string }>(
      sql`select customer_id, service_request_id, technician_id, starts_at::text from appointments where status = 'scheduled' limit 1`,
    );
    const insert = (status: string, shiftMinutes: number) =>
      server.ctx.db.execute(sql`
        insert into appointments (number, customer_id, service_request_id, technician_id, service_kind, starts_at, ends_at, status)
        values (${`AP-X${status}${shiftMinutes}`}, ${a!.customer_id}::uuid, ${a!.service_request_id}::uuid, ${a!.technician_id}::uuid, 'office',
          ${a!.starts_at}::timestamptz + make_interval(mins => ${shiftMinutes}), ${a!.starts_at}::timestamptz + make_interval(mins => ${shiftMinutes + 60}), ${status}::appointment_status)`);
    await expect(insert('scheduled', 30)).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23P01' }) });
    await expect(insert('confirmed', -30)).rejects.toThrow();
    // Back to back is fine (half-open ranges); a cancelled one does not hold the time.
    await insert('cancelled', 0);
    await insert('scheduled', 60);
  });
});

describe(`appointments: reads, roles and the state machine (${TEST_DB})`, () => {
  let requestId: string;
  let seq = 0;
  /** An appointment straight into the table, at an hour of its own (no overlaps between cases). */
  async function appointment(status: AppointmentStatus, started: boolean, tech = P.tech, customer = P.customer): Promise<{ id: string; starts_at: string }> {
    seq++;
    const start = started
      ? DateTime.now().setZone(ZONE).startOf('hour').minus({ hours: 400 + seq })
      : DateTime.now().setZone(ZONE).startOf('day').plus({ days: 20 }).plus({ hours: seq });
    const [row] = await q<{ id: string }>(sql`
      insert into appointments (number, customer_id, service_request_id, technician_id, service_kind, starts_at, ends_at, status)
      values (${`AP-T${String(seq).padStart(5, '0')}`}, ${customer.id}::uuid, ${requestId}::uuid, ${tech.id}::uuid, 'office',
        ${start.toISO()}::timestamptz, ${start.plus({ hours: 1 }).toISO()}::timestamptz, ${status}::appointment_status)
      returning id`);
    return { id: row!.id, starts_at: start.toUTC().toISO()! };
  }

  beforeAll(async () => {
    const res = await call(P.customer, 'POST', '/api/bookings', booking({ starts_at: at(dayFromNow(7), '07:00') }));
    requestId = res.json().service_request.id;
  });

  it('every action × role × status × time, as the shared machine says', async () => {
    const roles: Person[] = [P.customer, P.tech, P.admin];
    const lead = DEFAULT_SETTINGS.booking_lead_hours;
    const failures: string[] = [];
    for (const action of APPOINTMENT_ACTIONS) {
      for (const status of APPOINTMENT_STATUSES) {
        for (const started of [false, true]) {
          for (const who of roles) {
            const a = await appointment(status, started);
            const expected = appointmentRefusal({ status, customer_id: P.customer.id, technician_id: P.tech.id, starts_at: a.starts_at }, { userId: who.id, role: who.role }, action, { now: Date.now(), lead_hours: lead });
            const body: Record<AppointmentAction, unknown> = {
              confirm: {},
              complete: {},
              'no-show': {},
              cancel: { reason: 'Plans changed' },
              // A free hour of the same technician, weeks later.
              reschedule: { starts_at: DateTime.now().setZone(ZONE).startOf('day').plus({ days: 40, hours: seq }).toISO({ suppressMilliseconds: true }) },
            };
            const res = await call(who, 'POST', `/api/appointments/${a.id}/${action}`, body[action]);
            const want = expected === null ? 200 : expected === 'forbidden' ? 403 : 409;
            const code = { invalid_state: 'invalid_state', lead_time_passed: 'lead_time_passed', not_started: 'appointment_not_started' } as Record<string, string>;
            const ok = res.statusCode === want && (want !== 409 || res.json().error.code === code[expected!]);
            if (!ok) failures.push(`${who.role} ${action} ${status} started=${started}: ${res.statusCode} ${res.body.slice(0, 120)} (expected ${want} ${expected})`);
            if (want === 200) {
              const [after] = await q<{ status: string }>(sql`select status from appointments where id = ${a.id}::uuid`);
              const to = { confirm: 'confirmed', reschedule: 'scheduled', complete: 'completed', 'no-show': 'no_show', cancel: 'cancelled' }[action];
              if (after!.status !== to) failures.push(`${who.role} ${action} ${status}: status ${after!.status}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("another customer's or technician's appointment is a 404; a supervisor is refused outright", async () => {
    const a = await appointment('scheduled', false);
    for (const p of [P.customer2, P.tech2]) {
      expect((await call(p, 'GET', `/api/appointments/${a.id}`)).statusCode).toBe(404);
      expect((await call(p, 'POST', `/api/appointments/${a.id}/cancel`, { reason: 'x' })).statusCode).toBe(404);
      expect((await call(p, 'POST', `/api/appointments/${a.id}/confirm`)).statusCode).toBe(404);
    }
    expect((await call(P.sup, 'GET', `/api/appointments/${a.id}`)).statusCode).toBe(403);
    expect((await call(P.customer, 'GET', `/api/appointments/${a.id}`)).json().allowed_actions).toEqual(['reschedule', 'cancel']);
    expect((await call(P.tech, 'GET', `/api/appointments/${a.id}`)).json().allowed_actions).toEqual(['confirm']);
  });

  it('lists: customers their own, technicians theirs, admins all with a technician filter; calendar ranges; keyset pages', async () => {
    const mine = await appointment('scheduled', false, P.tech2, P.customer2);
    const list = async (p: Person, qs = '') => (await call(p, 'GET', `/api/appointments?limit=500${qs}`)).json() as { items: TAppointment[]; total: number; next_cursor: string | null };
    const c2 = await list(P.customer2);
    expect(c2.items.every((i) => i.customer.id === P.customer2.id)).toBe(true);
    expect(c2.items.map((i) => i.id)).toContain(mine.id);
    const t2 = await list(P.tech2);
    expect(t2.items.every((i) => i.technician.id === P.tech2.id)).toBe(true);
    const all = await list(P.admin);
    const byTech = await list(P.admin, `&technician_id=${P.tech2.id}`);
    expect(byTech.total).toBe(t2.total);
    expect(all.total).toBeGreaterThan(byTech.total);
    // A calendar range: the hour of `mine` only.
    const from = mine.starts_at;
    const to = DateTime.fromISO(mine.starts_at).plus({ minutes: 30 }).toUTC().toISO()!;
    const range = await list(P.admin, `&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&technician_id=${P.tech2.id}`);
    expect(range.items.map((i) => i.id)).toEqual([mine.id]);
    // Walk the admin list in pages of 7: every row once, in start order.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: TAppointment[]; next_cursor: string | null } = (await call(P.admin, 'GET', `/api/appointments?limit=7${cursor ? `&cursor=${cursor}` : ''}`)).json();
      seen.push(...page.items.map((i) => i.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((i) => i.id));
    expect((await call(P.admin, 'GET', '/api/appointments?cursor=garbage')).statusCode).toBe(400);
    expect((await call(P.admin, 'GET', '/api/appointments?status=bogus')).statusCode).toBe(400);
  });

  it('reschedule keeps the technician and needs their free slot; cancel drops the reminders', async () => {
    const res = await call(P.customer, 'POST', '/api/bookings', booking({ starts_at: at(dayFromNow(8), '09:00') }));
    const ap = res.json().appointment as TAppointment;
    const busy = await call(P.admin, 'POST', '/api/bookings', booking({ customer_id: P.customer2.id, starts_at: at(dayFromNow(8), '11:00') }));
    const other = busy.json().appointment as TAppointment;
    // Onto a time its technician is booked: refused.
    const clash = await call(P.customer, 'POST', `/api/appointments/${ap.id}/reschedule`, { starts_at: other.technician.id === ap.technician.id ? other.starts_at : at(dayFromNow(8), '09:30') });
    expect(clash.json().error.code).toBe('slot_unavailable');
    const moved = await call(P.customer, 'POST', `/api/appointments/${ap.id}/reschedule`, { starts_at: at(dayFromNow(9), '15:00') });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ starts_at: DateTime.fromISO(at(dayFromNow(9), '15:00')).toUTC().toISO(), technician: { id: ap.technician.id }, status: 'scheduled' });
    const jobs = await q<{ starts_at: string }>(sql`select payload->>'starts_at' as starts_at from jobs where subject_id = ${ap.id}::uuid and done_at is null`);
    expect(new Set(jobs.map((j) => j.starts_at))).toEqual(new Set([DateTime.fromISO(at(dayFromNow(9), '15:00')).toUTC().toISO()]));
    const cancelled = await call(P.customer, 'POST', `/api/appointments/${ap.id}/cancel`, { reason: 'No longer needed' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancel_reason: 'No longer needed', allowed_actions: [] });
    expect(await q(sql`select 1 from jobs where subject_id = ${ap.id}::uuid and done_at is null`)).toEqual([]);
    // The technician was told of both changes.
    const told = await q<{ title: string }>(sql`select title from notifications where user_id = ${ap.technician.id}::uuid and params->>'number' = ${ap.number} order by created_at`);
    expect(told.map((t) => t.title)).toEqual(['notifications.appointment_job_booked.title', 'notifications.appointment_rescheduled.title', 'notifications.appointment_cancelled.title']);
  });

  it('the customer dashboard lists upcoming appointments', async () => {
    const res = await call(P.customer, 'GET', '/api/dashboard/customer');
    expect(res.statusCode).toBe(200);
    const upcoming = res.json().upcoming_appointments;
    expect(upcoming.length).toBeGreaterThan(0);
    expect(upcoming.every((u: { status: string }) => ['scheduled', 'confirmed'].includes(u.status))).toBe(true);
  });
});

describe(`demo data (${TEST_DB})`, () => {
  it('has appointments around today for the assigned demo requests, with their technicians: past ones and coming ones, on working days and hours', async () => {
    const rows = await q<{ starts_at: string; same_tech: boolean }>(sql`
      select a.starts_at::text, a.technician_id = r.technician_id as same_tech
      from appointments a join service_requests r on r.id = a.service_request_id join users u on u.id = a.technician_id
      where u.email like '%@demo.test' and a.created_by is not null`);
    const now = DateTime.now().setZone(ZONE);
    const starts = rows.map((r) => DateTime.fromSQL(r.starts_at, { zone: 'utc' }).setZone(ZONE));
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.filter((r) => !r.same_tech)).toEqual([]);
    // Four working days back to four ahead: within six calendar days either way.
    expect(starts.filter((t) => Math.abs(t.startOf('day').diff(now.startOf('day'), 'days').days) > 6).map(String)).toEqual([]);
    expect(starts.filter((t) => t.weekday === 5 || t.weekday === 6 || t.hour < 9 || t.hour > 15).map(String)).toEqual([]);
    expect(starts.some((t) => t < now)).toBe(true);
    expect(starts.some((t) => t > now)).toBe(true);
    // Each begins its history with its booking, and a confirmed one has its confirmation.
    const stories = await q<{ number: string; status: string; events: string[] }>(sql`
      select a.number, a.status, array(select h.event from appointment_history h where h.appointment_id = a.id order by h.created_at) as events
      from appointments a join users u on u.id = a.technician_id
      -- The seed's (this file also inserts rows for demo technicians by direct SQL, with no creator).
      where u.email like '%@demo.test' and a.created_by is not null`);
    for (const story of stories) expect(story.events, JSON.stringify(story)).toEqual(story.status === 'confirmed' ? ['booked', 'confirm'] : ['booked']);
  });
});

describe(`schedules and time off (${TEST_DB})`, () => {
  it('technicians manage their own, admins anyone; a change that strands a booked appointment is refused with the appointments', async () => {
    const t = await person(server, 'technician', 'Gamma Tech');
    await setHours(t.id, ALL_DAY);
    expect((await call(t, 'GET', `/api/technicians/${t.id}/schedule`)).json()).toMatchObject({ technician_id: t.id, time_zone: ZONE });
    expect((await call(P.tech, 'GET', `/api/technicians/${t.id}/schedule`)).statusCode).toBe(404);
    expect((await call(P.customer, 'GET', `/api/technicians/${t.id}/schedule`)).statusCode).toBe(403);
    // Book Gamma: only Gamma works on that day at 06:00.
    const date = dayFromNow(10);
    await server.ctx.db.execute(sql`update technicians set skills = '{}' where user_id in (${P.tech.id}::uuid, ${P.tech2.id}::uuid)`);
    const res = await call(P.customer, 'POST', '/api/bookings', booking({ starts_at: at(date, '06:00') }));
    await setHours(P.tech.id, ALL_DAY);
    await setHours(P.tech2.id, ALL_DAY);
    const ap = res.json().appointment as TAppointment;
    expect(ap.technician.id).toBe(t.id);

    const weekday = String(DateTime.fromISO(date, { zone: ZONE }).weekday % 7);
    const shorter = await call(t, 'PUT', `/api/technicians/${t.id}/schedule`, { weekly_hours: { ...ALL_DAY, [weekday]: { start: '08:00', end: '17:00' } } });
    expect(shorter.statusCode).toBe(409);
    expect(shorter.json().error).toMatchObject({ code: 'schedule_conflict', details: { appointments: [{ id: ap.id, number: ap.number }] } });
    // The admin's technician page changes the same hours through another route: the same rule, nothing written.
    const patched = await call(P.admin, 'PATCH', `/api/admin/technicians/${t.id}`, { weekly_hours: { ...ALL_DAY, [weekday]: null } });
    expect(patched.statusCode).toBe(409);
    expect(patched.json().error).toMatchObject({ code: 'schedule_conflict', details: { appointments: [{ id: ap.id }] } });
    expect((await call(t, 'GET', `/api/technicians/${t.id}/schedule`)).json().weekly_hours[weekday]).toEqual(ALL_DAY[weekday as keyof typeof ALL_DAY]);
    const away = await call(P.admin, 'POST', `/api/technicians/${t.id}/time-off`, { starts_at: at(date, '00:00'), ends_at: at(dayFromNow(11), '00:00'), reason: 'Leave' });
    expect(away.json().error).toMatchObject({ code: 'schedule_conflict', details: { appointments: [{ id: ap.id }] } });
    expect((await call(t, 'POST', `/api/technicians/${t.id}/time-off`, { starts_at: at(date, '09:00'), ends_at: at(date, '08:00') })).json().error.fields).toEqual({ ends_at: 'invalid' });

    // Around the appointment it works; the slots follow.
    const off = await call(t, 'POST', `/api/technicians/${t.id}/time-off`, { starts_at: at(date, '08:00'), ends_at: at(date, '12:00'), reason: 'Dentist' });
    expect(off.statusCode, off.body).toBe(201);
    const ok = await call(t, 'PUT', `/api/technicians/${t.id}/schedule`, { weekly_hours: { ...ALL_DAY, [weekday]: { start: '06:00', end: '14:00' } } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().weekly_hours[weekday]).toEqual({ start: '06:00', end: '14:00' });
    const list = (await call(t, 'GET', `/api/technicians/${t.id}/time-off`)).json();
    expect(list.items.map((i: { id: string }) => i.id)).toEqual([off.json().id]);
    expect((await call(P.tech, 'DELETE', `/api/technicians/${t.id}/time-off/${off.json().id}`)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/technicians/${t.id}/time-off/${off.json().id}`)).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/technicians/${t.id}/time-off`)).json().items).toEqual([]);
  });
});
