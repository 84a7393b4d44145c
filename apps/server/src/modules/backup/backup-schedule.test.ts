import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TBackupList, TBackupSchedule } from '@portal/shared';
import { TEST_DB, startTestServer, type TestServer, emptyJobQueue } from '../../../test/harness.js';
import { jobHandlersFor } from '../../job-handlers.js';
import { createJobRunner } from '../jobs/index.js';
import { isSlotOf, nextSlot, scheduleBackup } from './schedule.js';
import { BACKUP_JOB } from './writer.js';
import { q } from './test-support.js';

const daily = (time: string, keep = 7): TBackupSchedule => ({ frequency: 'daily', time, weekday: 0, keep });

describe('backup slots', () => {
  it('are the next daily or weekly time in the company time zone, across a daylight-saving change', () => {
    // 03:00 in Riyadh (UTC+3) on Monday 10 March 2025.
    const now = new Date('2025-03-10T00:00:00Z');
    expect(nextSlot(daily('02:00'), 'Asia/Riyadh', now)?.toISOString()).toBe('2025-03-10T23:00:00.000Z');
    expect(nextSlot(daily('04:15'), 'Asia/Riyadh', now)?.toISOString()).toBe('2025-03-10T01:15:00.000Z');
    // Weekly on Friday (5) at 02:00, and on Monday (1) at 02:00 — already past today: next week.
    expect(nextSlot({ frequency: 'weekly', time: '02:00', weekday: 5, keep: 1 }, 'Asia/Riyadh', now)?.toISOString()).toBe('2025-03-13T23:00:00.000Z');
    expect(nextSlot({ frequency: 'weekly', time: '02:00', weekday: 1, keep: 1 }, 'Asia/Riyadh', now)?.toISOString()).toBe('2025-03-16T23:00:00.000Z');
    expect(nextSlot({ ...daily('02:00'), frequency: 'off' }, 'Asia/Riyadh', now)).toBeNull();
    // London skips 01:00–02:00 on 30 March 2025: 01:30 that day is taken an hour later (02:30 BST).
    const slot = nextSlot(daily('01:30'), 'Europe/London', new Date('2025-03-29T12:00:00Z'))!;
    expect(slot.toISOString()).toBe('2025-03-30T01:30:00.000Z');
    expect(isSlotOf(daily('01:30'), 'Europe/London', slot)).toBe(true);
    expect(isSlotOf(daily('01:45'), 'Europe/London', slot)).toBe(false);
  });
});

