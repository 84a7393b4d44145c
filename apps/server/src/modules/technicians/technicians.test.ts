import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ZCreateServiceRequest, type TTechnician } from '@portal/shared';
import { auditLog, serviceRequests, sessions, technicians, users, warehouses } from '../../db/schema.js';
import { createUser, outbox, startTestServer, type TestServer } from '../../../test/harness.js';
import { applyRequestAction, createServiceRequest } from '../service-requests/index.js';

let server: TestServer;
let admin: string;
let adminId: string;
let customerId: string;
beforeAll(async () => {
  server = await startTestServer();
  const session = await server.signIn('admin@demo.test');
  admin = session.access_token;
  adminId = session.user.id;
  customerId = (await createUser(server, { role: 'customer' })).user.id;
});
afterAll(() => server.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => server.call(method, url, { token: admin, body });
const week = { '0': { start: '08:00', end: '16:00' }, '1': { start: '09:30', end: '17:00' }, '4': null };

/** A request assigned to `technicianId`, in `status`; `rating` given once completed. */
async function requestFor(technicianId: string, status: 'assigned' | 'in_progress' | 'completed', rating?: number) {
  return server.ctx.db.transaction(async (tx) => {
    const me = { userId: adminId, role: 'admin' as const, ip: null };
    const r = await createServiceRequest(
      tx,
      me,
      ZCreateServiceRequest.parse({
        customer_id: customerId,
        priority: 'medium',
        location: 'office',
        service_type: 'laptop',
        fault_type: 'screen',
        problem_description: 'Flickers',
        device: { brand: 'Dell', model: 'XPS', warranty_status: 'unknown' },
      }),
    );
    await applyRequestAction(tx, me, r.id, 'assign', { technician_id: technicianId });
    if (status !== 'assigned') await applyRequestAction(tx, me, r.id, 'start', { note: null });
    if (status === 'completed') {
      await applyRequestAction(tx, me, r.id, 'complete', { diagnosis: 'cable', resolution: 'reseated' });
      if (rating) await tx.update(serviceRequests).set({ rating }).where(eq(serviceRequests.id, r.id));
    }
    return r;
  });
}

async function newTechnician(over: Record<string, unknown> = {}): Promise<TTechnician> {
  const res = await call('POST', '/api/admin/technicians', {
    name: `Tech ${Math.random().toString(36).slice(2, 8)}`,
    email: `tech-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@test.test`,
    mobile: '+966500000222',
    skills: ['laptop', 'phone'],
    weekly_hours: week,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('admin: creating a technician in one step', () => {
  it('creates the account, the profile with skills and weekly hours, and a VAN- warehouse, and mails the welcome link', async () => {
    const mails = (await outbox(server)).length;
    const t = await newTechnician();
    expect(t).toMatchObject({ skills: ['laptop', 'phone'], active: true, open_jobs: 0, today_load: 0, average_rating: null, rating_count: 0 });
    expect(t.weekly_hours).toEqual({ '0': week['0'], '1': week['1'], '2': null, '3': null, '4': null, '5': null, '6': null });
    expect(t.van!.code).toMatch(/^VAN-\d{4,}$/);
    const [van] = await server.ctx.db.select().from(warehouses).where(eq(warehouses.id, t.van!.id));
    expect(van).toMatchObject({ kind: 'van', technicianId: t.id, active: true });
    const [u] = await server.ctx.db.select().from(users).where(eq(users.id, t.id));
    expect(u).toMatchObject({ role: 'technician', email: t.email });
    const sent = await outbox(server, mails + 1);
    expect(sent.slice(mails).some((m) => m.includes(`To: ${t.email}`) && /reset-password\?code=[^&\s]+&welcome=1#verifier=/.test(m))).toBe(true);
    const [row] = await server.ctx.db.select().from(auditLog).where(and(eq(auditLog.entityId, t.id), eq(auditLog.action, 'technician.created')));
    expect(row!.after).toMatchObject({ role: 'technician', skills: ['laptop', 'phone'] });
  });

  it('takes a van code; a taken one, an unknown skill or bad hours are refused and nothing is written', async () => {
    const t = await newTechnician({ van_code: 'VAN-NORTH-1' });
    expect(t.van!.code).toBe('VAN-NORTH-1');
    const countOf = async () => ({
      users: (await server.ctx.db.select({ id: users.id }).from(users)).length,
      vans: (await server.ctx.db.select({ id: warehouses.id }).from(warehouses)).length,
      techs: (await server.ctx.db.select({ id: technicians.userId }).from(technicians)).length,
    });
    const before = await countOf();
    const email = `dup-van-${Date.now()}@test.test`;
    const taken = await call('POST', '/api/admin/technicians', { name: 'Dup', email, van_code: 'van-north-1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'code_taken', fields: { van_code: 'invalid' } });
    const skill = await call('POST', '/api/admin/technicians', { name: 'Dup', email, skills: ['laptop', 'rocket_science'] });
    expect(skill.statusCode).toBe(400);
    expect(skill.json().error.fields).toEqual({ skills: 'invalid' });
    const hours = await call('POST', '/api/admin/technicians', {
      name: 'Dup',
      email,
      weekly_hours: { '1': { start: '17:00', end: '09:00' }, '2': { start: '8am', end: '12:00' }, '9': null },
    });
    expect(hours.statusCode).toBe(400);
    expect(Object.keys(hours.json().error.fields).sort()).toEqual(['weekly_hours.1.end', 'weekly_hours.2.start', 'weekly_hours.9']);
    const emailTaken = await call('POST', '/api/admin/technicians', { name: 'Dup', email: t.email });
    expect(emailTaken.json().error.code).toBe('email_taken');
    expect(await countOf()).toEqual(before);
    expect(await server.ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});

describe('admin: the technicians list', () => {
  it("shows open jobs, today's load and average rating; searches, filters and sorts", async () => {
    const tag = `lst${Date.now()}`;
    const busy = await newTechnician({ name: `${tag} Busy`, skills: ['network'] });
    const idle = await newTechnician({ name: `${tag} Idle`, skills: ['laptop'] });
    await requestFor(busy.id, 'assigned');
    await requestFor(busy.id, 'in_progress');
    await requestFor(busy.id, 'completed', 5);
    await requestFor(busy.id, 'completed', 4);
    await requestFor(idle.id, 'completed', 2);

    const res = await call('GET', `/api/admin/technicians?q=${tag}`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.total).toBe(2);
    const [b, i] = page.items as TTechnician[];
    expect(b).toMatchObject({ name: `${tag} Busy`, open_jobs: 2, today_load: 2, average_rating: '4.5', rating_count: 2 });
    expect(i).toMatchObject({ name: `${tag} Idle`, open_jobs: 0, today_load: 0, average_rating: '2.0', rating_count: 1 });

    // Assigned yesterday (company time): open, but not today's load.
    await server.ctx.db.execute(sql`update service_requests set assigned_at = now() - interval '2 days' where technician_id = ${busy.id}::uuid and status = 'assigned'`);
    expect((await call('GET', `/api/admin/technicians/${busy.id}`)).json()).toMatchObject({ open_jobs: 2, today_load: 1 });

    expect((await call('GET', `/api/admin/technicians?q=${tag}&skill=network`)).json().items.map((t: TTechnician) => t.id)).toEqual([busy.id]);
    expect((await call('GET', `/api/admin/technicians?q=${busy.van!.code}`)).json().items.map((t: TTechnician) => t.id)).toEqual([busy.id]);
    expect((await call('GET', `/api/admin/technicians?q=${tag}&sort=rating&order=asc`)).json().items.map((t: TTechnician) => t.id)).toEqual([idle.id, busy.id]);
    expect((await call('GET', `/api/admin/technicians?q=${tag}&sort=open_jobs&order=desc`)).json().items[0].id).toBe(busy.id);
    const first = (await call('GET', `/api/admin/technicians?q=${tag}&sort=today_load&order=desc&limit=1`)).json();
    expect(first.items[0].id).toBe(busy.id);
    const second = (await call('GET', `/api/admin/technicians?q=${tag}&sort=today_load&order=desc&limit=1&cursor=${first.next_cursor}`)).json();
    expect(second.items.map((t: TTechnician) => t.id)).toEqual([idle.id]);
    expect(second.next_cursor).toBeNull();
    // Every demo technician is listed too, none of the other roles.
    const everyone = (await call('GET', '/api/admin/technicians?limit=100')).json();
    const roles = await server.ctx.db.select({ id: users.id, role: users.role }).from(users);
    for (const t of everyone.items) expect(roles.find((r) => r.id === t.id)!.role).toBe('technician');
  });
});

describe('admin: editing and deactivating a technician', () => {
  it('changes skills, weekly hours and van (to an unassigned one), audited', async () => {
    const t = await newTechnician();
    const [spare] = await server.ctx.db.insert(warehouses).values({ code: `VAN-SPARE-${Date.now()}`, name: 'Spare van', kind: 'van' }).returning();
    const res = await call('PATCH', `/api/admin/technicians/${t.id}`, {
      skills: ['printer', 'printer', 'appliance'],
      weekly_hours: { '6': { start: '10:00', end: '14:00' } },
      van_warehouse_id: spare!.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ skills: ['printer', 'appliance'], van: { id: spare!.id } });
    expect(res.json().weekly_hours['6']).toEqual({ start: '10:00', end: '14:00' });
    expect(res.json().weekly_hours['0']).toBeNull();
    const [old] = await server.ctx.db.select().from(warehouses).where(eq(warehouses.id, t.van!.id));
    expect(old!.technicianId).toBeNull();
    const [moved] = await server.ctx.db.select().from(warehouses).where(eq(warehouses.id, spare!.id));
    expect(moved!.technicianId).toBe(t.id);
    const [row] = await server.ctx.db.select().from(auditLog).where(and(eq(auditLog.entityId, t.id), eq(auditLog.action, 'technician.updated')));
    expect(row!.before).toMatchObject({ skills: ['laptop', 'phone'], van: t.van!.code });

    // Another technician's van, a warehouse that is no van, an unknown skill, bad hours: refused.
    const other = await newTechnician();
    expect((await call('PATCH', `/api/admin/technicians/${t.id}`, { van_warehouse_id: other.van!.id })).statusCode).toBe(409);
    const [main] = await server.ctx.db.select().from(warehouses).where(eq(warehouses.kind, 'main'));
    expect((await call('PATCH', `/api/admin/technicians/${t.id}`, { van_warehouse_id: main!.id })).json().error.fields).toEqual({ van_warehouse_id: 'invalid' });
    expect((await call('PATCH', `/api/admin/technicians/${t.id}`, { skills: ['nope'] })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/admin/technicians/${t.id}`, { weekly_hours: { '3': { start: '12:00', end: '12:00' } } })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/admin/technicians/${t.id}`, {})).statusCode).toBe(400);
    expect((await call('PATCH', `/api/admin/technicians/${adminId}`, { skills: [] })).statusCode).toBe(404);
  });

  it('refuses to deactivate (or demote) a technician with open requests or future appointments, listing them; then deactivates and ends their sessions', async () => {
    const t = await newTechnician();
    const a = await requestFor(t.id, 'assigned');
    const b = await requestFor(t.id, 'in_progress');
    await requestFor(t.id, 'completed', 3);
    const { access_token } = await (async () => {
      const { sessionFor } = await import('../../../test/harness.js');
      return sessionFor(server, t.id);
    })();
    const refused = await call('PATCH', `/api/admin/technicians/${t.id}`, { active: false, skills: ['phone'] });
    expect(refused.statusCode).toBe(409);
    const error = refused.json().error;
    expect(error.code).toBe('technician_busy');
    expect(error.details.requests.map((r: { number: string }) => r.number).sort()).toEqual([a.number, b.number].sort());
    expect(error.details.requests.map((r: { status: string }) => r.status).sort()).toEqual(['assigned', 'in_progress']);
    expect(error.details.appointments).toEqual([]);
    // Nothing changed, not even the skills sent along.
    expect((await call('GET', `/api/admin/technicians/${t.id}`)).json()).toMatchObject({ active: true, skills: ['laptop', 'phone'] });
    // The users screen cannot go around it.
    expect((await call('PATCH', `/api/admin/users/${t.id}`, { active: false })).json().error.code).toBe('technician_busy');
    expect((await call('PATCH', `/api/admin/users/${t.id}`, { role: 'customer' })).json().error.code).toBe('technician_busy');
    expect((await server.call('GET', '/api/auth/user', { token: access_token })).statusCode).toBe(200);

    // Once the work is closed, deactivation goes through and ends their sessions.
    await server.ctx.db.execute(sql`update service_requests set status = 'cancelled' where technician_id = ${t.id}::uuid and status <> 'completed'`);
    // A booked visit still to come holds them too.
    await server.ctx.db.execute(sql`
      insert into appointments (number, customer_id, service_request_id, technician_id, service_kind, starts_at, ends_at)
      select 'AP-BUSY-1', r.customer_id, r.id, ${t.id}::uuid, 'office', now() + interval '2 days', now() + interval '2 days 1 hour'
      from service_requests r where r.id = ${a.id}::uuid`);
    const booked = await call('PATCH', `/api/admin/technicians/${t.id}`, { active: false });
    expect(booked.statusCode).toBe(409);
    expect(booked.json().error.details).toMatchObject({ requests: [], appointments: [{ number: 'AP-BUSY-1' }], total: 1 });
    await server.ctx.db.execute(sql`update appointments set status = 'cancelled' where number = 'AP-BUSY-1'`);
    const done = await call('PATCH', `/api/admin/technicians/${t.id}`, { active: false });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().active).toBe(false);
    const [profile] = await server.ctx.db.select().from(technicians).where(eq(technicians.userId, t.id));
    expect(profile!.active).toBe(false);
    expect((await server.call('GET', '/api/auth/user', { token: access_token })).statusCode).toBe(401);
    const live = await server.ctx.db.select().from(sessions).where(eq(sessions.userId, t.id));
    expect(live.every((s) => s.revokedAt)).toBe(true);
    expect((await call('GET', `/api/admin/technicians?q=${encodeURIComponent(t.email)}&active=false`)).json().total).toBe(1);
    // Reactivated: both flags again.
    expect((await call('PATCH', `/api/admin/technicians/${t.id}`, { active: true })).json().active).toBe(true);
    const [again] = await server.ctx.db.select().from(technicians).where(eq(technicians.userId, t.id));
    expect(again!.active).toBe(true);
  });
});
