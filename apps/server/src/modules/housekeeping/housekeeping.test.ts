import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { idempotencyKeys, rateLimits, recoveryCodes, refreshTokens, sessions } from '../../db/schema.js';
import { createUser, sessionFor, startTestServer, type TestServer } from '../../../test/harness.js';
import { sweep } from './service.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('deletes what has no further use and keeps everything live', async () => {
  const db = server.ctx.db;
  const { user } = await createUser(server);
  const live = await sessionFor(server, user.id);
  const old = await sessionFor(server, user.id);
  const oldSession = { id: (await server.ctx.signer.verify(old.access_token))!.sessionId };
  await db.update(sessions).set({ revokedAt: new Date(Date.now() - 40 * 86_400_000) }).where(eq(sessions.id, oldSession!.id));
  await db.insert(rateLimits).values([
    { key: 'passed', count: 3, resetAt: new Date(Date.now() - 1000) },
    { key: 'current', count: 3, resetAt: new Date(Date.now() + 60_000) },
  ]);
  await db.insert(recoveryCodes).values([
    { userId: user.id, codeHash: 'expired', codeChallenge: 'x', expiresAt: new Date(Date.now() - 1000) },
    { userId: user.id, codeHash: 'valid', codeChallenge: 'x', expiresAt: new Date(Date.now() + 60_000) },
  ]);

  await sweep(server.ctx);

  expect((await db.select().from(rateLimits)).map((r) => r.key)).not.toContain('passed');
  expect((await db.select().from(rateLimits)).map((r) => r.key)).toContain('current');
  expect((await db.select().from(recoveryCodes)).map((r) => r.codeHash)).toEqual(['valid']);
  expect(await db.select().from(sessions).where(eq(sessions.id, oldSession!.id))).toHaveLength(0);
  // The live session and its refresh token still work.
  expect((await server.call('GET', '/api/auth/user', { token: live.access_token })).statusCode).toBe(200);
  const refreshed = await server.call('POST', '/api/auth/token?grant_type=refresh_token', { body: { refresh_token: live.refresh_token } });
  expect(refreshed.statusCode).toBe(200);
  expect((await server.call('GET', '/api/auth/user', { token: old.access_token })).statusCode).toBe(401);
  expect(await db.$count(refreshTokens)).toBeGreaterThan(0);
});

it('keeps idempotency keys a week, then deletes them', async () => {
  const db = server.ctx.db;
  const { user } = await createUser(server);
  const day = 86_400_000;
  const key = (name: string, ageDays: number) => ({ userId: user.id, key: name, route: 'POST /api/x', fingerprint: 'f', createdAt: new Date(Date.now() - ageDays * day) });
  await db.insert(idempotencyKeys).values([key('eight-days-old', 8), key('six-days-old', 6), key('fresh-key', 0)]);

  await sweep(server.ctx);

  const left = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
  expect(left.map((k) => k.key).sort()).toEqual(['fresh-key', 'six-days-old']);
});
