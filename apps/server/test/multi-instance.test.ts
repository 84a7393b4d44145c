import { afterAll, describe, expect, it } from 'vitest';
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
});