const servers: TestServer[] = [];
const dirs: string[] = [];
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  servers.push(server);
  await emptyJobQueue(server);
  admin = (await server.signIn('admin@demo.test')).access_token;
}, 120_000);
afterAll(async () => {
  for (const s of servers.reverse()) await s.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const list = async (s: TestServer, token: string): Promise<TBackupList> => (await s.call('GET', '/api/admin/backups', { token })).json();
const scheduledJobs = (s: TestServer) => q<{ id: string; done_at: string | null }>(s.ctx.db, sql`select id, done_at::text from jobs where kind = ${BACKUP_JOB}`);
const makeDue = (s: TestServer) => s.ctx.db.execute(sql`update jobs set run_at = now() - interval '1 second' where kind = ${BACKUP_JOB} and done_at is null`);

describe(`scheduled backups (${TEST_DB})`, () => {
  it('runs the due slot once through the job runner and keeps the newest N', async () => {
    for (let i = 0; i < 3; i++) expect((await server.call('POST', '/api/admin/backups', { token: admin })).statusCode).toBe(201);
    expect((await server.call('PUT', '/api/admin/backups/schedule', { token: admin, body: daily('02:00', 2) })).statusCode).toBe(200);
    expect((await list(server, admin)).next_run_at).not.toBeNull();

    // Every instance enqueues the next slot each minute: still one job.
    const slot = await scheduleBackup(server.ctx.db);
    expect(await scheduleBackup(server.ctx.db)).toEqual(slot);
    expect(await scheduledJobs(server)).toHaveLength(1);
    await makeDue(server);

    const runner = createJobRunner(server.ctx.db, { handlers: jobHandlersFor(server.ctx) });
    expect(await runner.runOnce()).toBe(1);
    expect(await runner.runOnce()).toBe(0);

    const after = await list(server, admin);
    expect(after.items).toHaveLength(2);
    expect(after.items[0]!.source).toBe('scheduled');
    expect(after.items[0]!.created_by).toBeNull();
    expect(after.last_failure).toBeNull();
    expect(fs.readdirSync(server.ctx.config.backupDir).filter((f) => f.endsWith('.ndjson.gz'))).toHaveLength(2);
    const audited = await q<{ action: string; n: number }>(
      server.ctx.db,
      sql`select action, count(*)::int as n from audit_log where entity = 'backup' and actor_id is null group by action order by action`,
    );
    expect(audited).toEqual([
      { action: 'backup.created', n: 1 },
      { action: 'backup.deleted', n: 2 },
    ]);
  });

  it('records a failed scheduled backup and tells the admins; the next one that works clears it', async () => {
    const blocker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-')), 'a-file');
    dirs.push(path.dirname(blocker));
    fs.writeFileSync(blocker, 'not a folder');
    const broken = { ...server.ctx, config: { ...server.ctx.config, backupDir: path.join(blocker, 'backups') } };
    const slot = (await scheduleBackup(server.ctx.db, new Date(Date.now() + 2 * 86_400_000)))!;
    await makeDue(server);
    expect(await createJobRunner(server.ctx.db, { handlers: jobHandlersFor(broken) }).runOnce()).toBe(1);

    const failed = await list(server, admin);
    expect(failed.last_failure?.message).toMatch(/ENOTDIR|not a directory/);
    const told = await q<{ n: number }>(server.ctx.db, sql`select count(*)::int as n from notifications n join users u on u.id = n.user_id
      where u.role = 'admin' and n.title = 'notifications.backup_failed.title' and n.type = 'error'`);
    expect(told[0]!.n).toBeGreaterThan(0);

    // The slot after it works, and clears the failure.
    await scheduleBackup(server.ctx.db, new Date(slot.getTime() + 60_000));
    await makeDue(server);
    expect(await createJobRunner(server.ctx.db, { handlers: jobHandlersFor(server.ctx) }).runOnce()).toBe(1);
    expect((await list(server, admin)).last_failure).toBeNull();
  });

  it('skips a slot the schedule no longer has', async () => {
    await scheduleBackup(server.ctx.db, new Date(Date.now() + 5 * 86_400_000));
    await server.call('PUT', '/api/admin/backups/schedule', { token: admin, body: daily('05:45', 2) });
    await makeDue(server);
    const before = (await list(server, admin)).items.map((b) => b.id);
    expect(await createJobRunner(server.ctx.db, { handlers: jobHandlersFor(server.ctx) }).runOnce()).toBe(1);
    expect((await list(server, admin)).items.map((b) => b.id)).toEqual(before);
  });
});

describe.skipIf(TEST_DB !== 'postgres')('scheduled backups on two instances of one PostgreSQL', () => {
  it('makes the slot’s backup once, whichever instance claims it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shared-backups-'));
    dirs.push(dir);
    const a = await startTestServer({ BACKUP_DIR: dir });
    servers.push(a);
    await emptyJobQueue(a);
    const b = await startTestServer({ BACKUP_DIR: dir }, { shareDatabaseOf: a });
    servers.push(b);
    const token = (await a.signIn('admin@demo.test')).access_token;
    expect((await a.call('PUT', '/api/admin/backups/schedule', { token, body: daily('03:00', 5) })).statusCode).toBe(200);

    const [slotA, slotB] = await Promise.all([scheduleBackup(a.ctx.db), scheduleBackup(b.ctx.db)]);
    expect(slotA).toEqual(slotB);
    expect(await scheduledJobs(a)).toHaveLength(1);
    await makeDue(a);
    const runners = [a, b].map((s, i) => createJobRunner(s.ctx.db, { handlers: jobHandlersFor(s.ctx), instanceId: `instance-${i}` }));
    const done = await Promise.all(runners.map((r) => r.runOnce()));
    expect(done[0]! + done[1]!).toBe(1);
    expect(await Promise.all(runners.map((r) => r.runOnce()))).toEqual([0, 0]);

    // Both instances list the one backup from the shared folder.
    const fromA = await list(a, token);
    const fromB = await list(b, (await b.signIn('admin@demo.test')).access_token);
    expect(fromA.items.map((x) => [x.id, x.source])).toEqual([[fromA.items[0]!.id, 'scheduled']]);
    expect(fromB.items.map((x) => x.id)).toEqual(fromA.items.map((x) => x.id));
  });
});
