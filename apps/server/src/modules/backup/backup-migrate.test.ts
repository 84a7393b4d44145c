import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { TEST_DB, startTestServer, type TestServer } from '../../../test/harness.js';
import { openPglite, type Database } from '../../db/client.js';
import { migrationsFolder } from '../../db/migrations-folder.js';
import { seedDemoData } from '../../demo/seed.js';
import { readBackupFile } from './format.js';
import { restoreBackup } from './restore.js';
import { createBackupService } from './service.js';
import { writeBackup } from './writer.js';
import { q, snapshot } from './test-support.js';

let server: TestServer;
let admin: string;
const opened: Database[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'error' });
  admin = (await server.signIn('admin@demo.test')).access_token;
}, 120_000);
afterAll(async () => {
  for (const d of opened) await d.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  await server?.close();
});

/** What a restore must bring back of `source`: everything but sessions, this installation's secrets and the restore's own audit row. */
const comparable = (s: Record<string, string[]>) => {
  const { server_secrets: _secrets, ...rest } = s;
  return { ...rest, audit_log: rest.audit_log!.filter((j) => !j.includes('"action":"backup.restored"')) };
};

async function restoreOverHttp(id: string) {
  const res = await server.call('POST', `/api/admin/backups/${id}/restore`, { token: admin, body: { confirm: 'RESTORE' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Some binary attachments, so bytes cross between the databases too. */
async function addAttachments(db: Database['db']) {
  const [request] = await q<{ id: string }>(db, sql`select id from service_requests order by created_at limit 1`);
  for (let i = 0; i < 3; i++) {
    await db.execute(sql`insert into attachments (request_id, kind, content_type, size, data, thumbnail)
      values (${request!.id}::uuid, 'photo', 'image/jpeg', 50000, ${randomBytes(50_000)}, ${randomBytes(500)})`);
  }
}

describe(`restoring an older backup (${TEST_DB})`, () => {
  it('migrates a backup of the schema one migration behind forward, into the current schema', async () => {
    // A database migrated only up to the migration before the last one.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
    dirs.push(folder);
    fs.cpSync(migrationsFolder(), folder, { recursive: true });
    const journalPath = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8'));
    const all = journal.entries.length;
    journal.entries = journal.entries.slice(0, all - 1);
    fs.writeFileSync(journalPath, JSON.stringify(journal));
    const older = await openPglite(null);
    opened.push(older);
    await migratePglite(older.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    await seedDemoData(older.db);
    await addAttachments(older.db);

    const backup = await writeBackup(older, { dir: server.ctx.config.backupDir, createdBy: null, source: 'manual', migrationsFolder: folder });
    expect(backup.migration).toEqual({ count: all - 1, tag: journal.entries.at(-1).tag });
    const migrationsBefore = await q(server.ctx.db, sql`select hash, created_at::text from drizzle.__drizzle_migrations order by id`);

    // Failing halfway — after the schema was dropped and rebuilt at the older version — changes nothing.
    const current = await snapshot(server.ctx.db, []);
    const failing = createBackupService({ ...server.ctx, log: Object.assign(Object.create(server.ctx.log), { error: () => {} }) }, { failAfterTables: 10 });
    const [me] = await q<{ id: string }>(server.ctx.db, sql`select id from users where email = 'admin@demo.test'`);
    await expect(failing.restore({ userId: me!.id, ip: null, user: { name: 'A', email: 'admin@demo.test' } }, backup.id)).rejects.toMatchObject({ status: 500 });
    expect(await snapshot(server.ctx.db, [])).toEqual(current);
    expect(await q(server.ctx.db, sql`select hash, created_at::text from drizzle.__drizzle_migrations order by id`)).toEqual(migrationsBefore);

    const result = await restoreOverHttp(backup.id);
    expect(result.migrated_forward).toBe(1);

    const restored = await snapshot(server.ctx.db);
    // The schema is the current one, every index included.
    expect(restored['(indexes)']).toEqual(current['(indexes)']);
    delete restored['(indexes)'];
    const olderRows = await snapshot(older.db);
    delete olderRows['(indexes)'];
    // A table the last migration added exists, empty; everything else is the older database's.
    for (const table of Object.keys(restored).filter((t) => !(t in olderRows))) {
      expect(restored[table], table).toEqual([]);
      delete restored[table];
    }
    expect(comparable(restored)).toEqual(comparable(olderRows));
    expect(await q(server.ctx.db, sql`select hash, created_at::text from drizzle.__drizzle_migrations order by id`)).toEqual(migrationsBefore);
    // The rollup triggers are on again.
    const triggers = await q<{ tgenabled: string }>(server.ctx.db, sql`select tgenabled from pg_trigger where not tgisinternal`);
    expect(triggers.length).toBeGreaterThan(0);
    expect(triggers.every((t) => t.tgenabled === 'O')).toBe(true);
    const before = await q<{ n: number }>(server.ctx.db, sql`select coalesce(sum(requests), 0)::int as n from request_day_stats`);
    await server.ctx.db.execute(sql`insert into service_requests (number, customer_id, location, service_type, fault_type, problem_description, device_brand, device_model, search_text)
      select 'SR-X1', customer_id, 'office', service_type, fault_type, 'after restore', device_brand, device_model, 'sr-x1' from service_requests limit 1`);
    const after = await q<{ n: number }>(server.ctx.db, sql`select coalesce(sum(requests), 0)::int as n from request_day_stats`);
    expect(after[0]!.n).toBe(before[0]!.n + 1);
    // The server works on: people sign in and read.
    admin = (await server.signIn('admin@demo.test')).access_token;
    expect((await server.call('GET', '/api/service-requests', { token: admin })).statusCode).toBe(200);
  }, 120_000); // a whole database migrated, seeded, backed up and restored
});

// A backup taken on one database restores on the other. Both exist in the PostgreSQL project
// (PGlite needs no server); CI runs it there (REQUIRE_PG=1).
describe.skipIf(TEST_DB !== 'postgres')('across databases (PGlite ⇄ PostgreSQL)', () => {
  it('restores a PGlite backup on PostgreSQL, and a PostgreSQL backup on PGlite, identical', async () => {
    const lite = await openPglite(null, { loadDataDir: new Blob([fs.readFileSync(inject('pgliteDump'))]) });
    opened.push(lite);
    await seedDemoData(lite.db);
    await addAttachments(lite.db);
    await lite.db.execute(sql`update users set name = 'Ünïcödé ' || name || ' "q" \\ ✓' where role = 'customer'`);

    // PGlite → PostgreSQL, through the API.
    const fromLite = await writeBackup(lite, { dir: server.ctx.config.backupDir, createdBy: null, source: 'manual' });
    expect(fromLite.database).toBe('pglite');
    expect((await restoreOverHttp(fromLite.id)).migrated_forward).toBe(0);
    expect(comparable(await snapshot(server.ctx.db))).toEqual(comparable(await snapshot(lite.db)));

    // PostgreSQL → PGlite: change the server's data, back it up, restore it into the PGlite database.
    admin = (await server.signIn('admin@demo.test')).access_token;
    await server.ctx.db.execute(sql`update stock_levels set quantity = quantity + 1.5`);
    await addAttachments(server.ctx.db);
    // (The backup's own audit row is written after it.)
    const expected = comparable(await snapshot(server.ctx.db));
    const res = await server.call('POST', '/api/admin/backups', { token: admin });
    expect(res.statusCode, res.body).toBe(201);
    const fromPg = res.json();
    expect(fromPg.database).toBe('postgres');
    const file = path.join(server.ctx.config.backupDir, `${fromPg.id}.ndjson.gz`);
    const outcome = await restoreBackup(lite, file, await readBackupFile(file), { backupId: fromPg.id });
    expect(outcome.migratedForward).toBe(0);
    expect(comparable(await snapshot(lite.db))).toEqual(expected);
  }, 120_000);
});
