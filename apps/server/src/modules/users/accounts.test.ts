import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, customers, recoveryCodes, technicians, users, warehouses } from '../../db/schema.js';
import { createUser, outbox, startTestServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  // Welcome links point at PUBLIC_URL, never at the request's Host (sent as another site below).
  server = await startTestServer({ PUBLIC_URL: 'http://portal.test:8080' });
  admin = (await server.signIn('admin@demo.test')).access_token;
});
afterAll(() => server.close());

const list = (query: string, token = admin) => server.call('GET', `/api/admin/users?${query}`, { token });
const create = (body: unknown, token = admin) =>
  server.call('POST', '/api/admin/users', { token, body, headers: { host: 'evil.example' } });

/** The welcome link of the newest mail to `email`: code and verifier. */
async function welcomeLinkFor(email: string, before: number) {
  const mails = await outbox(server, before + 1);
  const mail = mails.slice(before).find((m) => m.includes(`To: ${email}`));
  expect(mail, `a welcome mail to ${email}`).toBeTruthy();
  const match = /(http:\/\/portal\.test:8080\/reset-password\?code=([A-Za-z0-9_-]+)&welcome=1#verifier=([A-Za-z0-9_-]+))/.exec(mail!);
  expect(match, 'a set-password link').toBeTruthy();
  return { mail: mail!, link: match![1]!, code: match![2]!, verifier: match![3]! };
}

describe('admin: the users list', () => {
  it('searches name and email, filters role and active, sorts and pages with a keyset cursor', async () => {
    const tag = `lst${Date.now()}`;
    for (let i = 0; i < 5; i++) await createUser(server, { role: 'whs_supervisor', name: `${tag} Person ${i}`, email: `${tag}-${i}@test.test` });
    await createUser(server, { role: 'technician', name: `${tag} Tech`, email: `${tag}-tech@test.test`, active: false });

    const all = (await list(`q=${tag}`)).json();
    expect(all.total).toBe(6);
    expect(all.items.map((u: { name: string }) => u.name)).toEqual([...Array.from({ length: 5 }, (_, i) => `${tag} Person ${i}`), `${tag} Tech`]);
    expect((await list(`q=${tag.toUpperCase()}-3@`)).json().items.map((u: { email: string }) => u.email)).toEqual([`${tag}-3@test.test`]);
    expect((await list(`q=${tag}&role=technician`)).json().items).toHaveLength(1);
    expect((await list(`q=${tag}&active=false`)).json().items.map((u: { active: boolean }) => u.active)).toEqual([false]);
    expect((await list(`q=${tag}&active=true&role=whs_supervisor`)).json().total).toBe(5);

    // Pages of 2, newest first by creation, walk every row once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(`q=${tag}&sort=created_at&order=desc&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.total).toBe(6);
      seen.push(...page.items.map((u: { email: string }) => u.email));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([`${tag}-tech@test.test`, ...Array.from({ length: 5 }, (_, i) => `${tag}-${4 - i}@test.test`)]);

    const byEmail = (await list(`q=${tag}&sort=email&order=desc&limit=3`)).json();
    expect(byEmail.items[0].email).toBe(`${tag}-tech@test.test`);
    const bySignIn = await list(`q=${tag}&sort=last_sign_in_at&limit=2`);
    expect(bySignIn.statusCode).toBe(200);
    const next = await list(`q=${tag}&sort=last_sign_in_at&limit=2&cursor=${bySignIn.json().next_cursor}`);
    expect(next.json().items).toHaveLength(2);
    expect((await list('sort=role&order=desc')).statusCode).toBe(200);
  });

  it('answers bad filters with 400 and the fields, and other roles with 403', async () => {
    const bad = await list('role=owner&sort=password&limit=1000&cursor=zzz');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['limit', 'role', 'sort']);
    expect((await list('cursor=not-a-cursor')).statusCode).toBe(400);
    const supervisor = await server.signIn('supervisor@demo.test');
    expect((await list('', supervisor.access_token)).statusCode).toBe(403);
  });
});

