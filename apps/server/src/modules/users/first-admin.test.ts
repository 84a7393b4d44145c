import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { ensureFirstAdmin } from './first-admin.js';
import { loadConfig } from '../../config.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('creates the first admin only while the database has none, and that admin can sign in', async () => {
  const admin = { email: 'owner@shop.test', password: 'owner-pass-1', name: 'Owner' };
  // The demo data already has an admin: nothing is created.
  expect(await ensureFirstAdmin(server.ctx.db, admin)).toBe('exists');
  await server.ctx.db.update(users).set({ role: 'customer' }).where(eq(users.role, 'admin'));
  expect(await ensureFirstAdmin(server.ctx.db, null)).toBe('missing');
  expect(await ensureFirstAdmin(server.ctx.db, admin)).toBe('created');
  expect(await ensureFirstAdmin(server.ctx.db, admin)).toBe('exists');
  const session = await server.signIn('owner@shop.test', 'owner-pass-1');
  expect(session.user.role).toBe('admin');
});

it('reads the first admin from the environment, both variables or neither', () => {
  expect(loadConfig({ ADMIN_EMAIL: ' Owner@Shop.test ', ADMIN_PASSWORD: 'owner-pass-1' }).firstAdmin).toEqual({
    email: 'owner@shop.test',
    password: 'owner-pass-1',
    name: 'Administrator',
  });
  expect(() => loadConfig({ ADMIN_EMAIL: 'owner@shop.test' })).toThrow(/go together/);
  expect(() => loadConfig({ ADMIN_EMAIL: 'owner@shop.test', ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
});
