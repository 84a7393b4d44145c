import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REALTIME_CLOSE, type TSession, type TTrackingView } from '@portal/shared';
import { TEST_DB, createUser, realtimeUrl, sessionFor, startTestServer, type TestServer } from '../../../test/harness.js';
import { TestSocket } from '../../../test/ws-client.js';
import { rowsOf } from '../../db/rows.js';
import { mobileDigits, TRACKING_LIMITS } from './service.js';

let server: TestServer;
let admin: TSession;
let tech: { id: string; session: TSession };
let options: { service_types: { code: string }[]; fault_types: { code: string }[] };
const sockets: TestSocket[] = [];
let ipSeq = 0;
/** Each test its own client address, so the per-address limit counts only that test's calls. */
const freshIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

// What the request holds that the public view must never show.
const SECRET = {
  address: 'Secret Street 77, Riyadh',
  email: `hidden-${Date.now()}@tracking.test`,
  serial: 'SERIAL-XYZ-998877',
  notes: 'Gate code 4321, ring twice',
  problem: 'Leaking water behind the panel',
  customerName: 'Zaynab Qahtani-Hidden',
  techName: 'Yusuf Tracker Alharbi',
};

interface Made {
  id: string;
  number: string;
  customerId: string;
}

/** A home-visit request raised by the admin for a new walk-in customer with this mobile. */
async function raise(mobile: string, extra: { email?: string } = {}): Promise<Made> {
  const res = await server.call('POST', '/api/service-requests', {
    token: admin.access_token,
    body: {
      new_customer: { name: SECRET.customerName, email: extra.email ?? `c${Date.now()}${Math.random().toString(36).slice(2, 7)}@tracking.test`, mobile_number: mobile },
      priority: 'medium',
      location: 'home',
      address: SECRET.address,
      service_type: options.service_types[0]!.code,
      fault_type: options.fault_types[0]!.code,
      problem_description: SECRET.problem,
      additional_notes: SECRET.notes,
      device: { brand: 'Samsung', model: 'WW90', serial_number: SECRET.serial, warranty_status: 'unknown' },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { id: body.id, number: body.number, customerId: body.customer.id };
}

const track = (body: unknown, ip = freshIp()) => server.call('POST', '/api/track', { body, ip });
const act = (id: string, action: string, token: string, body: unknown = {}) =>
  server.call('POST', `/api/service-requests/${id}/${action}`, { token, body });

async function linkOf(id: string, token = admin.access_token): Promise<string> {
  const res = await server.call('GET', `/api/service-requests/${id}/tracking-link`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().url as string;
}
const tokenOfUrl = (url: string) => url.split('/track/')[1]!;

async function trackingSocket(token: string): Promise<TestSocket> {
  const s = await TestSocket.open(await realtimeUrl(server));
  sockets.push(s);
  const reply = await s.request({ type: 'track', token });
  if (reply.type !== 'reply' || reply.status !== 'ok') throw new Error(`track refused: ${JSON.stringify(reply)}`);
  return s;
}

let main: Made;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin@demo.test');
  options = (await server.call('GET', '/api/service-requests/options', { token: admin.access_token })).json();
  const t = await createUser(server, { role: 'technician', name: SECRET.techName });
  tech = { id: t.user.id, session: await sessionFor(server, t.user.id) };
  main = await raise('+966 55 123 4567', { email: SECRET.email });
  expect((await act(main.id, 'assign', admin.access_token, { technician_id: tech.id })).statusCode).toBe(200);
});
// The limits are counted per number too: each test starts with none used (the limit tests use their own).
beforeEach(async () => {
  await server.ctx.db.execute(sql`delete from rate_limits where key like 'track-%'`);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

describe('tracking by number and mobile', () => {
  it('shows exactly the public fields, and nothing private', async () => {
    const res = await track({ number: main.number, mobile: '0551234567' });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as TTrackingView;
    expect(Object.keys(view).sort()).toEqual(
      ['awaiting_parts', 'completed_at', 'created_at', 'device', 'fault_type', 'location', 'next_appointment', 'number', 'service_type', 'status', 'technician_first_name', 'timeline'].sort(),
    );
    expect(Object.keys(view.device).sort()).toEqual(['brand', 'model']);
    expect(view).toMatchObject({ number: main.number, status: 'assigned', device: { brand: 'Samsung', model: 'WW90' }, location: 'home', awaiting_parts: false, completed_at: null });
    expect(view.technician_first_name).toBe('Yusuf');
    expect(view.service_type.code).toBe(options.service_types[0]!.code);
    expect(view.timeline.map((h) => h.status)).toEqual(['pending', 'assigned']);
    for (const h of view.timeline) expect(Object.keys(h).sort()).toEqual(['at', 'status']);
    for (const secret of [...Object.values(SECRET).filter((s) => s !== SECRET.techName), 'Tracker', 'Alharbi', 'Zaynab', '551234567', main.customerId, main.id, tech.id]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('takes the number and the mobile as people type them', async () => {
    const digits = main.number.replace(/\D/g, '');
    for (const [number, mobile] of [
      [main.number.toLowerCase(), '+966551234567'],
      [digits, '00966 55 123 4567'],
      [`SR ${Number(digits)}`, '55-123-4567'],
      [`sr-${digits}`, '966551234567'],
    ] as const) {
      const res = await track({ number, mobile });
      expect(res.statusCode, `${number} / ${mobile}: ${res.body}`).toBe(200);
      expect(res.json().number).toBe(main.number);
    }
  });

  it('answers a wrong mobile, an unknown number and both byte for byte alike', async () => {
    const wrongMobile = await track({ number: main.number, mobile: '0551234568' });
    const unknownNumber = await track({ number: 'SR-999999', mobile: '0551234567' });
    const both = await track({ number: 'SR-999998', mobile: '0500000000' });
    // Another customer's mobile on this request's number.
    const otherCustomer = await track({ number: main.number, mobile: '+966500000005' });
    for (const res of [wrongMobile, unknownNumber, both, otherCustomer]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(wrongMobile.body);
      expect(res.headers['content-type']).toBe(wrongMobile.headers['content-type']);
    }
    expect(wrongMobile.json().error.code).toBe('not_found');
  });

  it('matches the mobile of the customer record as well as the account', async () => {
    const made = await raise('0512223333');
    await server.ctx.db.execute(sql`update users set mobile = null where id = ${made.customerId}::uuid`);
    await server.ctx.db.execute(sql`update customers set mobile_number = '+966 51 222 3333' where user_id = ${made.customerId}::uuid`);
    expect((await track({ number: made.number, mobile: '0512223333' })).statusCode).toBe(200);
    await server.ctx.db.execute(sql`update customers set mobile_number = null where user_id = ${made.customerId}::uuid`);
    expect((await track({ number: made.number, mobile: '0512223333' })).statusCode).toBe(404);
  });

  it('refuses hostile input with 400, never 500', async () => {
    const ip = freshIp();
    for (const body of [
      { number: 'A'.repeat(100_000), mobile: '0551234567' },
      { number: main.number, mobile: '5'.repeat(100_000) },
      { number: { $gt: '' }, mobile: '0551234567' },
      { number: main.number, mobile: ['0551234567'] },
      { number: "SR-000001' or '1'='1", mobile: '0551234567' },
      { number: main.number, mobile: "0' or 1=1 --" },
      { number: main.number },
      {},
      [],
      ['SR-000001'],
      { number: 123, mobile: 551234567 },
      { number: '', mobile: '' },
    ]) {
      const res = await track(body, ip);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
  });

  it('normalises mobiles to the national digits', () => {
    expect(mobileDigits('+966 55 123 4567')).toBe('551234567');
    expect(mobileDigits('00966-55-123-4567')).toBe('551234567');
    expect(mobileDigits('0551234567')).toBe('551234567');
    expect(mobileDigits('551234567')).toBe('551234567');
  });
});

describe('rate limits', () => {
  it('limits each address, with retry_after', async () => {
    const ip = freshIp();
    for (let i = 0; i < TRACKING_LIMITS.ipMax; i++) {
      // Different unknown numbers: only the address limit is in play.
      expect((await track({ number: `SR-${String(800000 + i)}`, mobile: '0500000000' }, ip)).statusCode).toBe(404);
    }
    const limited = await track({ number: main.number, mobile: '0551234567' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(limited.json().error.retry_after).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits each request number, from any address', async () => {
    const made = await raise('0533334444');
    for (let i = 0; i < TRACKING_LIMITS.numberMax; i++) {
      expect((await track({ number: made.number, mobile: '0500000000' })).statusCode).toBe(404);
    }
    // The right mobile from a fresh address is refused too: the number itself is limited.
    const limited = await track({ number: made.number, mobile: '0533334444' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.retry_after).toBeGreaterThan(0);
  });

  it('limits the tracking link per address', async () => {
    const ip = freshIp();
    const token = tokenOfUrl(await linkOf(main.id));
    await server.ctx.db.execute(sql`insert into rate_limits (key, count, reset_at) values (${`track-link-ip:${ip}`}, ${TRACKING_LIMITS.linkIpMax}, now() + interval '10 minutes')`);
    const limited = await server.call('GET', `/api/track/${token}`, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.retry_after).toBeGreaterThan(0);
  });
});

describe('tracking links', () => {
  it('opens the same view, and a revoked link stops working while the new one works', async () => {
    const url = await linkOf(main.id);
    expect(url).toBe(`${server.ctx.config.publicOrigin}/track/${tokenOfUrl(url)}`);
    const old = tokenOfUrl(url);
    const res = await server.call('GET', `/api/track/${old}`, { ip: freshIp() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual((await track({ number: main.number, mobile: '0551234567' })).json());

    const revoked = await server.call('POST', `/api/service-requests/${main.id}/tracking-link/revoke`, { token: admin.access_token });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const fresh = tokenOfUrl(revoked.json().url);
    expect(fresh).not.toBe(old);
    const gone = await server.call('GET', `/api/track/${old}`, { ip: freshIp() });
    expect(gone.statusCode).toBe(404);
    expect((await server.call('GET', `/api/track/${fresh}`, { ip: freshIp() })).statusCode).toBe(200);
    expect(await linkOf(main.id)).toBe(revoked.json().url);

    // Malformed and unknown links answer the same 404 as a revoked one.
    for (const bad of ['short', 'A'.repeat(32), "x'%20or%201=1--", 'A'.repeat(99)]) {
      const res = await server.call('GET', `/api/track/${bad}`, { ip: freshIp() });
      expect(res.statusCode, bad).toBe(404);
      expect(res.body).toBe(gone.body);
    }
    // The same body as a wrong number or mobile.
    expect((await track({ number: 'SR-999999', mobile: '0551234567' })).body).toBe(gone.body);

    const [entry] = rowsOf<{ action: string; after: { number: string } }>(
      await server.ctx.db.execute(sql`select action, after from audit_log where entity_id = ${main.id} and action = 'service_request.tracking_link_revoked'`),
    );
    expect(entry?.after).toEqual({ number: main.number });
  });

  it('gives the link to the admin and the request’s own customer; 404 to another customer and to technicians', async () => {
    const owner = await sessionFor(server, main.customerId);
    expect(await linkOf(main.id, owner.access_token)).toBe(await linkOf(main.id));
    const other = await server.signIn('customer1@demo.test');
    expect((await server.call('GET', `/api/service-requests/${main.id}/tracking-link`, { token: other.access_token })).statusCode).toBe(404);
    // Even the technician assigned to it: the link is the customer's to share.
    expect((await server.call('GET', `/api/service-requests/${main.id}/tracking-link`, { token: tech.session.access_token })).statusCode).toBe(404);
    // Revoking is the admin's alone.
    for (const session of [owner, tech.session]) {
      expect((await server.call('POST', `/api/service-requests/${main.id}/tracking-link/revoke`, { token: session.access_token })).statusCode).toBe(403);
    }
    expect((await server.call('POST', `/api/service-requests/00000000-0000-4000-8000-000000000000/tracking-link/revoke`, { token: admin.access_token })).statusCode).toBe(404);
    expect((await server.call('GET', `/api/service-requests/${main.id}/tracking-link`)).statusCode).toBe(401);
  });
});

describe('live tracking over the realtime socket', () => {
  it("receives its request's status change and nothing of another request's", async () => {
    const other = await raise('0544445555');
    expect((await act(other.id, 'assign', admin.access_token, { technician_id: tech.id })).statusCode).toBe(200);
    const mine = await trackingSocket(tokenOfUrl(await linkOf(main.id)));
    const theirs = await trackingSocket(tokenOfUrl(await linkOf(other.id)));

    // The other request changes first: a later event on this one proves nothing of it arrived.
    expect((await act(other.id, 'start', tech.session.access_token)).statusCode).toBe(200);
    await theirs.waitFor((f) => f.type === 'event');
    expect((await act(main.id, 'start', tech.session.access_token)).statusCode).toBe(200);
    await mine.waitFor((f) => f.type === 'event');

    const events = mine.events();
    expect(events).toEqual([{ type: 'event', topic: 'tracking', event: 'tracking.changed', payload: {} }]);
    expect(theirs.events()).toHaveLength(1);
    // What the page then fetches shows the change.
    const view = (await track({ number: main.number, mobile: '0551234567' })).json() as TTrackingView;
    expect(view.status).toBe('in_progress');
    expect(view.timeline.at(-1)!.status).toBe('in_progress');
  });

  it('awaiting parts is shown and announced', async () => {
    const s = await trackingSocket(tokenOfUrl(await linkOf(main.id)));
    expect((await act(main.id, 'await-parts', tech.session.access_token, { note: 'needs a pump' })).statusCode).toBe(200);
    await s.waitFor((f) => f.type === 'event');
    const res = await track({ number: main.number, mobile: '0551234567' });
    expect(res.json()).toMatchObject({ status: 'pending_parts', awaiting_parts: true });
    expect(res.body).not.toContain('needs a pump');
  });

  it('closes a socket presenting a bad link, and keeps a tracking socket out of topics', async () => {
    for (const token of ['A'.repeat(32), 'short']) {
      const s = await TestSocket.open(await realtimeUrl(server));
      sockets.push(s);
      s.ws.send(JSON.stringify({ type: 'track', token, ref: '1' }));
      expect(await s.waitClosed()).toBe(REALTIME_CLOSE.unauthenticated);
    }
    const tracked = await trackingSocket(tokenOfUrl(await linkOf(main.id)));
    const join = await tracked.request({ type: 'join', topic: 'service_requests' });
    expect(join).toMatchObject({ status: 'error', code: 'unauthenticated' });
    const auth = await tracked.request({ type: 'auth', token: admin.access_token });
    expect(auth).toMatchObject({ status: 'error' });
    const huge = await tracked.request({ type: 'track', token: 'x'.repeat(10_000) });
    expect(huge).toMatchObject({ status: 'error', code: 'validation_failed' });
  });

  it('a revoked link stops its socket at the next heartbeat', async () => {
    const s = await trackingSocket(tokenOfUrl(await linkOf(main.id)));
    expect(await s.request({ type: 'heartbeat' })).toMatchObject({ status: 'ok' });
    expect((await server.call('POST', `/api/service-requests/${main.id}/tracking-link/revoke`, { token: admin.access_token })).statusCode).toBe(200);
    s.ws.send(JSON.stringify({ type: 'heartbeat', ref: 'hb' }));
    expect(await s.waitClosed()).toBe(REALTIME_CLOSE.sessionRevoked);
  });
});

// Instances share nothing but PostgreSQL: a change made on one reaches a tracking socket on another.
describe.skipIf(TEST_DB !== 'postgres')('live tracking across instances', () => {
  let other: TestServer | undefined;
  afterAll(async () => {
    await other?.close();
  });

  it('a tracking socket on instance B hears a status change made on instance A', async () => {
    other = await startTestServer({}, { shareDatabaseOf: server });
    const made = await raise('0566667777');
    expect((await act(made.id, 'assign', admin.access_token, { technician_id: tech.id })).statusCode).toBe(200);
    const onB = await TestSocket.open(await realtimeUrl(other));
    sockets.push(onB);
    const reply = await onB.request({ type: 'track', token: tokenOfUrl(await linkOf(made.id)) });
    expect(reply).toMatchObject({ status: 'ok' });
    expect((await act(made.id, 'start', tech.session.access_token)).statusCode).toBe(200);
    await onB.waitFor((f) => f.type === 'event', 2000);
    expect(onB.events()).toEqual([{ type: 'event', topic: 'tracking', event: 'tracking.changed', payload: {} }]);
  });
});
