import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
  can,
  PRIORITIES,
  requestRefusal,
  SERVICE_REQUEST_ACTION_ACCESS,
  SERVICE_REQUEST_ACTIONS,
  SERVICE_REQUEST_RULES,
  SERVICE_REQUEST_STATUSES,
  type ServiceRequestAction,
  type ServiceRequestStatus,
  type TCreateServiceRequest,
  type TServiceRequest,
  type TServiceRequestList,
  ZCreateServiceRequest,
} from '@portal/shared';
import { attachments, auditLog, counters, customers, notifications, serviceRequestHistory, serviceRequests, users } from '../../db/schema.js';
import { caller, outbox, person, type Person, startTestServer, TEST_DB, type TestServer } from '../../../test/harness.js';
import { rowsOf } from '../../db/rows.js';
import arMessages from '@portal/shared/locales/ar.json' with { type: 'json' };
import enMessages from '@portal/shared/locales/en.json' with { type: 'json' };
import { applyRequestAction, createServiceRequest, giveFeedback } from './index.js';
import { isoOfUtcText, listRequests, listStatement, type ListQueryInput } from './list-queries.js';

let server: TestServer;
const people: Record<'admin' | 'admin2' | 'tech' | 'tech2' | 'customer' | 'customer2' | 'sup', Person> = {} as never;

const call = (p: Person | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown) =>
  server.call(method, url, { token: p?.token, body: method === 'GET' ? undefined : (body ?? {}) });

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000d49484452', 'hex'), Buffer.alloc(32, 1)]);
const signature = `data:image/png;base64,${PNG.toString('base64')}`;

const input = (over: Partial<TCreateServiceRequest> & { serial?: string | null } = {}): TCreateServiceRequest => {
  const { serial, ...rest } = over;
  return {
    priority: 'medium',
    location: 'office',
    address: null,
    service_type: 'laptop',
    fault_type: 'screen',
    problem_description: 'The screen flickers',
    additional_notes: null,
    device: {
      brand: 'Dell',
      model: 'XPS 13',
      serial_number: serial === undefined ? null : serial,
      warranty_status: 'unknown',
      warranty_number: null,
      warranty_expiry: null,
    },
    ...rest,
  };
};

/** A request of `customer`, brought to `status` by an admin (the technician `tech` once assigned). */
async function requestIn(status: ServiceRequestStatus, customer: Person = people.customer, tech: Person = people.tech, over: Parameters<typeof input>[0] = {}) {
  return server.ctx.db.transaction(async (tx) => {
    const admin = caller(people.admin2);
    const r = await createServiceRequest(tx, caller(customer), ZCreateServiceRequest.parse(input(over)));
    if (status === 'pending') return r;
    await applyRequestAction(tx, admin, r.id, 'assign', { technician_id: tech.id });
    if (status === 'cancelled') {
      await applyRequestAction(tx, admin, r.id, 'cancel', { reason: 'no longer needed' });
      return r;
    }
    if (status === 'assigned') return r;
    await applyRequestAction(tx, admin, r.id, 'start', { note: null });
    if (status === 'in_progress') return r;
    if (status === 'pending_parts') {
      await applyRequestAction(tx, admin, r.id, 'await-parts', { note: 'a new screen' });
      return r;
    }
    await applyRequestAction(tx, admin, r.id, 'complete', { diagnosis: 'loose cable', resolution: 'reseated the cable' });
    return r;
  });
}

const db = () => server.ctx.db;
const historyCount = async (id: string) => (await db().select({ n: count() }).from(serviceRequestHistory).where(eq(serviceRequestHistory.requestId, id)))[0]!.n;
const notificationsOf = (id: string) =>
  db().select({ userId: notifications.userId, title: notifications.title, params: notifications.params }).from(notifications).where(eq(notifications.link, `/dashboard/service-requests/${id}`));
const statusOf = async (id: string) => (await db().select({ status: serviceRequests.status }).from(serviceRequests).where(eq(serviceRequests.id, id)))[0]!.status;

const BODIES: Record<ServiceRequestAction, (status: ServiceRequestStatus) => unknown> = {
  // Reassigning goes to the other technician (the same one is "no change").
  assign: (status) => ({ technician_id: status === 'assigned' ? people.tech2.id : people.tech.id }),
  unassign: () => ({}),
  start: () => ({}),
  'await-parts': () => ({ note: 'waiting for a battery' }),
  resume: () => ({ note: 'battery arrived' }),
  complete: () => ({ diagnosis: 'worn battery', resolution: 'replaced the battery', technician_signature: signature, customer_signature: signature }),
  reopen: () => ({ note: 'still drains fast' }),
  cancel: () => ({ reason: 'changed my mind' }),
};

beforeAll(async () => {
  server = await startTestServer();
  for (const [key, role] of [
    ['admin', 'admin'],
    ['admin2', 'admin'],
    ['tech', 'technician'],
    ['tech2', 'technician'],
    ['customer', 'customer'],
    ['customer2', 'customer'],
    ['sup', 'whs_supervisor'],
  ] as const) {
    people[key] = await person(server, role);
  }
});
afterAll(async () => {
  await server?.close();
});

