import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, sessions, users } from '../../db/schema.js';
import { createUser, startTestServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.signIn('admin@demo.test')).access_token;
});
afterAll(() => server.close());

const patch = (id: string, body: unknown, token = admin) => server.call('PATCH', `/api/admin/users/${id}`, { token, body });

describe('admin: change a user', () => {
  it('changes name, mobile and role, audits it, and answers the new user', async () => {
    const { user } = await createUser(server);
    const res = await patch(user.id, { name: 'Renamed by admin', mobile: '+966500001234', role: 'whs_supervisor' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, name: 'Renamed by admin', mobile: '+966500001234', role: 'whs_supervisor', active: true });
    const rows = await server.ctx.db.select().from(auditLog).where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'user.updated')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.before).toMatchObject({ role: 'customer' });
    expect(rows[0]!.after).toMatchObject({ role: 'whs_supervisor' });
  });

  it('deactivating ends every session of the user', async () => {
    const { user, email, password } = await createUser(server, { role: 'technician' });
    const s1 = await server.signIn(email, password);
    const s2 = await server.signIn(email, password);
    expect((await server.call('GET', '/api/auth/user', { token: s1.access_token })).statusCode).toBe(200);
    expect((await patch(user.id, { active: false })).statusCode).toBe(200);
    for (const s of [s1, s2]) expect((await server.call('GET', '/api/auth/user', { token: s.access_token })).statusCode).toBe(401);
    const live = await server.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    // And they cannot sign in again until reactivated.
    expect((await server.call('POST', '/api/auth/token?grant_type=password', { body: { email, password } })).statusCode).not.toBe(200);
    expect((await patch(user.id, { active: true })).statusCode).toBe(200);
    expect((await server.signIn(email, password)).access_token).toBeTruthy();
  });

  it('refuses to deactivate or demote the last active admin (409 last_admin), changing nothing', async () => {
    const [me] = await server.ctx.db.select().from(users).where(eq(users.email, 'admin@demo.test'));
    const others = await server.ctx.db.select().from(users).where(and(eq(users.role, 'admin'), eq(users.active, true)));
    expect(others.map((u) => u.id)).toEqual([me!.id]);
    for (const body of [{ active: false }, { role: 'technician' }]) {
      const res = await patch(me!.id, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('last_admin');
    }
    const [after] = await server.ctx.db.select().from(users).where(eq(users.id, me!.id));
    expect(after).toMatchObject({ role: 'admin', active: true });

    // With a second admin, either may be demoted — but not both.
    const second = await createUser(server, { role: 'admin' });
    expect((await patch(second.user.id, { role: 'customer' })).statusCode).toBe(200);
    expect((await patch(me!.id, { active: false })).statusCode).toBe(409);
  });

  it('answers bad input with 400 and the fields, an unknown user with 404, and other roles with 403', async () => {
    const { user, email, password } = await createUser(server);
    const bad = await patch(user.id, { role: 'owner', mobile: 'call me', name: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['mobile', 'name', 'role']);
    expect((await patch(user.id, {})).statusCode).toBe(400);
    const [unchanged] = await server.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(unchanged!.role).toBe('customer');
    expect((await patch(crypto.randomUUID(), { name: 'Nobody' })).statusCode).toBe(404);
    const customer = await server.signIn(email, password);
    expect((await patch(user.id, { role: 'admin' }, customer.access_token)).statusCode).toBe(403);
  });
});

describe('user lookup (pickers)', () => {
  const lookup = (query: string, token = admin) => server.call('GET', `/api/admin/users/lookup?${query}`, { token });

  it('finds users by name or email, narrowed to one role and to active users unless asked', async () => {
    const tech = await createUser(server, { role: 'technician', name: 'Lookup Zephyr Tech' });
    const customer = await createUser(server, { role: 'customer', name: 'Lookup Zephyr Customer' });
    const gone = await createUser(server, { role: 'technician', name: 'Lookup Zephyr Gone' });
    await server.ctx.db.update(users).set({ active: false }).where(eq(users.id, gone.user.id));

    const all = (await lookup('q=zephyr')).json().items.map((u: { id: string }) => u.id);
    expect(all).toEqual(expect.arrayContaining([tech.user.id, customer.user.id]));
    expect(all).not.toContain(gone.user.id);
    const techs = (await lookup('q=zephyr&role=technician')).json().items.map((u: { id: string }) => u.id);
    expect(techs).toEqual([tech.user.id]);
    const everyTech = (await lookup('q=zephyr&role=technician&active=all')).json().items.map((u: { id: string }) => u.id);
    expect(everyTech.sort()).toEqual([tech.user.id, gone.user.id].sort());
    expect((await lookup('role=wizard')).statusCode).toBe(400);
  });
});
