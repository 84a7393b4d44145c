import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_DB, freePort } from './harness.js';
import { openPglite } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import { DEMO_PASSWORD } from '../src/demo/accounts.js';

// The whole server as `npm start` runs it, on an embedded database folder: what a person
// who runs it, stops it and starts it again would see.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-proc-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function startServer(port: number, extraEnv: Record<string, string> = {}) {
  const { DATABASE_URL: _, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '1', LOG_LEVEL: 'warn', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

// Generous: the first start seeds the demo company, slow on a loaded 2-core machine.
async function waitHealthy(port: number, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

describe.skipIf(TEST_DB !== 'pglite')('the server process on an embedded database', () => {
  it('refuses a second server on the same folder, shuts down cleanly, and keeps data across restarts', async () => {
    const port = await freePort();
    const first = startServer(port);
    await waitHealthy(port);
    expect(first.output()).toContain('admin@demo.test');

    const second = startServer(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already using the data folder/);

    const signup = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kept@example.test', password: 'kept-password', name: 'Kept', mobile: '+966500000321' }),
    });
    expect(signup.status).toBe(201);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    // At LOG_LEVEL=warn (above) no request is logged; at info, one line a request: method, path
    // without the query, status and time — no body, password or token.
    expect(first.output()).not.toMatch(/"msg":"request"/);
    const again = startServer(port, { LOG_LEVEL: 'info' });
    await waitHealthy(port);
    const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kept@example.test', password: 'kept-password' }),
    });
    expect(signIn.status).toBe(200);
    const { access_token } = (await signIn.json()) as { access_token: string };
    expect((await fetch(`http://127.0.0.1:${port}/api/auth/user`, { headers: { authorization: `Bearer ${access_token}` } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200)); // the log lines reach the pipe
    const requestLines = again
      .output()
      .split('\n')
      .filter((l) => l.includes('"msg":"request"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(requestLines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'POST', url: '/api/auth/token', status: 200, ms: expect.any(Number) }),
        expect.objectContaining({ method: 'GET', url: '/api/auth/user', status: 200 }),
      ]),
    );
    expect(again.output()).not.toMatch(/kept-password|grant_type|Bearer/);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);

  it('does a first start\'s work in a child process: a new folder without demo data gets the first admin', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-first-'));
    try {
      const port = await freePort();
      const admin = { ADMIN_EMAIL: 'owner@first.test', ADMIN_PASSWORD: 'owner-password-1' };
      const server = startServer(port, { DATA_DIR: path.join(folder, 'data'), DEMO_DATA: '0', LOG_LEVEL: 'info', ...admin });
      await waitHealthy(port);
      expect(server.output()).toContain('first admin account created: owner@first.test');
      expect(server.output()).not.toContain('demo data loaded');
      for (const [email, password, status] of [
        [admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD, 200],
        ['admin@demo.test', DEMO_PASSWORD, 400], // invalid_grant: there is no such account
      ] as const) {
        const res = await fetch(`http://127.0.0.1:${port}/api/auth/token?grant_type=password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        expect(res.status, email).toBe(status);
      }
      // Another process did it (its pid is logged), and it is gone.
      const line = server
        .output()
        .split('\n')
        .find((l) => l.includes('first start prepared by a child process'));
      const childPid = (JSON.parse(line!) as { child_pid: number }).child_pid;
      expect(childPid).toBeGreaterThan(0);
      expect(childPid).not.toBe(server.child.pid);
      expect(fs.existsSync(`/proc/${childPid}`)).toBe(false);
      const others = fs
        .readdirSync('/proc')
        .filter((p) => /^\d+$/.test(p))
        .filter((p) => {
          try {
            const cmdline = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8');
            return cmdline.includes('--first-start-only') && fs.readFileSync(`/proc/${p}/environ`, 'utf8').includes(folder);
          } catch {
            return false;
          }
        });
      expect(others).toEqual([]);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);

  it('runs a reminder scheduled before a restart once, after it (the job queue lives in the database)', async () => {
    // The server is stopped: move one demo appointment's pending 1-hour reminder to 3 s from now.
    // Any demo customer's: they all have the demo password, and which of them has a visit still to
    // come depends on the day and hour of the run (only the example.test customers, some mornings).
    const q = async <T>(fn: (db: Awaited<ReturnType<typeof openPglite>>['db']) => Promise<unknown>) => {
      const database = await openPglite(dataDir);
      try {
        return rowsOf<T>(await fn(database.db));
      } finally {
        await database.close();
      }
    };
    const [job] = await q<{ id: string; appointment_id: string; email: string }>((db) =>
      db.execute(sql`
        update jobs j set run_at = now() + interval '3 seconds'
        from appointments a join users u on u.id = a.customer_id
        where j.id = (select j2.id from jobs j2 join appointments a2 on a2.id = j2.subject_id join users u2 on u2.id = a2.customer_id
                      where j2.kind = 'appointment_reminder' and j2.done_at is null and j2.payload->>'before' = '1h' and u2.role = 'customer'
                      order by j2.run_at limit 1)
          and a.id = j.subject_id
        returning j.id, a.id as appointment_id, u.email`),
    );
    expect(job, 'a demo appointment with a pending reminder').toBeDefined();

    const port = await freePort();
    // As people run it: under NODE_ENV=test the server leaves the job runner to the tests.
    const server = startServer(port, { NODE_ENV: 'development' });
    await waitHealthy(port);
    const token = await fetch(`http://127.0.0.1:${port}/api/auth/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: job!.email, password: DEMO_PASSWORD }),
    }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
    const reminders = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/notifications`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { items: { title: string; link: string | null }[] };
      return body.items.filter((n) => n.title.startsWith('notifications.appointment_reminder') && n.link?.includes(job!.appointment_id));
    };
    const deadline = Date.now() + 30_000;
    while (!(await reminders()).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    // Another poll or two of the runner: still one.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await reminders()).toHaveLength(1);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const [done] = await q<{ done: boolean }>((db) => db.execute(sql`select done_at is not null as done from jobs where id = ${job!.id}::uuid`));
    expect(done).toEqual({ done: true });
  }, 120_000);
});