describe('service request actions, per role and status (from the shared state machine)', () => {
  const roles = ['admin', 'tech', 'customer'] as const;
  const cases = roles.flatMap((who) => SERVICE_REQUEST_STATUSES.flatMap((status) => SERVICE_REQUEST_ACTIONS.map((action) => ({ who, status, action }))));

  it.each(cases)('$who: $action on a $status request', async ({ who, status, action }) => {
    const me = people[who];
    const r = await requestIn(status);
    const [before] = await db().select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
    expect(before!.status).toBe(status);
    const visible = who !== 'tech' || before!.technicianId === me.id;
    const refusal = requestRefusal({ status, customer_id: before!.customerId, technician_id: before!.technicianId }, { userId: me.id, role: me.role }, action);
    const expected = !can(me.role, SERVICE_REQUEST_ACTION_ACCESS[action]) ? 403 : !visible ? 404 : refusal === 'forbidden' ? 403 : refusal ? 409 : 200;

    // What a read offers is exactly what the server allows.
    const read = await call(me, 'GET', `/api/service-requests/${r.id}`);
    expect(read.statusCode).toBe(visible ? 200 : 404);
    if (visible) expect((read.json() as TServiceRequest).allowed_actions.includes(action)).toBe(expected === 200);

    const h0 = await historyCount(r.id);
    const n0 = (await notificationsOf(r.id)).length;
    const a0 = (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.entityId, r.id)))[0]!.n;
    const res = await call(me, 'POST', `/api/service-requests/${r.id}/${action}`, BODIES[action](status));
    expect(res.statusCode, res.body).toBe(expected);

    if (expected === 200) {
      const body = res.json() as TServiceRequest;
      const to = SERVICE_REQUEST_RULES[action].to;
      expect(body.status).toBe(to);
      expect(await statusOf(r.id)).toBe(to);
      expect(body.history.at(-1)).toMatchObject({ from_status: status, to_status: to, actor: { id: me.id, role: me.role } });
      expect(await historyCount(r.id)).toBe(h0 + 1);
      // An audit row for staff.
      expect((await db().select({ n: count() }).from(auditLog).where(eq(auditLog.entityId, r.id)))[0]!.n).toBe(a0 + (me.role === 'customer' ? 0 : 1));
      // The customer and the technicians concerned are told; the actor never.
      const told = (await notificationsOf(r.id)).slice(n0);
      const ids = told.map((n) => n.userId);
      expect(ids).not.toContain(me.id);
      if (me.id !== before!.customerId) expect(ids).toContain(before!.customerId);
      const techAfter = body.technician?.id ?? null;
      if (techAfter && techAfter !== me.id) expect(ids).toContain(techAfter);
      if (before!.technicianId && before!.technicianId !== techAfter && before!.technicianId !== me.id) {
        expect(told).toContainEqual(expect.objectContaining({ userId: before!.technicianId, title: 'notifications.sr_job_unassigned.title' }));
      }
      for (const n of told) {
        expect(n.title).toMatch(/^notifications\.sr_[a-z_]+\.title$/);
        expect(n.params).toMatchObject({ number: r.number });
      }
      // The columns of each action.
      const [after] = await db().select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
      expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(before!.updatedAt.getTime());
      if (action === 'assign') expect(after).toMatchObject({ technicianId: people.tech2.id === body.technician?.id ? people.tech2.id : people.tech.id });
      if (action === 'assign') expect(after!.firstResponseAt).not.toBeNull();
      if (action === 'unassign') expect(after!.technicianId).toBeNull();
      if (action === 'start') expect(after!.startedAt).not.toBeNull();
      if (action === 'await-parts') expect(after).toMatchObject({ awaitingPartsNote: 'waiting for a battery', everPendingParts: true });
      if (action === 'complete') expect(after).toMatchObject({ diagnosis: 'worn battery', resolution: 'replaced the battery' });
      if (action === 'complete') expect(after!.completedAt).not.toBeNull();
      if (action === 'reopen') expect(after).toMatchObject({ reopenCount: before!.reopenCount + 1, completedAt: null });
      if (action === 'cancel') {
        expect(after).toMatchObject({ cancelReason: 'changed my mind', cancelledBy: me.id });
        expect(body.cancellation).toMatchObject({ reason: 'changed my mind', by: { id: me.id } });
      }
    } else {
      if (expected === 409) {
        expect(res.json().error).toMatchObject({ code: 'invalid_state', details: { status } });
        expect(res.json().error.message).toContain(status);
      }
      if (expected === 403) expect(res.json().error.code).toBe('forbidden');
      // A refusal writes nothing.
      expect(await statusOf(r.id)).toBe(status);
      expect(await historyCount(r.id)).toBe(h0);
      expect((await notificationsOf(r.id)).length).toBe(n0);
      const [after] = await db().select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
      expect(after!.updatedAt).toEqual(before!.updatedAt);
    }
  });

  it('a whs_supervisor has no service requests at all (403 on every route)', async () => {
    const r = await requestIn('assigned');
    expect((await call(people.sup, 'GET', `/api/service-requests/${r.id}`)).statusCode).toBe(403);
    expect((await call(people.sup, 'GET', '/api/service-requests')).statusCode).toBe(403);
    expect((await call(people.sup, 'POST', `/api/service-requests/${r.id}/cancel`, { reason: 'x' })).statusCode).toBe(403);
  });
});

