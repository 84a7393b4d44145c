import net, { type AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role, TSession } from '@portal/shared';
import { loadConfig } from '../src/config.js';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { buildApp, type BuiltApp } from '../src/app.js';
import { customers, technicians, users, warehouses } from '../src/db/schema.js';
import { hashPassword } from '../src/modules/auth/crypto.js';
import { createAuthService } from '../src/modules/auth/service.js';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from './postgres-databases.js';

/** Which database the server tests run on: PGlite always; PostgreSQL in the `server:postgres` project. */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  if (TEST_DB === 'pglite') {
    const dump = new Blob([fs.readFileSync(inject('pgliteDump'))]);
    const database = await openPglite(null, { loadDataDir: dump });
    return { database, drop: () => database.close() };
  }
  // A fresh database per test server on the PostgreSQL server, a copy of the migrated and
  // seeded template (test/global-setup.ts), dropped afterwards.
  const created = await createTestDatabase('portal_test', inject('pgTemplate'));
  const database = await openPostgres(created.url, 5);
  return {
    database,
    url: created.url,
    drop: async () => {
      await database.close();
      await created.drop();
    },
  };
}

export interface TestServer extends BuiltApp {
  dataDir: string;
  /** The PostgreSQL database URL (postgres runs only): another instance can share it. */
  databaseUrl?: string;
  /** Calls the API like a client would; `token` adds the bearer header. */
  call(method: InjectOptions['method'], url: string, opts?: { token?: string; body?: unknown; ip?: string; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  signIn(email: string, password?: string): Promise<TSession>;
  close(): Promise<void>;
}

/**
 * The real server (every plugin, hook and route) on a real, migrated database of its own,
 * with the demo accounts loaded. `env` overrides configuration, as the environment would.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  opts: { shareDatabaseOf?: TestServer } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Tests sign in far more often than people do; the rate-limit tests set their own limits.
    RATE_LIMIT_IP_MAX: '100000',
    RATE_LIMIT_LOGIN_FAILURES_MAX: '100000',
    RATE_LIMIT_ACCOUNT_FAILURES_MAX: '100000',
    ...env,
  });
  // A second instance shares the first one's PostgreSQL database through its own connections.
  const shared = opts.shareDatabaseOf?.databaseUrl;
  const { database, drop, url } = shared
    ? await openPostgres(shared, 5).then((d) => ({ database: d, drop: () => d.close(), url: shared }))
    : await openTestDatabase(); // the demo company comes with it (test/global-setup.ts)
  const built = await buildApp(config, database);
  await built.app.ready();

  const server: TestServer = {
    ...built,
    dataDir,
    databaseUrl: url,
    call(method, url, opts = {}) {
      return built.app.inject({
        method,
        url,
        payload: opts.body as InjectOptions['payload'],
        remoteAddress: opts.ip,
        headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
      });
    },
    async signIn(email, password = 'demo12345') {
      const res = await server.call('POST', '/api/auth/token?grant_type=password', { body: { email, password } });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    async close() {
      await built.app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

let counter = 0;
/** A user with a role (and its customer or technician row), straight into the database. */
export async function createUser(
  server: TestServer,
  overrides: Partial<{ role: Role; email: string; name: string; password: string; active: boolean }> = {},
) {
  const role = overrides.role ?? 'customer';
  const email = overrides.email ?? `user${++counter}-${randomBytes(3).toString('hex')}@test.test`;
  const password = overrides.password ?? 'password123';
  const [user] = await server.ctx.db
    .insert(users)
    .values({
      email,
      name: overrides.name ?? `Test ${role} ${counter}`,
      role,
      mobile: '+966500009999',
      passwordHash: await hashPassword(password),
      active: overrides.active ?? true,
    })
    .returning();
  if (role === 'customer') await server.ctx.db.insert(customers).values({ userId: user!.id, name: user!.name, email });
  if (role === 'technician') {
    const [van] = await server.ctx.db
      .insert(warehouses)
      .values({ code: `VAN-T${counter}-${randomBytes(2).toString('hex')}`, name: 'Test van', kind: 'van', technicianId: user!.id })
      .returning();
    await server.ctx.db.insert(technicians).values({ userId: user!.id, vanWarehouseId: van!.id });
  }
  return { user: user!, email, password };
}

/** A session for a user without going through sign-in (no hashing, no rate limit). */
export async function sessionFor(server: TestServer, userId: string): Promise<TSession> {
  const [user] = await server.ctx.db.select().from(users).where(eq(users.id, userId));
  return createAuthService(server.ctx).openSession(server.ctx.db, user!, { ip: '127.0.0.1' });
}

/** A signed-in test user: who they are and the token their API calls carry. */
export interface Person {
  id: string;
  role: Role;
  name: string;
  token: string;
}

/** A new user with `role` (and `name`, when the test reads it back), already signed in. */
export async function person(server: TestServer, role: Role, name?: string): Promise<Person> {
  const { user } = await createUser(server, { role, ...(name ? { name } : {}) });
  const session = await sessionFor(server, user.id);
  return { id: user.id, role, name: user.name, token: session.access_token };
}

/** The caller a service function is given for `p`, as a route builds it from the token. */
export const caller = (p: Pick<Person, 'id' | 'role'>) => ({ userId: p.id, role: p.role, ip: null });

/** Undoes quoted-printable (soft line breaks, =XX escapes) so links can be read from a mail. */
export const decodeQuotedPrintable = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** The .eml files the server wrote to its outbox (decoded), oldest first; waits up to `ms` for `atLeast`. */
export async function outbox(server: TestServer, atLeast = 0, ms = 10_000): Promise<string[]> {
  const dir = path.join(server.dataDir, 'outbox');
  const deadline = Date.now() + ms;
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort() : [];
    if (files.length >= atLeast || Date.now() > deadline) {
      return files.map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, f), 'utf8')));
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Listens on a free local port (once) and returns the realtime WebSocket URL. */
export async function realtimeUrl(server: TestServer): Promise<string> {
  if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/api/realtime`;
}

/**
 * Drops the jobs still queued in the server's database: the demo company's appointment reminders.
 * They fall due at whole hours of the company's working day (1 h and 24 h before each demo visit),
 * counted from when the test template was seeded, so a run that crossed such an hour found them
 * in the queue of a test that counts what its job runner ran (seen in CI at 06:00 UTC). Such a test
 * starts from an empty queue.
 */
export async function emptyJobQueue(server: TestServer): Promise<void> {
  await server.ctx.db.execute(sql`delete from jobs where done_at is null and failed_at is null`);
}

/** A port free on 127.0.0.1 right now, for a server process a test starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
