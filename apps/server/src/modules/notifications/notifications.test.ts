import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TSession } from '@portal/shared';
import { auditLog, notifications, users } from '../../db/schema.js';
import { notify } from './service.js';
import { createUser, realtimeUrl, startTestServer, type TestServer } from '../../../test/harness.js';
import { TestSocket } from '../../../test/ws-client.js';

let server: TestServer;
let admin: TSession;
let url: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin@demo.test');
  url = await realtimeUrl(server);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
});

async function socketFor(session: TSession, topics: Parameters<TestSocket['signIn']>[1] = ['notifications']) {
  const s = await TestSocket.open(url);
  sockets.push(s);
  return s.signIn(session.access_token, topics);
}

const announce = (body: Record<string, unknown>, token = admin.access_token) =>
  server.call('POST', '/api/admin/announcements', { token, body: { type: 'info', title: 'Hello', message: 'World', ...body } });

async function freshUser(role: 'customer' | 'technician' = 'customer') {
  const u = await createUser(server, { role });
  return { ...u, session: await server.signIn(u.email, u.password) };
}

describe('notifications API', () => {
  it('lists only my notifications, newest first, with the unread count', async () => {
    const me = await freshUser();
    const other = await freshUser();
    await announce({ audience: { kind: 'user', user_id: me.user.id }, title: 'First' });
    await announce({ audience: { kind: 'user', user_id: me.user.id }, title: 'Second', link: '/dashboard/profile', type: 'warning' });
    await announce({ audience: { kind: 'user', user_id: other.user.id }, title: 'Not yours' });

    const res = await server.call('GET', '/api/notifications', { token: me.session.access_token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.unread_count).toBe(2);
    expect(body.items.map((n: { params: { title: string } }) => n.params.title)).toEqual(['Second', 'First']);
    expect(body.items[0]).toMatchObject({
      type: 'warning',
      title: 'notifications.announcement.title',
      message: 'notifications.announcement.message',
      link: '/dashboard/profile',
      read: false,
    });
    const count = await server.call('GET', '/api/notifications/unread-count', { token: me.session.access_token });
    expect(count.json()).toEqual({ count: 2 });
  });

  it('marks one read; another user\'s notification answers 404 and stays unread', async () => {
    const me = await freshUser();
    const other = await freshUser();
    await announce({ audience: { kind: 'user', user_id: other.user.id } });
    const [theirs] = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, other.user.id));
    const res = await server.call('POST', `/api/notifications/${theirs!.id}/read`, { token: me.session.access_token });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    const [still] = await server.ctx.db.select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(still!.read).toBe(false);

    const own = await server.call('POST', `/api/notifications/${theirs!.id}/read`, { token: other.session.access_token });
    expect(own.statusCode).toBe(200);
    expect(own.json().read).toBe(true);
    expect((await server.call('POST', `/api/notifications/${crypto.randomUUID()}/read`, { token: other.session.access_token })).statusCode).toBe(404);
  });

  it('marks all of mine read, and only mine', async () => {
    const me = await freshUser();
    const other = await freshUser();
    for (let i = 0; i < 3; i++) await announce({ audience: { kind: 'user', user_id: me.user.id } });
    await announce({ audience: { kind: 'user', user_id: other.user.id } });
    const res = await server.call('POST', '/api/notifications/read-all', { token: me.session.access_token });
    expect(res.json()).toEqual({ updated: 3 });
    expect((await server.call('GET', '/api/notifications/unread-count', { token: me.session.access_token })).json()).toEqual({ count: 0 });
    expect((await server.call('GET', '/api/notifications/unread-count', { token: other.session.access_token })).json()).toEqual({ count: 1 });
  });

  it('pages beyond the newest 50 with a cursor, without gaps or repeats', async () => {
    const me = await freshUser();
    await server.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 60; i++) await notify(tx, { userIds: [me.user.id] }, { title: 't', message: 'm', params: { i } });
    });
    const first = (await server.call('GET', '/api/notifications', { token: me.session.access_token })).json();
    expect(first.items).toHaveLength(50);
    expect(first.next_cursor).toBeTruthy();
    const second = (await server.call('GET', `/api/notifications?cursor=${first.next_cursor}`, { token: me.session.access_token })).json();
    expect(second.items).toHaveLength(10);
    expect(second.next_cursor).toBeNull();
    const ids = [...first.items, ...second.items].map((n: { id: string }) => n.id);
    expect(new Set(ids).size).toBe(60);
    const bad = await server.call('GET', '/api/notifications?cursor=nonsense', { token: me.session.access_token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ cursor: 'invalid' });
  });
});

