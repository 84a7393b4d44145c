import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions } from '../src/db/schema.js';
import { makeItem } from '../src/modules/inventory/factories.js';
import { SESSION_CACHE_TTL_MS } from '../src/modules/auth/session-cache.js';

/** The session id inside an access token (its `sid` claim). */
const sessionIdOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
import { TEST_DB, createUser, realtimeUrl, startTestServer, type TestServer } from './harness.js';
import { TestSocket, settle } from './ws-client.js';

// Several server instances behind one PostgreSQL share nothing but the database: an event
// caused on one must reach the subscribers of every other (LISTEN/NOTIFY).
describe.skipIf(TEST_DB !== 'postgres')('two instances on one PostgreSQL', () => {
  const servers: TestServer[] = [];
  const sockets: TestSocket[] = [];
  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const s of servers.reverse()) await s.close();
  });

  it('delivers to a client on instance B, within a second, the notification caused on instance A', async () => {
    const a = await startTestServer();
    servers.push(a);
    const b = await startTestServer({}, { shareDatabaseOf: a });
    servers.push(b);

    const me = await createUser(a);
    const other = await createUser(a);
    // Sessions and tokens work on either instance: sign in on A, connect to B.
    const session = await a.signIn(me.email, me.password);
    const otherSession = await b.signIn(other.email, other.password);
    const onB = await TestSocket.open(await realtimeUrl(b));
    sockets.push(onB);
    await onB.signIn(session.access_token);
    const otherOnB = await TestSocket.open(await realtimeUrl(b));
    sockets.push(otherOnB);
    await otherOnB.signIn(otherSession.access_token);

    const admin = await a.signIn('admin@demo.test');
    const started = Date.now();
    const res = await a.call('POST', '/api/admin/announcements', {
      token: admin.access_token,
      body: { audience: { kind: 'user', user_id: me.user.id }, title: 'Across instances', message: 'Hello from A' },
    });
    expect(res.statusCode).toBe(200);
    await onB.waitFor((f) => f.type === 'event' && f.event === 'notification.created', 1000);
    expect(Date.now() - started).toBeLessThan(1000);

    // B's REST reads see it too, and the other user got nothing.
    const list = (await b.call('GET', '/api/notifications', { token: session.access_token })).json();
    expect(list.items[0].params.title).toBe('Across instances');
    await settle();
    expect(otherOnB.events('notification.created')).toHaveLength(0);
  });

  it('closes a socket on instance B when its session is signed out on instance A', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const me = await createUser(a);
    const session = await a.signIn(me.email, me.password);
    const onB = await TestSocket.open(await realtimeUrl(b));
    sockets.push(onB);
    await onB.signIn(session.access_token);
    await a.call('POST', '/api/auth/logout', { token: session.access_token });
    expect(await onB.waitClosed()).toBe(4003);
  });

  // Each instance caches live sessions; these rules must still hold across instances within
  // the bus latency (docs/performance.md, api-read).
  const BUS_MS = 1000;
  async function until(check: () => Promise<boolean>, ms = BUS_MS): Promise<number> {
    const started = Date.now();
    for (;;) {
      if (await check()) return Date.now() - started;
      if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it('a session signed out on A is refused on B (whose cache held it) within the bus latency', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const me = await createUser(a);
    const session = await a.signIn(me.email, me.password);
    expect((await b.call('GET', '/api/auth/user', { token: session.access_token })).statusCode).toBe(200);
    await a.call('POST', '/api/auth/logout', { token: session.access_token });
    await until(async () => (await b.call('GET', '/api/auth/user', { token: session.access_token })).statusCode === 401);
  });

  it('a user deactivated on A is refused on B, and their socket on B closes, within the bus latency', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const me = await createUser(a, { role: 'technician' });
    const session = await a.signIn(me.email, me.password);
    expect((await b.call('GET', '/api/auth/user', { token: session.access_token })).statusCode).toBe(200);
    const onB = await TestSocket.open(await realtimeUrl(b));
    sockets.push(onB);
    await onB.signIn(session.access_token);
    const admin = await a.signIn('admin@demo.test');
    expect((await a.call('PATCH', `/api/admin/users/${me.user.id}`, { token: admin.access_token, body: { active: false } })).statusCode).toBe(200);
    await until(async () => (await b.call('GET', '/api/auth/user', { token: session.access_token })).statusCode === 401);
    expect(await onB.waitClosed()).toBe(4003);
  });

  it('a role changed on A takes effect on B within the bus latency', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const me = await createUser(a, { role: 'admin' });
    const session = await a.signIn(me.email, me.password);
    const probe = () => b.call('GET', `/api/admin/users/${me.user.id}`, { token: session.access_token });
    expect((await probe()).statusCode).toBe(200);
    const admin = await a.signIn('admin@demo.test');
    expect((await a.call('PATCH', `/api/admin/users/${me.user.id}`, { token: admin.access_token, body: { role: 'whs_supervisor' } })).statusCode).toBe(200);
    await until(async () => (await probe()).statusCode === 403);
    // And back: the new role is read fresh too.
    expect((await a.call('PATCH', `/api/admin/users/${me.user.id}`, { token: admin.access_token, body: { role: 'admin' } })).statusCode).toBe(200);
    await until(async () => (await probe()).statusCode === 200);
  });

  it('a record B keeps in its read cache is read afresh on B within the bus latency after A changes it', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const admin = await a.signIn('admin@demo.test');
    const item = await makeItem(a.ctx.db, { name: 'Kept on B' });
    const nameOnB = async () => (await b.call('GET', `/api/items/${item.id}`, { token: admin.access_token })).json().name as string;
    expect(await nameOnB()).toBe('Kept on B');
    expect(b.ctx.reads.size).toBeGreaterThan(0);
    expect((await a.call('PATCH', `/api/items/${item.id}`, { token: admin.access_token, body: { name: 'Renamed on A' } })).statusCode).toBe(200);
    expect(await until(async () => (await nameOnB()) === 'Renamed on A', 1000)).toBeLessThan(1000);
    // A change made without the API (a script on the database) reaches B the same way.
    await a.ctx.db.execute(sql`update inventory_items set name = 'Renamed by SQL' where id = ${item.id}::uuid`);
    expect(await until(async () => (await nameOnB()) === 'Renamed by SQL', 1000)).toBeLessThan(1000);
  });

  it('when the listening connection drops, the instance reconnects, forgets its cache and hears the bus again', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const me = await createUser(a);
    const session = await a.signIn(me.email, me.password);
    expect((await b.call('GET', '/api/auth/user', { token: session.access_token })).statusCode).toBe(200);
    // A revocation whose event B never hears (as if sent while B's bus connection was down)…
    await a.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionIdOf(session.access_token)));
    expect((await b.call('GET', '/api/auth/user', { token: session.access_token })).statusCode).toBe(200);
    // …then the bus connection drops: after reconnecting, B must not trust what it cached (TTL is 15 s).
    await a.ctx.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN%' and datname = current_database()`);
    const ms = await until(async () => (await b.call('GET', '/api/auth/user', { token: session.access_token })).statusCode === 401, 5000);
    expect(ms).toBeLessThan(SESSION_CACHE_TTL_MS);
    // And the bus works again: a sign-out on A reaches B.
    const again = await a.signIn(me.email, me.password);
    expect((await b.call('GET', '/api/auth/user', { token: again.access_token })).statusCode).toBe(200);
    await a.call('POST', '/api/auth/logout', { token: again.access_token });
    await until(async () => (await b.call('GET', '/api/auth/user', { token: again.access_token })).statusCode === 401);
  });
});
