import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { createUser, sessionFor, startTestServer, TEST_DB, type TestServer, emptyJobQueue } from '../../../test/harness.js';
import { putSetting, DEFAULT_SETTINGS } from '../settings/store.js';
import { rowsOf } from '../../db/rows.js';
import { JOB_HANDLERS } from '../../job-handlers.js';
import { createJobRunner } from './runner.js';
import { enqueue } from './queries.js';

const TYPE = 'job_test';
const ZONE = 'Asia/Riyadh';
const ALL_DAY = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, { start: '00:00', end: '23:00' }]));

const servers: TestServer[] = [];
let server: TestServer;
let customer: { id: string; token: string };
let seq = 0;

const q = <T>(s: TestServer, query: ReturnType<typeof sql>) => s.ctx.db.execute(query).then((r) => rowsOf<T>(r));

/** Books an appointment a few days ahead and makes its two reminders due now. */
async function bookWithDueReminders(): Promise<string> {
  seq++;
  const starts = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 3, hours: seq }).toISO({ suppressMilliseconds: true });
  const res = await server.call('POST', '/api/bookings', {
    token: customer.token,
    body: { service_kind: 'office', starts_at: starts, service_type: TYPE, fault_type: 'screen', problem_description: 'x', device: { brand: 'A', model: 'B', warranty_status: 'unknown' } },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().appointment.id as string;
  await server.ctx.db.execute(sql`update jobs set run_at = now() - interval '1 second' where subject_id = ${id}::uuid`);
  return id;
}
const reminders = (id: string) =>
  q<{ user_id: string }>(server, sql`select n.user_id from notifications n join appointments a on a.number = n.params->>'number' where a.id = ${id}::uuid and n.title = 'notifications.appointment_reminder.title'`);

beforeAll(async () => {
  server = await startTestServer();
  servers.push(server);
  await emptyJobQueue(server);
  await putSetting(server.ctx.db, 'service_types', [...DEFAULT_SETTINGS.service_types, { code: TYPE, name_en: 'Job test', name_ar: 'اختبار' }], null);
  const t = await createUser(server, { role: 'technician' });
  await server.ctx.db.execute(sql`update technicians set weekly_hours = ${JSON.stringify(ALL_DAY)}::jsonb, skills = array[${TYPE}]::text[] where user_id = ${t.user.id}::uuid`);
  const c = await createUser(server, { role: 'customer' });
  customer = { id: c.user.id, token: (await sessionFor(server, c.user.id)).access_token };
}, 120_000);
afterAll(async () => {
  for (const s of servers.reverse()) await s.close();
});

describe(`job scheduler (${TEST_DB})`, () => {
  it('sends each reminder once, to the customer and the technician, and never again', async () => {
    const id = await bookWithDueReminders();
    const runner = createJobRunner(server.ctx.db, { handlers: JOB_HANDLERS });
    expect(await runner.runOnce()).toBe(2);
    expect(await reminders(id)).toHaveLength(4);
    expect(await runner.runOnce()).toBe(0);
    expect(await reminders(id)).toHaveLength(4);
  });

  it('after a crash (claimed, never finished) another instance runs it once the lease ends; the crashed claim then does nothing', async () => {
    const id = await bookWithDueReminders();
    const crashed = createJobRunner(server.ctx.db, { handlers: JOB_HANDLERS, instanceId: 'crashed', leaseMs: 300 });
    const claimed = await crashed.claim();
    expect(claimed.length).toBe(2);
    // While leased, nobody else takes them.
    const restarted = createJobRunner(server.ctx.db, { handlers: JOB_HANDLERS, instanceId: 'restarted' });
    expect(await restarted.claim()).toEqual([]);
    await new Promise((r) => setTimeout(r, 400));
    expect(await restarted.runOnce()).toBe(2);
    expect(await reminders(id)).toHaveLength(4);
    // The crashed instance comes back to its stale claims: they are done, nothing is sent twice.
    for (const job of claimed) expect(await crashed.run(job)).toBe('skipped');
    expect(await reminders(id)).toHaveLength(4);
  });

  it('a cancelled appointment gets no reminder; a failing job is retried with back-off, then given up', async () => {
    const id = await bookWithDueReminders();
    const cancel = await server.call('POST', `/api/appointments/${id}/cancel`, { token: customer.token, body: { reason: 'No' } });
    expect(cancel.statusCode).toBe(200);
    const runner = createJobRunner(server.ctx.db, { handlers: JOB_HANDLERS });
    await runner.runOnce();
    expect(await reminders(id)).toHaveLength(0);

    let calls = 0;
    const flaky = createJobRunner(server.ctx.db, {
      handlers: {
        flaky: async () => {
          calls++;
          throw new Error('boom');
        },
      },
      backoffBaseMs: 1,
    });
    await enqueue(server.ctx.db, [{ kind: 'flaky', runAt: new Date(Date.now() - 1000), dedupeKey: `flaky-${Date.now()}` }]);
    for (let i = 0; i < 8; i++) {
      await flaky.runOnce();
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(calls).toBe(5);
    const [job] = await q<{ attempts: number; failed: boolean; last_error: string }>(server, sql`select attempts, failed_at is not null as failed, last_error from jobs where kind = 'flaky'`);
    expect(job).toEqual({ attempts: 5, failed: true, last_error: 'boom' });
  });

  it.skipIf(TEST_DB !== 'postgres')('two instances polling one PostgreSQL run each reminder exactly once', async () => {
    const other = await startTestServer({}, { shareDatabaseOf: server });
    servers.push(other);
    const ids = [await bookWithDueReminders(), await bookWithDueReminders(), await bookWithDueReminders()];
    const a = createJobRunner(server.ctx.db, { handlers: JOB_HANDLERS, instanceId: 'a', batch: 1 });
    const b = createJobRunner(other.ctx.db, { handlers: JOB_HANDLERS, instanceId: 'b', batch: 1 });
    // Both poll at once, repeatedly, until nothing is left.
    const polls = await Promise.all([a, b].map(async (r) => {
      let done = 0;
      for (let i = 0; i < 10; i++) done += await Promise.all([r.runOnce(), r.runOnce()]).then(([x, y]) => x + y);
      return done;
    }));
    expect(polls[0]! + polls[1]!).toBe(6);
    for (const id of ids) expect(await reminders(id)).toHaveLength(4);
    const lockedBy = await q<{ locked_by: string }>(server, sql`select distinct locked_by from jobs where subject_id in (${sql.join(ids.map((i) => sql`${i}::uuid`), sql`, `)})`);
    expect(lockedBy.length).toBeGreaterThanOrEqual(1);
  });
});