describe('service requests', () => {
  it('a customer raises a request for themselves: 201, SR number, pending, history, told; the admins are told, nobody else', async () => {
    const res = await call(people.customer, 'POST', '/api/service-requests', {
      ...input({ serial: ' SN-123 ' }),
      location: 'home',
      address: '  12 King Fahd Rd  ',
      additional_notes: '   ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json() as TServiceRequest;
    expect(r).toMatchObject({
      status: 'pending',
      address: '12 King Fahd Rd',
      additional_notes: null,
      customer: { id: people.customer.id, name: people.customer.name },
      technician: null,
      device: { serial_number: 'SN-123', brand: 'Dell' },
      allowed_actions: ['cancel'],
      feedback_allowed: false,
      history: [{ from_status: null, to_status: 'pending', actor: { id: people.customer.id, role: 'customer' } }],
    });
    expect(r.number).toMatch(/^SR-\d{6}$/);
    const told = await notificationsOf(r.id);
    expect(told).toContainEqual(expect.objectContaining({ userId: people.customer.id, title: 'notifications.sr_created.title' }));
    const admins = told.filter((n) => n.title === 'notifications.sr_new.title').map((n) => n.userId);
    expect(admins).toEqual(expect.arrayContaining([people.admin.id, people.admin2.id]));
    expect(told.map((n) => n.userId)).not.toContain(people.tech.id);
    expect(told.map((n) => n.userId)).not.toContain(people.customer2.id);
    // No audit row for a customer's own request.
    expect((await db().select({ n: count() }).from(auditLog).where(eq(auditLog.entityId, r.id)))[0]!.n).toBe(0);
    const [row] = await db().select({ s: serviceRequests.searchText }).from(serviceRequests).where(eq(serviceRequests.id, r.id));
    expect(row!.s).toBe(`${r.number} sn-123 dell xps 13 the screen flickers`.toLowerCase());
  });

  it('an admin raises one for any customer (audited, not told of their own) or creates the customer on the spot', async () => {
    const res = await call(people.admin, 'POST', '/api/service-requests', { ...input(), customer_id: people.customer2.id });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json() as TServiceRequest;
    expect(r.customer.id).toBe(people.customer2.id);
    expect(r.allowed_actions).toEqual(['assign', 'cancel']);
    const told = await notificationsOf(r.id);
    expect(told.map((n) => n.userId)).not.toContain(people.admin.id);
    expect(told.map((n) => n.userId)).toEqual(expect.arrayContaining([people.customer2.id, people.admin2.id]));
    expect((await db().select({ n: count() }).from(auditLog).where(eq(auditLog.entityId, r.id)))[0]!.n).toBe(1);

    const email = `new-${Date.now()}@example.com`;
    const created = await call(people.admin, 'POST', '/api/service-requests', {
      ...input(),
      new_customer: { name: 'Fatimah Al-Harbi', email: ` ${email.toUpperCase()} `, mobile_number: '+966501234567' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json() as TServiceRequest;
    expect(c.customer).toMatchObject({ name: 'Fatimah Al-Harbi', email, mobile_number: '+966501234567' });
    const [u] = await db().select().from(users).where(eq(users.id, c.customer.id));
    expect(u).toMatchObject({ role: 'customer', active: true, email });
    expect(u!.passwordHash.startsWith('$argon2')).toBe(false);
    expect(await db().select().from(customers).where(eq(customers.userId, c.customer.id))).toHaveLength(1);
    // They are mailed a one-time link to choose a password (decision 005).
    // (Sent before the answer: it is in the outbox already.)
    const welcome = (await outbox(server, 1)).find((m) => m.includes(email) && m.includes('welcome=1'));
    expect(welcome).toMatch(/\/reset-password\?code=[^&\s]+&welcome=1#verifier=/);
    // Nobody can sign in with a password they don't know, and the unusable hash matches nothing.
    expect((await server.call('POST', '/api/auth/token?grant_type=password', { body: { email, password: u!.passwordHash } })).statusCode).toBe(400);

    const again = await call(people.admin, 'POST', '/api/service-requests', { ...input(), new_customer: { name: 'Someone', email } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'email_taken', fields: { 'new_customer.email': 'invalid' } });
  });

  it('customers raise only for themselves; bad input answers 400 with the fields and writes nothing', async () => {
    const rows = async () => (await db().select({ n: count() }).from(serviceRequests))[0]!.n;
    const counter = async () => (await db().select({ v: counters.value }).from(counters).where(eq(counters.kind, 'service_request')))[0]?.v ?? 0;
    const userCount = async () => (await db().select({ n: count() }).from(users))[0]!.n;
    const [n0, c0, u0] = [await rows(), await counter(), await userCount()];

    const forOther = await call(people.customer, 'POST', '/api/service-requests', { ...input(), customer_id: people.customer2.id });
    expect(forOther.statusCode).toBe(403);
    const newOne = await call(people.customer, 'POST', '/api/service-requests', { ...input(), new_customer: { name: 'X', email: 'x@example.com' } });
    expect(newOne.statusCode).toBe(403);
    const own = await call(people.customer, 'POST', '/api/service-requests', { ...input(), customer_id: people.customer.id, service_type: 'nope' });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.fields).toEqual({ service_type: 'invalid' });

    const bad: [Person, unknown, Record<string, string>][] = [
      [people.customer, { ...input(), location: 'home', address: ' ' }, { address: 'required' }],
      [people.customer, { ...input(), fault_type: 'unknown_fault' }, { fault_type: 'invalid' }],
      [people.customer, { ...input(), problem_description: '   ' }, { problem_description: 'required' }],
      // (The shared schema words an unknown priority as 'required'.)
      [people.customer, { ...input(), priority: 'urgent' }, { priority: expect.stringMatching(/^(invalid|required)$/) }],
      [people.customer, { ...input(), device: { ...input().device, brand: '' } }, { 'device.brand': 'required' }],
      [people.customer, { ...input(), device: { ...input().device, warranty_expiry: '2024-13-01' } }, { 'device.warranty_expiry': 'invalid' }],
      [people.customer, { ...input(), customer_id: 'not-a-uuid' }, { customer_id: 'invalid' }],
      [people.admin, input(), { customer_id: 'required' }],
      [people.admin, { ...input(), customer_id: people.tech.id }, { customer_id: 'invalid' }],
      [people.admin, { ...input(), customer_id: crypto.randomUUID() }, { customer_id: 'invalid' }],
      [people.admin, { ...input(), customer_id: people.customer.id, new_customer: { name: 'A', email: 'a@example.com' } }, { new_customer: 'invalid' }],
      [people.admin, { ...input(), new_customer: { name: 'A', email: 'not-an-email' } }, { 'new_customer.email': 'invalid_email' }],
    ];
    for (const [who, body, fields] of bad) {
      const res = await call(who, 'POST', '/api/service-requests', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields).toMatchObject(fields);
    }
    const r = await requestIn('in_progress');
    const h0 = await historyCount(r.id);
    for (const [action, body, fields] of [
      ['await-parts', { note: ' ' }, { note: 'required' }],
      ['complete', { diagnosis: 'x' }, { resolution: 'required' }],
      ['cancel', {}, { reason: 'required' }],
      ['assign', { technician_id: 'x' }, { technician_id: 'invalid' }],
    ] as const) {
      const res = await call(people.admin, 'POST', `/api/service-requests/${r.id}/${action}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual(fields);
    }
    // Assign to somebody who is not an active technician.
    const p = await requestIn('pending');
    const hp = await historyCount(p.id);
    for (const technician_id of [people.customer.id, crypto.randomUUID()]) {
      const res = await call(people.admin, 'POST', `/api/service-requests/${p.id}/assign`, { technician_id });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ technician_id: 'invalid' });
    }
    const gone = await person(server, 'technician');
    await db().update(users).set({ active: false }).where(eq(users.id, gone.id));
    expect((await call(people.admin, 'POST', `/api/service-requests/${p.id}/assign`, { technician_id: gone.id })).statusCode).toBe(400);
    expect(await historyCount(p.id)).toBe(hp);
    expect(await historyCount(r.id)).toBe(h0);
    expect(await rows()).toBe(n0 + 2);
    expect(await counter()).toBe(c0 + 2);
    expect(await userCount()).toBe(u0 + 1);
  });

  it('assigning the same technician again is no change (409), writing nothing', async () => {
    const r = await requestIn('assigned');
    const res = await call(people.admin, 'POST', `/api/service-requests/${r.id}/assign`, { technician_id: people.tech.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('no_change');
    expect(await historyCount(r.id)).toBe(2);
  });

  it('a customer cannot read, change or cancel another customer’s request (404); a technician sees only assigned ones', async () => {
    const theirs = await requestIn('assigned', people.customer2, people.tech2, { serial: 'HIDDEN-1' });
    const mine = await requestIn('assigned', people.customer, people.tech);
    for (const [who, url, body] of [
      [people.customer, `/api/service-requests/${theirs.id}`, undefined],
      [people.tech, `/api/service-requests/${theirs.id}`, undefined],
    ] as const) {
      expect((await call(who, 'GET', url, body)).statusCode).toBe(404);
    }
    expect((await call(people.customer, 'POST', `/api/service-requests/${theirs.id}/cancel`, { reason: 'mine now' })).statusCode).toBe(404);
    expect((await call(people.tech, 'POST', `/api/service-requests/${theirs.id}/start`)).statusCode).toBe(404);
    expect(await statusOf(theirs.id)).toBe('assigned');
    expect((await call(people.tech, 'GET', `/api/service-requests/${mine.id}`)).statusCode).toBe(200);

    for (const who of [people.customer, people.tech]) {
      const list = (await call(who, 'GET', '/api/service-requests?limit=100')).json() as TServiceRequestList;
      expect(list.items.length).toBeGreaterThan(0);
      for (const item of list.items) {
        if (who.role === 'customer') expect(item.customer.id).toBe(who.id);
        else expect(item.technician?.id).toBe(who.id);
      }
      expect(list.items.map((i) => i.id)).not.toContain(theirs.id);
      // Filters never widen what a caller sees.
      const widened = (await call(who, 'GET', `/api/service-requests?customer_id=${people.customer2.id}&technician_id=${people.tech2.id}&q=hidden-1`)).json();
      expect(widened.items).toEqual([]);
      expect(widened.total).toBe(0);
    }
    // A technician taken off a request no longer sees it.
    await call(people.admin, 'POST', `/api/service-requests/${mine.id}/assign`, { technician_id: people.tech2.id });
    expect((await call(people.tech, 'GET', `/api/service-requests/${mine.id}`)).statusCode).toBe(404);
    expect((await call(people.tech2, 'GET', `/api/service-requests/${mine.id}`)).statusCode).toBe(200);
  });

  it('feedback: the customer, on their own completed request, once, with a PNG signature anyone who may read it can fetch', async () => {
    const r = await requestIn('completed');
    const other = await requestIn('completed', people.customer2);
    const open = await requestIn('in_progress');
    const send = (who: Person, id: string, body: unknown) => call(who, 'POST', `/api/service-requests/${id}/feedback`, body);

    expect((await call(people.customer, 'GET', `/api/service-requests/${r.id}`)).json()).toMatchObject({ feedback_allowed: true, feedback: null });
    expect((await call(people.admin, 'GET', `/api/service-requests/${r.id}`)).json()).toMatchObject({ feedback_allowed: false });
    expect((await send(people.customer, other.id, { rating: 5, signature })).statusCode).toBe(404);
    expect((await send(people.admin, r.id, { rating: 5, signature })).statusCode).toBe(403);
    expect((await send(people.tech, r.id, { rating: 5, signature })).statusCode).toBe(403);
    const notDone = await send(people.customer, open.id, { rating: 5, signature });
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json().error).toMatchObject({ code: 'invalid_state', details: { status: 'in_progress' } });

    const a0 = (await db().select({ n: count() }).from(attachments))[0]!.n;
    const bad: [unknown, Record<string, string>][] = [
      [{ rating: 6, signature }, { rating: 'invalid' }],
      [{ rating: 0, signature }, { rating: 'invalid' }],
      [{ rating: 3 }, { signature: 'required' }],
      [{ rating: 3, signature: 'data:image/jpeg;base64,AAAA' }, { signature: 'invalid' }],
      // A data URL that says PNG but whose bytes are not one.
      [{ rating: 3, signature: `data:image/png;base64,${Buffer.from('GIF89a not a png at all').toString('base64')}` }, { signature: 'invalid' }],
      [{ rating: 3, signature: `data:image/png;base64,${Buffer.alloc(210 * 1024).toString('base64')}` }, { signature: 'too_long' }],
    ];
    for (const [body, fields] of bad) {
      const res = await send(people.customer, r.id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error.fields).toEqual(fields);
    }
    expect((await db().select({ n: count() }).from(attachments))[0]!.n).toBe(a0);

    const n0 = (await notificationsOf(r.id)).length;
    const ok = await send(people.customer, r.id, { rating: 4, feedback: '  Quick and tidy  ', signature });
    expect(ok.statusCode, ok.body).toBe(200);
    const body = ok.json() as TServiceRequest;
    expect(body).toMatchObject({ rating: 4, feedback_allowed: false, feedback: { rating: 4, feedback: 'Quick and tidy' } });
    expect(body.feedback!.signature_url).toMatch(new RegExp(`^/api/service-requests/${r.id}/attachments/[0-9a-f-]{36}$`));
    const told = (await notificationsOf(r.id)).slice(n0);
    expect(told.map((n) => n.userId)).toEqual(expect.arrayContaining([people.tech.id, people.admin.id, people.admin2.id]));
    expect(told.map((n) => n.userId)).not.toContain(people.customer.id);
    expect(told[0]).toMatchObject({ title: 'notifications.sr_feedback.title', params: { rating: 4, number: r.number } });

    const again = await send(people.customer, r.id, { rating: 1, signature });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('feedback_given');

    for (const who of [people.customer, people.admin, people.tech]) {
      const img = await call(who, 'GET', body.feedback!.signature_url!);
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect(img.headers['cache-control']).toBe('private, max-age=3600');
      expect(img.rawPayload.equals(PNG)).toBe(true);
    }
    for (const who of [people.customer2, people.tech2]) expect((await call(who, 'GET', body.feedback!.signature_url!)).statusCode).toBe(404);
    // The attachment belongs to its request only.
    const attachmentId = body.feedback!.signature_url!.split('/').at(-1);
    const mineToo = await requestIn('pending');
    expect((await call(people.customer, 'GET', `/api/service-requests/${mineToo.id}/attachments/${attachmentId}`)).statusCode).toBe(404);
  });

  it('device history: earlier requests for the same serial (any letter case), under the caller’s own row rules', async () => {
    const serial = `DEV-${Date.now()}`;
    const first = await requestIn('completed', people.customer, people.tech, { serial });
    const theirs = await requestIn('completed', people.customer2, people.tech, { serial: serial.toLowerCase() });
    const latest = await requestIn('pending', people.customer, people.tech, { serial: ` ${serial.toLowerCase()} ` });
    const admin = (await call(people.admin, 'GET', `/api/service-requests/${latest.id}`)).json() as TServiceRequest;
    expect(admin.device_history.map((d) => d.id)).toEqual([theirs.id, first.id]);
    expect(admin.device_history[0]).toMatchObject({ number: theirs.number, status: 'completed' });
    const customer = (await call(people.customer, 'GET', `/api/service-requests/${latest.id}`)).json() as TServiceRequest;
    expect(customer.device_history.map((d) => d.id)).toEqual([first.id]);
    // Earlier ones only; none for a request without a serial.
    expect(((await call(people.admin, 'GET', `/api/service-requests/${first.id}`)).json() as TServiceRequest).device_history).toEqual([]);
    const none = await requestIn('pending');
    expect(((await call(people.admin, 'GET', `/api/service-requests/${none.id}`)).json() as TServiceRequest).device_history).toEqual([]);
  });

  it('bulk: each id through the same rules, each with its own result', async () => {
    const a = await requestIn('pending');
    const b = await requestIn('assigned');
    const c = await requestIn('completed');
    const res = await call(people.admin, 'POST', '/api/service-requests/bulk', { ids: [a.id, b.id, c.id, crypto.randomUUID()], action: 'assign', technician_id: people.tech2.id });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results;
    expect(results[0]).toEqual({ id: a.id, ok: true, status: 'assigned' });
    expect(results[1]).toEqual({ id: b.id, ok: true, status: 'assigned' });
    expect(results[2]).toMatchObject({ id: c.id, ok: false, error: { code: 'invalid_state' } });
    expect(results[2].error.message).toContain('completed');
    expect(results[3]).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect((await notificationsOf(b.id)).filter((n) => n.userId === people.tech.id && n.title === 'notifications.sr_job_unassigned.title')).toHaveLength(1);

    const cancel = await call(people.admin, 'POST', '/api/service-requests/bulk', { ids: [a.id, c.id], action: 'cancel', reason: 'duplicate' });
    expect(cancel.json().results.map((r: { ok: boolean }) => r.ok)).toEqual([true, false]);
    expect((await call(people.admin, 'POST', '/api/service-requests/bulk', { ids: [a.id], action: 'cancel' })).json().error.fields).toEqual({ reason: 'required' });
    expect((await call(people.admin, 'POST', '/api/service-requests/bulk', { ids: [a.id], action: 'assign' })).json().error.fields).toEqual({ technician_id: 'required' });
    expect((await call(people.customer, 'POST', '/api/service-requests/bulk', { ids: [a.id], action: 'cancel', reason: 'x' })).statusCode).toBe(403);
    const badTech = await call(people.admin, 'POST', '/api/service-requests/bulk', { ids: [b.id], action: 'assign', technician_id: people.customer.id });
    expect(badTech.json().results[0]).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
  });

  it('a customer’s new name reaches the search of their requests (admin edit and own profile)', async () => {
    const cust = await person(server, 'customer', 'Original Name');
    const r = await requestIn('pending', cust);
    const search = async (q: string) => ((await call(people.admin, 'GET', `/api/service-requests?q=${encodeURIComponent(q)}`)).json() as TServiceRequestList).items.map((i) => i.id);
    expect(await search('original name')).toContain(r.id);
    expect((await call(people.admin, 'PATCH', `/api/admin/users/${cust.id}`, { name: 'Nouf Al-Qahtani' })).statusCode).toBe(200);
    expect(await search('nouf al-qahtani')).toEqual([r.id]);
    expect(await search('original name')).not.toContain(r.id);
    expect((await call(cust, 'PUT', '/api/auth/user', { name: 'نوف القحطاني' })).statusCode).toBe(200);
    expect(await search('نوف القحطاني')).toEqual([r.id]);
    // A name search keeps the row rules: another customer searching this name finds nothing.
    const theirs = await call(people.customer2, 'GET', `/api/service-requests?q=${encodeURIComponent('نوف')}`);
    expect((theirs.json() as TServiceRequestList).items.map((i) => i.id)).not.toContain(r.id);
  });

  it('a request matched both by its own text and by its customer’s name is listed and counted once', async () => {
    const quartz = await person(server, 'customer', 'Zebulon Quartzite');
    const both = await requestIn('pending', quartz, people.tech, { problem_description: 'Quartzite chip under the keyboard' });
    const nameOnly = await requestIn('pending', quartz);
    const textOnly = await requestIn('pending', people.customer, people.tech, { problem_description: 'quartzite dust in the fan' });
    const list = (await call(people.admin, 'GET', '/api/service-requests?q=quartzite&limit=100')).json() as TServiceRequestList;
    expect(list.items.map((i) => i.id).sort()).toEqual([both.id, nameOnly.id, textOnly.id].sort());
    expect(list.total).toBe(3);
  });

  it('options come from settings', async () => {
    const res = await call(people.customer, 'GET', '/api/service-requests/options');
    expect(res.statusCode).toBe(200);
    expect(res.json().service_types.map((t: { code: string }) => t.code)).toContain('laptop');
    expect(res.json().fault_types[0]).toMatchObject({ code: 'no_power', name_ar: expect.any(String), name_en: expect.any(String) });
  });

  it("options carry the caller's own default address (a home visit starts there); staff have none", async () => {
    await server.ctx.db.update(customers).set({ defaultAddress: 'Olaya St 12, Riyadh' }).where(eq(customers.userId, people.customer.id));
    expect((await call(people.customer, 'GET', '/api/service-requests/options')).json().default_address).toBe('Olaya St 12, Riyadh');
    expect((await call(people.admin, 'GET', '/api/service-requests/options')).json().default_address).toBeNull();
  });
});

describe('request lists', () => {
  let cust: Person;
  let techL: Person;
  const made: { id: string; number: string }[] = [];

  beforeAll(async () => {
    cust = await person(server, 'customer', 'List Customer');
    techL = await person(server, 'technician');
    const statuses: ServiceRequestStatus[] = ['pending', 'assigned', 'in_progress', 'pending_parts', 'completed', 'cancelled'];
    for (let i = 0; i < 18; i++) {
      const r = await requestIn(statuses[i % 6]!, cust, techL, {
        priority: (['low', 'medium', 'high'] as const)[i % 3],
        service_type: i % 2 ? 'phone' : 'laptop',
        serial: `LST-${i}`,
        problem_description: i === 7 ? 'Shows 100%_done then dies' : `Problem number ${i}`,
      });
      made.push(r);
    }
    // Spread the request dates, two of them equal (ties are broken by id).
    for (const [i, r] of made.entries()) {
      await db().execute(sql`update service_requests set created_at = ${`2025-03-${String(1 + Math.min(i, 16)).padStart(2, '0')}T10:00:00Z`}::timestamptz where id = ${r.id}::uuid`);
    }
  });

  const ids = (l: TServiceRequestList) => l.items.map((i) => i.id);
  const get = async (qs: string, who: Person = people.admin) => {
    const res = await call(who, 'GET', `/api/service-requests?customer_id=${cust.id}&${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TServiceRequestList;
  };

  it('filters: status (several), priority, service type, technician (or none), dates, search with % and _ taken literally', async () => {
    const byStatus = await get('status=pending,cancelled&limit=100');
    expect(byStatus.total).toBe(6);
    for (const i of byStatus.items) expect(['pending', 'cancelled']).toContain(i.status);
    expect((await get('priority=high&limit=100')).items.every((i) => i.priority === 'high')).toBe(true);
    expect((await get('priority=high&limit=100')).total).toBe(6);
    expect((await get('service_type=phone&limit=100')).total).toBe(9);
    const none = await get('technician_id=none&limit=100');
    expect(none.total).toBe(3);
    expect(none.items.every((i) => i.technician === null && i.status === 'pending')).toBe(true);
    expect((await get(`technician_id=${techL.id}&limit=100`)).total).toBe(15);
    const dates = await get('from=2025-03-02&to=2025-03-04&limit=100');
    expect(dates.items.map((i) => i.request_date.slice(0, 10)).sort()).toEqual(['2025-03-02', '2025-03-03', '2025-03-04']);
    expect((await get('from=2025-03-17T00:00:00Z&limit=100')).total).toBe(2);
    expect(ids(await get('q=lst-12'))).toEqual([made[12]!.id]);
    expect(ids(await get(`q=${encodeURIComponent(made[3]!.number.toLowerCase())}`))).toEqual([made[3]!.id]);
    expect(ids(await get(`q=${encodeURIComponent('100%_done')}`))).toEqual([made[7]!.id]);
    expect((await get(`q=${encodeURIComponent('1%0')}`)).total).toBe(0);
    expect((await get(`q=${encodeURIComponent('problem_number')}`)).total).toBe(0);
    expect((await get('q=LIST%20CUSTOMER&limit=100')).total).toBe(18);
    for (const bad of ['status=bogus', 'priority=urgent', 'technician_id=someone', 'from=yesterday', 'sort=customer', 'limit=500', 'cursor=nonsense']) {
      const res = await call(people.admin, 'GET', `/api/service-requests?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  const SORT_VALUE: Record<string, (i: TServiceRequestList['items'][number]) => string> = {
    request_date: (i) => i.request_date,
    updated_at: (i) => i.updated_at,
    number: (i) => i.number,
    priority: (i) => String(['low', 'medium', 'high'].indexOf(i.priority)),
    status: (i) => String(SERVICE_REQUEST_STATUSES.indexOf(i.status)),
  };

  it.each(['request_date', 'updated_at', 'number', 'priority', 'status'].flatMap((sort) => (['asc', 'desc'] as const).map((order) => ({ sort, order }))))(
    'sort $sort $order: walking every page gives every row once, in order',
    async ({ sort, order }) => {
      const all = await get(`sort=${sort}&order=${order}&limit=100`);
      expect(all.total).toBe(18);
      expect(all.next_cursor).toBeNull();
      const keys = all.items.map(SORT_VALUE[sort]!);
      const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(keys).toEqual(order === 'asc' ? sorted : sorted.reverse());
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: TServiceRequestList = await get(`sort=${sort}&order=${order}&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.total).toBe(18);
        seen.push(...ids(page));
        cursor = page.next_cursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(5);
      expect(seen).toEqual(ids(all));
      expect(new Set(seen).size).toBe(18);
    },
  );

  it.each(['request_date', 'priority', 'number'].map((sort) => ({ sort })))(
    'a searched list ($sort, newest or highest first) pages like the unsearched one: every match once, in order',
    async ({ sort }) => {
      // "lst-1" matches LST-1 and LST-10 … LST-17 (9 serials); a searched page is ordered through array[col].
      const all = await get(`q=lst-1&sort=${sort}&order=desc&limit=100`);
      expect(all.total).toBe(9);
      const unsearched = (await get(`sort=${sort}&order=desc&limit=100`)).items.map((i) => i.id).filter((id) => ids(all).includes(id));
      expect(ids(all)).toEqual(unsearched);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: TServiceRequestList = await get(`q=lst-1&sort=${sort}&order=desc&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...ids(page));
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen).toEqual(ids(all));
    },
  );

  it('a cursor of another sort is refused', async () => {
    const page = await get('sort=number&limit=2');
    expect((await call(people.admin, 'GET', `/api/service-requests?customer_id=${cust.id}&sort=status&cursor=${page.next_cursor}`)).statusCode).toBe(400);
  });

  it('the total is exact up to the cap, then capped', async () => {
    const q = { customer_id: cust.id, sort: 'request_date' as const, order: 'desc' as const, limit: 5 };
    const admin = { userId: people.admin.id, role: 'admin' as const };
    expect(await listRequests(server.ctx.database, admin, q, { countCap: 18 })).toMatchObject({ total: 18, total_capped: false });
    const capped = await listRequests(server.ctx.database, admin, q, { countCap: 10 });
    expect(capped).toMatchObject({ total: 10, total_capped: true });
    expect(capped.rows).toHaveLength(5);
    expect((await get('limit=5')).total_capped).toBe(false);
  });

  it('a search with more matches than the count cap pages from the table; with fewer, from its matches: the same pages', async () => {
    const admin = { userId: people.admin.id, role: 'admin' as const };
    const walk = async (countCap: number) => {
      const seen: string[] = [];
      const totals: [number, boolean][] = [];
      let cursor: string | undefined;
      do {
        const q = { q: 'lst-1', sort: 'request_date' as const, order: 'desc' as const, limit: 2, ...(cursor ? { cursor } : {}) };
        const page = await listRequests(server.ctx.database, admin, q, { countCap });
        seen.push(...page.rows.map((r) => r.id));
        totals.push([page.total, page.total_capped]);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      return { seen, totals };
    };
    const all = ids(await get('q=lst-1&limit=100'));
    expect(all).toHaveLength(9);
    // 9 matches: under a cap of 20 the page comes from the matches, over a cap of 4 from the table.
    const few = await walk(20);
    const many = await walk(4);
    expect(few.seen).toEqual(all);
    expect(many.seen).toEqual(all);
    expect(new Set(few.totals.map(String))).toEqual(new Set(['9,false']));
    expect(new Set(many.totals.map(String))).toEqual(new Set(['4,true']));
  });

  it('a search by customer name pages each matching customer’s requests together with the text matches, in every sort and under both counts', async () => {
    // Three customers share a name; a fourth customer's request mentions it in its own text.
    const named = [await person(server, 'customer', 'Marigold Vantablack'), await person(server, 'customer', 'Marigold Vantablack'), await person(server, 'customer', 'Lady Marigold Vantablack')];
    const statuses: ServiceRequestStatus[] = ['pending', 'assigned', 'in_progress', 'completed', 'cancelled'];
    const rows: { id: string; number: string }[] = [];
    for (const [c, n] of [[0, 4], [1, 3], [2, 5]] as const) {
      for (let i = 0; i < n; i++) {
        rows.push(await requestIn(statuses[(c + i) % 5]!, named[c]!, people.tech, { priority: (['low', 'medium', 'high'] as const)[(c * 2 + i) % 3] }));
      }
    }
    rows.push(await requestIn('pending', people.customer2, people.tech, { problem_description: 'Sticker says marigold vantablack edition' }));
    rows.push(await requestIn('assigned', people.customer2, people.tech, { problem_description: 'MARIGOLD VANTABLACK casing cracked' }));
    // Dates interleave the customers (one tie, broken by id).
    for (const [i, r] of rows.entries()) {
      const day = String(1 + ((i * 7) % 13)).padStart(2, '0');
      await db().execute(sql`update service_requests set created_at = ${`2024-06-${day}T08:00:00Z`}::timestamptz where id = ${r.id}::uuid`);
    }
    const facts = rowsOf<{ id: string; number: string; priority: string; status: string; created_at: string }>(
      await db().execute(sql`select id, number, priority, status, (created_at at time zone 'UTC')::text as created_at
        from service_requests where id in (${sql.join(rows.map((r) => sql`${r.id}::uuid`), sql`, `)})`),
    );
    const rank = (list: readonly string[]) => (v: string) => list.indexOf(v);
    const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
    const keyOf: Record<'request_date' | 'number' | 'priority' | 'status', (f: (typeof facts)[number]) => (string | number)[]> = {
      request_date: (f) => [f.created_at, f.id],
      number: (f) => [f.number],
      priority: (f) => [rank(PRIORITIES)(f.priority), f.created_at, f.id],
      status: (f) => [rank(SERVICE_REQUEST_STATUSES)(f.status), f.created_at, f.id],
    };
    const expected = (sort: keyof typeof keyOf, order: 'asc' | 'desc', keep: (f: (typeof facts)[number]) => boolean) =>
      facts
        .filter(keep)
        .sort((a, b) => {
          const [ka, kb] = [keyOf[sort](a), keyOf[sort](b)];
          const c = ka.reduce<number>((acc, v, i) => acc || cmp(v, kb[i]!), 0);
          return order === 'asc' ? c : -c;
        })
        .map((f) => f.id);
    const admin = { userId: people.admin.id, role: 'admin' as const };
    const cases = [
      { sort: 'request_date', order: 'desc', status: undefined },
      { sort: 'request_date', order: 'asc', status: ['pending', 'assigned'] },
      { sort: 'number', order: 'asc', status: undefined },
      { sort: 'priority', order: 'desc', status: undefined },
      { sort: 'status', order: 'asc', status: ['completed', 'cancelled', 'in_progress'] },
    ] as const;
    for (const c of cases) {
      const want = expected(c.sort, c.order, (f) => !c.status || (c.status as readonly string[]).includes(f.status));
      for (const countCap of [100, 3]) {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const q = { q: 'marigold vantablack', sort: c.sort, order: c.order, limit: 2, ...(c.status ? { status: [...c.status] } : {}), ...(cursor ? { cursor } : {}) };
          const page = await listRequests(server.ctx.database, admin, q, { countCap });
          expect([page.total, page.total_capped], `${c.sort} ${c.order} cap ${countCap}`).toEqual(countCap === 100 ? [want.length, false] : [3, true]);
          seen.push(...page.rows.map((r) => r.id));
          cursor = page.next_cursor ?? undefined;
          // A cursor that does not move on would page forever: stop once past every row.
        } while (cursor && seen.length <= want.length);
        expect(seen, `${c.sort} ${c.order} cap ${countCap}`).toEqual(want);
      }
    }
    // A customer searching their own name finds only their own requests.
    const own = (await call(named[0]!, 'GET', '/api/service-requests?q=marigold&limit=100')).json() as TServiceRequestList;
    expect(own.items.map((i) => i.id).sort()).toEqual(rows.slice(0, 4).map((r) => r.id).sort());
    expect(own.total).toBe(4);
  });

  it('a page past the last row is empty and still carries the total', async () => {
    const last = (await get('limit=100&sort=number&order=asc', cust)).items.at(-1)!;
    const cursor = Buffer.from(JSON.stringify(['number', last.number])).toString('base64url');
    const page = await get(`sort=number&order=asc&cursor=${cursor}`, cust);
    expect(page).toMatchObject({ items: [], next_cursor: null, total: 18, total_capped: false });
    const searched = await get(`q=lst-1&sort=number&order=asc&cursor=${Buffer.from(JSON.stringify(['number', 'ZZZ'])).toString('base64url')}`);
    expect(searched).toMatchObject({ items: [], next_cursor: null, total: 9 });
  });

  it('the list statement is the same text, under the same name, whatever was typed or picked (one prepared statement per shape)', async () => {
    const admin = { userId: people.admin.id, role: 'admin' as const };
    const statement = (q: Partial<ListQueryInput>) => listStatement(admin, { sort: 'request_date', order: 'desc', limit: 25, ...q });
    const same = (a: Partial<ListQueryInput>, b: Partial<ListQueryInput>) => {
      const [x, y] = [statement(a), statement(b)];
      expect([x.name, x.sql]).toEqual([y.name, y.sql]);
      expect(x.params).not.toEqual(y.params);
    };
    same({ q: 'lst-1' }, { q: 'Aisha Al-Yami' });
    same({ status: ['pending'] }, { status: ['completed'] });
    same({ customer_id: cust.id }, { customer_id: people.admin.id });
    same({ technician_id: cust.id, from: '2026-01-01' }, { technician_id: people.admin.id, from: '2026-02-01' });
    expect(statement({ q: 'x' }).sql).not.toBe(statement({}).sql);
    expect(statement({ technician_id: 'none' }).sql).not.toBe(statement({ technician_id: cust.id }).sql);
    expect(statement({ status: ['pending', 'assigned'] }).name).not.toBe(statement({ status: ['pending'] }).name);
    // A customer's statement carries their own id as a parameter, never in its text.
    const own = listStatement({ userId: cust.id, role: 'customer' }, { sort: 'request_date', order: 'desc', limit: 25 });
    expect(own.sql).not.toContain(cust.id);
    expect(own.params).toContain(cust.id);
  });

  it('timestamps are read as UTC text and given as ISO 8601 (milliseconds truncated; cursors exact to the microsecond)', () => {
    expect(isoOfUtcText('2026-03-29 00:59:59.999999')).toBe('2026-03-29T00:59:59.999Z');
    expect(isoOfUtcText('2026-03-29 00:59:59.999999', true)).toBe('2026-03-29T00:59:59.999999Z');
    expect(isoOfUtcText('2026-11-22 18:04:00')).toBe('2026-11-22T18:04:00.000Z');
    expect(isoOfUtcText('2026-11-22 18:04:00.5', true)).toBe('2026-11-22T18:04:00.500000Z');
    expect(() => isoOfUtcText('2026-11-22 18:04:00+00')).toThrow();
  });

  it('the technician and the customer lists hold only their rows', async () => {
    const mine = await call(techL, 'GET', '/api/service-requests?limit=100');
    expect((mine.json() as TServiceRequestList).total).toBe(15);
    const own = (await call(cust, 'GET', '/api/service-requests?limit=100')).json() as TServiceRequestList;
    expect(own.total).toBe(18);
    expect(own.items[0]!.allowed_actions).toEqual(SERVICE_REQUEST_ACTIONS.filter((a) => requestRefusal({ status: own.items[0]!.status, customer_id: cust.id, technician_id: own.items[0]!.technician?.id ?? null }, { userId: cust.id, role: 'customer' }, a) === null));
  });

  it('CSV export (admin): BOM, headers in the asked language (Arabic by default), the filtered rows in list order', async () => {
    const ar = await call(people.admin, 'GET', `/api/service-requests/export?customer_id=${cust.id}&status=completed&sort=number&order=asc`);
    expect(ar.statusCode).toBe(200);
    expect(ar.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(ar.headers['content-disposition']).toMatch(/^attachment; filename="service-requests-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(ar.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = ar.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^رقم الطلب,تاريخ الطلب,الحالة/);
    const numbers = made.filter((_, i) => i % 6 === 4).map((r) => r.number).sort();
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(numbers);
    expect(lines[1]).toContain('مكتمل');
    // Status and place named exactly as the screen names them (the one pair of locale files).
    expect(lines[1]).toContain(`,${arMessages.serviceRequests.status.completed},`);
    expect(lines[1]).toContain(`,${arMessages.serviceRequests.location.office},`);
    const en = await call(people.admin, 'GET', `/api/service-requests/export?customer_id=${cust.id}&lang=en&q=lst-1`);
    const enLines = en.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(enLines[0]).toMatch(/^Number,Request date,Status,Priority/);
    expect(enLines[1]).toContain(`,${enMessages.serviceRequests.location.office},`);
    expect(enLines).toHaveLength(1 + made.filter((_, i) => `lst-${i}`.startsWith('lst-1')).length);
    for (const who of [cust, techL]) expect((await call(who, 'GET', '/api/service-requests/export')).statusCode).toBe(403);
  });
});

describe('customer dashboard', () => {
  it('figures on a known data set equal the hand-computed values', async () => {
    const cust = await person(server, 'customer');
    const empty = (await call(cust, 'GET', '/api/dashboard/customer')).json();
    expect(empty).toMatchObject({ total: 0, completion_rate: null, average_response_minutes: null, satisfaction: null, rating_count: 0, pending_tasks: [], recent_requests: [], upcoming_appointments: [] });

    // 7 requests: 1 pending, 1 assigned, 1 in_progress, 1 pending_parts, 2 completed (one rated 5, one not), 1 cancelled.
    const made: Record<string, { id: string; number: string }> = {};
    for (const s of ['pending', 'assigned', 'in_progress', 'pending_parts', 'completed', 'cancelled'] as const) made[s] = await requestIn(s, cust);
    made.rated = await requestIn('completed', cust);
    await db().transaction((tx) => giveFeedback(tx, caller(cust), made.rated!.id, { rating: 5, feedback: null, signature }));
    await db().execute(sql`update service_requests set rating = 2, feedback_at = now() where id = ${made.in_progress!.id}::uuid`);
    // Responses: 30, 90 and 60 minutes after the request; the rest never responded.
    const set = (id: string, responded: number | null) =>
      db().execute(sql`update service_requests set created_at = '2025-01-01T08:00:00Z', first_response_at = ${responded === null ? null : `2025-01-01T${String(8 + Math.floor(responded / 60)).padStart(2, '0')}:${String(responded % 60).padStart(2, '0')}:00Z`}::timestamptz where id = ${id}::uuid`);
    await set(made.assigned!.id, 30);
    await set(made.completed!.id, 90);
    await set(made.rated!.id, 60);
    for (const k of ['pending', 'in_progress', 'pending_parts', 'cancelled']) await set(made[k]!.id, null);

    const res = await call(cust, 'GET', '/api/dashboard/customer');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({ total: 7, active: 3, completed: 2, pending: 1, cancelled: 1, rating_count: 2 });
    expect(d.completion_rate).toBeCloseTo(2 / 6, 10);
    expect(d.average_response_minutes).toBeCloseTo(60, 6);
    expect(d.satisfaction).toBeCloseTo(3.5, 10);
    expect(d.pending_tasks).toEqual([expect.objectContaining({ id: made.completed!.id, number: made.completed!.number })]);
    expect(d.recent_requests).toHaveLength(5);
    for (const r of d.recent_requests) expect(r.customer.id).toBe(cust.id);
    // Only the customer's own figures; staff have no customer dashboard.
    expect((await call(people.customer2, 'GET', '/api/dashboard/customer')).json().total).not.toBe(7);
    for (const who of [people.admin, people.tech]) expect((await call(who, 'GET', '/api/dashboard/customer')).statusCode).toBe(403);
  });
});

describe(`service requests under concurrency (${TEST_DB})`, () => {
  it('two concurrent changes of one request: exactly one wins, the other is told the status', async () => {
    const r = await requestIn('pending');
    const [assign, cancel] = await Promise.all([
      call(people.admin, 'POST', `/api/service-requests/${r.id}/assign`, { technician_id: people.tech.id }),
      call(people.customer, 'POST', `/api/service-requests/${r.id}/cancel`, { reason: 'too slow' }),
    ]);
    const codes = [assign.statusCode, cancel.statusCode];
    // Assigning first still lets the customer cancel an assigned request; cancelling first refuses the assignment.
    if (codes.includes(409)) {
      const loser = assign.statusCode === 409 ? assign : cancel;
      expect(loser.json().error.code).toBe('invalid_state');
    } else {
      expect(codes).toEqual([200, 200]);
      expect(await statusOf(r.id)).toBe('cancelled');
    }
    expect(await historyCount(r.id)).toBe(1 + codes.filter((c) => c === 200).length);
  });

  it('numbers stay unique and gap-free under concurrent creation', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => call(people.customer, 'POST', '/api/service-requests', input())));
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 201));
    const numbers = results.map((r) => Number((r.json() as TServiceRequest).number.slice(3))).sort((a, b) => a - b);
    expect(numbers.at(-1)! - numbers[0]!).toBe(11);
    const rows = await db().select({ n: count() }).from(serviceRequests).where(inArray(serviceRequests.id, results.map((r) => r.json().id)));
    expect(rows[0]!.n).toBe(12);
  });

  it('two concurrent feedbacks: one lands, the other is told it was given', async () => {
    const r = await requestIn('completed');
    const [a, b] = await Promise.all([1, 2].map((rating) => call(people.customer, 'POST', `/api/service-requests/${r.id}/feedback`, { rating, signature })));
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    expect((await db().select({ n: count() }).from(attachments).where(and(eq(attachments.requestId, r.id))))[0]!.n).toBe(1);
  });
});
