import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { ROLES, can, type Role } from '@portal/shared';
import { accessPlugin } from './access.js';
import { createUser, sessionFor, startTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
const users = {} as Record<Role, string>;
beforeAll(async () => {
  server = await startTestServer();
  for (const role of ROLES) users[role] = (await createUser(server, { role })).user.id;
});
afterAll(() => server.close());

/** A concrete URL for a route pattern: every `:param` becomes a fresh UUID. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, () => crypto.randomUUID());

describe('the capability table is enforced on every route', () => {
  it('has routes to walk, each with declared access', () => {
    expect(server.app.apiRoutes.length).toBeGreaterThan(5);
    for (const r of server.app.apiRoutes) expect(r.access).toBeTruthy();
  });

  it('answers 401 to anonymous calls on every non-public route', async () => {
    for (const route of server.app.apiRoutes.filter((r) => r.access !== 'public')) {
      const res = await server.call(route.method as never, concrete(route.url), { body: {} });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().error.code).toMatch(/unauthenticated|session_revoked/);
    }
  });

  it('answers 403 exactly when the role lacks the capability, for every role and route', async () => {
    for (const route of server.app.apiRoutes.filter((r) => r.access !== 'public')) {
      for (const role of ROLES) {
        // A fresh session each call: some routes (sign-out, password change) end sessions.
        const session = await sessionFor(server, users[role]);
        const res = await server.call(route.method as never, concrete(route.url), { token: session.access_token, body: {} });
        const where = `${role} ${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (can(role, route.access as never)) {
          expect([401, 403], where).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, where).toBe(403);
          expect(res.json().error.code).toBe('forbidden');
        }
      }
    }
  });

  it('lets a password-recovery session reach only the routes marked for it', async () => {
    const { createAuthService } = await import('../modules/auth/service.js');
    const { users: usersTable } = await import('../db/schema.js');
    const { eq } = await import('drizzle-orm');
    const [user] = await server.ctx.db.select().from(usersTable).where(eq(usersTable.id, users.admin));
    for (const route of server.app.apiRoutes.filter((r) => r.access !== 'public')) {
      const recovery = await createAuthService(server.ctx).openSession(server.ctx.db, user!, { ip: null }, true);
      const res = await server.call(route.method as never, concrete(route.url), { token: recovery.access_token, body: {} });
      if (route.recovery) expect([401, 403], route.url).not.toContain(res.statusCode);
      else expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});

describe('route registration', () => {
  it('refuses to start when an API route declares no access', async () => {
    const app = Fastify();
    await app.register(accessPlugin, { ctx: server.ctx });
    expect(() => app.get('/api/forgotten', async () => 'oops')).toThrow(/declares no access/);
    await app.close();
  });
});