describe('admin: creating accounts', () => {
  it('creates a customer (with the customer row) and mails a one-time set-password link, no password in it', async () => {
    const before = (await outbox(server)).length;
    const email = `new-customer-${Date.now()}@test.test`;
    const res = await create({ name: 'New Customer', email: `  ${email.toUpperCase()} `, mobile: '+966500000111', role: 'customer' });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ email, name: 'New Customer', role: 'customer', active: true, last_sign_in_at: null });
    const [customer] = await server.ctx.db.select().from(customers).where(eq(customers.userId, user.id));
    expect(customer).toMatchObject({ name: 'New Customer', email, mobileNumber: '+966500000111' });

    const { mail, code, verifier } = await welcomeLinkFor(email, before);
    expect(mail).not.toMatch(/password:\s*\S|passwort|كلمة المرور:\s*\S/i);
    // The link works: a recovery session that sets the password, then the user signs in with it.
    const exchanged = await server.call('POST', '/api/auth/token?grant_type=pkce', { body: { auth_code: code, code_verifier: verifier } });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json().recovery).toBe(true);
    const set = await server.call('PUT', '/api/auth/user', { token: exchanged.json().access_token, body: { password: 'chosen-pass-1' } });
    expect(set.statusCode).toBe(200);
    expect((await server.signIn(email, 'chosen-pass-1')).user.role).toBe('customer');
    // …once.
    const again = await server.call('POST', '/api/auth/token?grant_type=pkce', { body: { auth_code: code, code_verifier: verifier } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('recovery_code_invalid');

    const [row] = await server.ctx.db.select().from(auditLog).where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'user.created')));
    expect(row!.after).toMatchObject({ email, role: 'customer' });
  });

  it('creates staff of every role; a technician gets the technician profile and a VAN- warehouse', async () => {
    for (const role of ['admin', 'whs_supervisor', 'technician'] as const) {
      const email = `new-${role}-${Date.now()}@test.test`;
      const res = await create({ name: `New ${role}`, email, role, language: 'en' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ role, language: 'en', mobile: null });
      const id = res.json().id;
      expect(await server.ctx.db.select().from(customers).where(eq(customers.userId, id))).toHaveLength(0);
      const [tech] = await server.ctx.db.select().from(technicians).where(eq(technicians.userId, id));
      if (role !== 'technician') {
        expect(tech).toBeUndefined();
        continue;
      }
      const [van] = await server.ctx.db.select().from(warehouses).where(eq(warehouses.id, tech!.vanWarehouseId!));
      expect(van).toMatchObject({ kind: 'van', technicianId: id });
      expect(van!.code).toMatch(/^VAN-\d{4,}$/);
    }
  });

  it('refuses a taken email (409 email_taken) and bad input (400 with the fields), writing nothing', async () => {
    const count = async () => (await server.ctx.db.select({ id: users.id }).from(users)).length;
    const n = await count();
    const before = (await outbox(server)).length;
    const taken = await create({ name: 'Again', email: 'ADMIN@demo.test', role: 'customer' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'email_taken', fields: { email: 'invalid' } });
    const bad = await create({ name: '', email: 'not-an-email', mobile: 'call me', role: 'owner', password: 'sneaky-pass' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['email', 'mobile', 'name', 'role']);
    expect(await count()).toBe(n);
    // A later, valid account gets its welcome mail; the refused ones before it were sent nothing.
    const email = `after-refusals-${Date.now()}@test.test`;
    expect((await create({ name: 'After Refusals', email, role: 'customer' })).statusCode).toBe(201);
    const mails = await outbox(server, before + 1);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toContain(`To: ${email}`);
  });

  it('an expired or spent welcome link is refused; a deactivated user cannot use theirs', async () => {
    const before = (await outbox(server)).length;
    const email = `expired-${Date.now()}@test.test`;
    const { id } = (await create({ name: 'Late', email, role: 'whs_supervisor' })).json();
    const { code, verifier } = await welcomeLinkFor(email, before);
    expect((await server.call('PATCH', `/api/admin/users/${id}`, { token: admin, body: { active: false } })).statusCode).toBe(200);
    const refused = await server.call('POST', '/api/auth/token?grant_type=pkce', { body: { auth_code: code, code_verifier: verifier } });
    expect(refused.statusCode).toBe(400);
    await server.call('PATCH', `/api/admin/users/${id}`, { token: admin, body: { active: true } });
    await server.ctx.db.update(recoveryCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(recoveryCodes.userId, id));
    expect((await server.call('POST', '/api/auth/token?grant_type=pkce', { body: { auth_code: code, code_verifier: verifier } })).statusCode).toBe(400);
  });
});