describe('announcements', () => {
  it('reaches every active user of a role and nobody else, and is audited', async () => {
    const techs = await server.ctx.db.$count(users, and(eq(users.role, 'technician'), eq(users.active, true)));
    const customer = await freshUser('customer');
    const res = await announce({ audience: { kind: 'role', role: 'technician' }, title: 'Techs only' });
    expect(res.statusCode).toBe(200);
    expect(res.json().recipients).toBe(techs);
    const techRows = await server.ctx.db
      .select({ role: users.role })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.params, { title: 'Techs only', message: 'World' }));
    expect(techRows).toHaveLength(techs);
    expect(techRows.every((r) => r.role === 'technician')).toBe(true);
    const mine = (await server.call('GET', '/api/notifications', { token: customer.session.access_token })).json();
    expect(mine.items).toHaveLength(0);
    const audits = await server.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'notification.announced'));
    expect(audits.length).toBeGreaterThan(0);
  });

  it('reaches everyone', async () => {
    const all = await server.ctx.db.$count(users, eq(users.active, true));
    const res = await announce({ audience: { kind: 'all' }, title: 'Everyone' });
    expect(res.json().recipients).toBe(all);
  });

  it('refuses bad input with the fields at fault and sends nothing', async () => {
    const before = await server.ctx.db.$count(notifications);
    const res = await announce({ audience: { kind: 'role', role: 'king' }, title: '', link: 'https://evil.test/x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ 'audience.role': 'invalid', title: 'required', link: 'invalid' });
    const unknownUser = await announce({ audience: { kind: 'user', user_id: crypto.randomUUID() } });
    expect(unknownUser.statusCode).toBe(400);
    expect(unknownUser.json().error.fields).toEqual({ 'audience.user_id': 'invalid' });
    expect(await server.ctx.db.$count(notifications)).toBe(before);
  });
});

describe('realtime delivery', () => {
  it('delivers a notification only to its user, never to another', async () => {
    const me = await freshUser();
    const other = await freshUser();
    const mine = await socketFor(me.session);
    const theirs = await socketFor(other.session);
    await announce({ audience: { kind: 'user', user_id: me.user.id } });
    const event = await mine.waitFor((f) => f.type === 'event' && f.event === 'notification.created', 1000);
    expect(event).toMatchObject({ topic: 'notifications', payload: { ids: [expect.any(String)] } });
    // A later one for the other user reaches them; mine, sent first, would have come before it.
    await announce({ audience: { kind: 'user', user_id: other.user.id } });
    await theirs.waitFor((f) => f.type === 'event' && f.event === 'notification.created', 1000);
    expect(theirs.events('notification.created')).toHaveLength(1);
  });

  it('delivers role announcements to that role only', async () => {
    const tech = await freshUser('technician');
    const customer = await freshUser('customer');
    const techSocket = await socketFor(tech.session);
    const customerSocket = await socketFor(customer.session);
    await announce({ audience: { kind: 'role', role: 'technician' } });
    await techSocket.waitFor((f) => f.type === 'event' && f.event === 'notification.created', 1000);
    // A later one for the customer reaches them; the technicians' one, sent first, would have come before it.
    await announce({ audience: { kind: 'user', user_id: customer.user.id } });
    await customerSocket.waitFor((f) => f.type === 'event' && f.event === 'notification.created', 1000);
    expect(customerSocket.events('notification.created')).toHaveLength(1);
  });

  it('never delivers (or stores) a notification whose transaction rolled back', async () => {
    const me = await freshUser();
    const socket = await socketFor(me.session);
    await expect(
      server.ctx.db.transaction(async (tx) => {
        await notify(tx, { userIds: [me.user.id] }, { title: 'ghost', message: 'ghost' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    // A committed one afterwards arrives, so the socket was listening all along.
    await server.ctx.db.transaction((tx) => notify(tx, { userIds: [me.user.id] }, { title: 'real', message: 'real' }));
    await socket.waitFor((f) => f.type === 'event' && f.event === 'notification.created', 1000);
    expect(socket.events('notification.created')).toHaveLength(1);
    const rows = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, me.user.id));
    expect(rows.map((r) => r.title)).toEqual(['real']);
  });

  it('tells my other tabs when I read notifications', async () => {
    const me = await freshUser();
    await announce({ audience: { kind: 'user', user_id: me.user.id } });
    const tab = await socketFor(me.session);
    await server.call('POST', '/api/notifications/read-all', { token: me.session.access_token });
    await tab.waitFor((f) => f.type === 'event' && f.event === 'notification.read', 1000);
  });

  it('refuses sockets without a valid token, joins before auth and topics the role may not read', async () => {
    const anon = await TestSocket.open(url);
    sockets.push(anon);
    const early = await anon.request({ type: 'join', topic: 'notifications' });
    expect(early).toMatchObject({ status: 'error', code: 'unauthenticated' });
    anon.ws.send(JSON.stringify({ type: 'auth', token: 'forged', ref: 'x' }));
    expect(await anon.waitClosed()).toBe(4001);

    const customer = await freshUser();
    const s = await socketFor(customer.session, []);
    expect(await s.request({ type: 'join', topic: 'stock' })).toMatchObject({ status: 'error', code: 'forbidden' });
    expect(await s.request({ type: 'join', topic: 'nonsense' })).toMatchObject({ status: 'error', code: 'not_found' });
  });

  it('closes the socket of a session that signs out', async () => {
    const me = await freshUser();
    const socket = await socketFor(me.session);
    await server.call('POST', '/api/auth/logout', { token: me.session.access_token });
    expect(await socket.waitClosed()).toBe(4003);
  });

  it('accepts a refreshed token on the open socket', async () => {
    const me = await freshUser();
    const socket = await socketFor(me.session);
    const refreshed = (
      await server.call('POST', '/api/auth/token?grant_type=refresh_token', { body: { refresh_token: me.session.refresh_token } })
    ).json();
    expect(await socket.request({ type: 'auth', token: refreshed.access_token })).toMatchObject({ status: 'ok' });
    await announce({ audience: { kind: 'user', user_id: me.user.id } });
    await socket.waitFor((f) => f.type === 'event' && f.event === 'notification.created', 1000);
  });
});
