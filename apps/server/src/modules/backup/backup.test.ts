import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TBackup, TBackupList } from '@portal/shared';
import { TEST_DB, createUser, realtimeUrl, sessionFor, startTestServer, type TestServer } from '../../../test/harness.js';
import { TestSocket } from '../../../test/ws-client.js';
import { readJournal } from './catalog.js';
import { BACKUP_FORMAT } from './format.js';
import { createBackupService } from './service.js';
import { linesOf, multipartBody, q, snapshot, writeLines } from './test-support.js';

let server: TestServer;
let admin: string;
let adminId: string;

const backupDir = () => server.ctx.config.backupDir;
const fileOf = (id: string) => path.join(backupDir(), `${id}.ndjson.gz`);

async function makeBackup(): Promise<TBackup> {
  const res = await server.call('POST', '/api/admin/backups', { token: admin });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function restore(id: string, token = admin) {
  return server.call('POST', `/api/admin/backups/${id}/restore`, { token, body: { confirm: 'RESTORE' } });
}

/** A copy of backup `id` under a new id, its content changed by `change` (no sidecar: it is read from the file). */
function variant(id: string, change: (bytes: Buffer) => Buffer): string {
  const copy = `backup-variant-${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(fileOf(copy), change(fs.readFileSync(fileOf(id))));
  return copy;
}

async function signInAdmin() {
  const session = await server.signIn('admin@demo.test');
  admin = session.access_token;
  adminId = session.user.id;
}

beforeAll(async () => {
  server = await startTestServer();
  await signInAdmin();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe(`backup and restore (${TEST_DB})`, () => {
  it('refuses everyone but admins, on every route', async () => {
    const tech = (await server.signIn('tech1@demo.test')).access_token;
    const supervisor = (await server.signIn('supervisor@demo.test')).access_token;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/backups'],
      ['POST', '/api/admin/backups'],
      ['GET', '/api/admin/backups/schedule'],
      ['PUT', '/api/admin/backups/schedule', { frequency: 'daily', time: '02:00', weekday: 0, keep: 3 }],
      ['GET', '/api/admin/backups/backup-x/download'],
      ['DELETE', '/api/admin/backups/backup-x'],
      ['POST', '/api/admin/backups/backup-x/restore', { confirm: 'RESTORE' }],
      ['POST', '/api/admin/backups/upload'],
    ];
    for (const token of [tech, supervisor]) {
      for (const [method, url, body] of calls) {
        const res = await server.call(method as 'GET', url, { token, body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect((await server.call('GET', '/api/admin/backups')).statusCode).toBe(401);
  });

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await server.call('GET', '/api/docs/json')).json();
    const routes: [string, string][] = [
      ['/api/admin/backups/', 'get'],
      ['/api/admin/backups/', 'post'],
      ['/api/admin/backups/schedule', 'get'],
      ['/api/admin/backups/schedule', 'put'],
      ['/api/admin/backups/upload', 'post'],
      ['/api/admin/backups/{id}/download', 'get'],
      ['/api/admin/backups/{id}', 'delete'],
      ['/api/admin/backups/{id}/restore', 'post'],
    ];
    for (const [url, method] of routes) {
      const op = doc.paths[url]?.[method] ?? doc.paths[url.replace(/\/$/, '')]?.[method];
      expect(op?.tags, `${method} ${url}`).toEqual(['backup']);
      expect(op.summary).toBeTruthy();
    }
  });

  it('lists, downloads and deletes a backup; refuses bad ids, unknown ids and an unconfirmed restore', async () => {
    const backup = await makeBackup();
    expect(backup).toMatchObject({ source: 'manual', database: TEST_DB, created_by: { id: adminId, name: 'Amal Admin' } });
    expect(backup.counts.users).toBeGreaterThan(0);
    // The schema's newest migration (the journal's last entry), whichever that is now.
    expect(backup.migration.tag).toBe(readJournal().at(-1)!.tag);

    const list: TBackupList = (await server.call('GET', '/api/admin/backups', { token: admin })).json();
    expect(list.items[0]!.id).toBe(backup.id);
    expect(list.schedule).toEqual({ frequency: 'off', time: '02:00', weekday: 5, keep: 7 });
    expect(list.next_run_at).toBeNull();

    const download = await server.call('GET', `/api/admin/backups/${backup.id}/download`, { token: admin });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${backup.id}.ndjson.gz"`);
    expect(download.rawPayload.length).toBe(backup.size);
    const lines = zlib.gunzipSync(download.rawPayload).toString('utf8').trimEnd().split('\n');
    const header = JSON.parse(lines[0]!);
    expect(header).toMatchObject({ format: BACKUP_FORMAT, format_version: 1, app_version: '0.1.0', database: TEST_DB, source: 'manual' });
    expect(header.tables.map((t: { name: string }) => t.name)).toContain('attachments');
    // Parents before children: users before the requests that reference them.
    const names: string[] = header.tables.map((t: { name: string }) => t.name);
    expect(names.indexOf('users')).toBeLessThan(names.indexOf('service_requests'));
    expect(JSON.parse(lines.at(-1)!)).toEqual({ sha256: backup.sha256, rows: Object.values(backup.counts).reduce((a, b) => a + b, 0) });

    expect((await server.call('GET', '/api/admin/backups/nope/download', { token: admin })).statusCode).toBe(400);
    expect((await server.call('GET', '/api/admin/backups/backup-nothere/download', { token: admin })).statusCode).toBe(404);
    expect((await restore('backup-nothere')).statusCode).toBe(404);
    const unconfirmed = await server.call('POST', `/api/admin/backups/${backup.id}/restore`, { token: admin, body: { confirm: 'restore' } });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error.fields).toEqual({ confirm: 'invalid' });
    expect((await server.call('POST', `/api/admin/backups/${backup.id}/restore`, { token: admin, body: {} })).statusCode).toBe(400);

    expect((await server.call('DELETE', `/api/admin/backups/${backup.id}`, { token: admin })).statusCode).toBe(204);
    expect((await server.call('DELETE', `/api/admin/backups/${backup.id}`, { token: admin })).statusCode).toBe(404);
    expect(fs.existsSync(fileOf(backup.id))).toBe(false);
    const actions = await q<{ action: string }>(server.ctx.db, sql`select action from audit_log where entity = 'backup' and entity_id = ${backup.id} order by created_at`);
    expect(actions.map((a) => a.action)).toEqual(['backup.created', 'backup.deleted']);
  });

  it('keeps the schedule in settings, audited, and refuses a bad one', async () => {
    const res = await server.call('PUT', '/api/admin/backups/schedule', { token: admin, body: { frequency: 'weekly', time: '03:30', weekday: 1, keep: 3 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ frequency: 'weekly', time: '03:30', weekday: 1, keep: 3 });
    expect((await server.call('GET', '/api/admin/backups/schedule', { token: admin })).json()).toEqual(res.json());
    const list: TBackupList = (await server.call('GET', '/api/admin/backups', { token: admin })).json();
    // Next Monday 03:30 in Riyadh (UTC+3) is Monday 00:30 UTC.
    expect(new Date(list.next_run_at!).getUTCDay()).toBe(1);
    expect(list.next_run_at!.slice(11, 16)).toBe('00:30');
    const bad = await server.call('PUT', '/api/admin/backups/schedule', { token: admin, body: { frequency: 'hourly', time: '25:00', weekday: 7, keep: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ frequency: 'invalid', time: 'invalid', weekday: 'out_of_range', keep: 'out_of_range' });
    const [row] = await q<{ n: number }>(server.ctx.db, sql`select count(*)::int as n from audit_log where action = 'backup.schedule_updated'`);
    expect(row!.n).toBe(1);
    await server.call('PUT', '/api/admin/backups/schedule', { token: admin, body: { frequency: 'off', time: '02:00', weekday: 5, keep: 7 } });
  });

  it('restores exactly what was backed up — every table row by row, attachments byte for byte — and ends every session', async () => {
    // Data the demo lacks: attachments with binary content, a logo, a JSON null, odd text.
    const [request] = await q<{ id: string }>(server.ctx.db, sql`select id from service_requests order by created_at limit 1`);
    const photo = randomBytes(300_000);
    const thumb = randomBytes(2_000);
    await server.ctx.db.execute(sql`
      insert into attachments (request_id, kind, content_type, size, data, thumbnail, caption, created_by)
      values (${request!.id}::uuid, 'photo', 'image/jpeg', ${photo.length}, ${photo}, ${thumb}, ${'تعليق "quoted" \\ back\nline'}, ${adminId}::uuid),
             (${request!.id}::uuid, 'photo', 'image/png', 0, ${Buffer.alloc(0)}, null, null, null)`);
    await server.ctx.db.execute(sql`insert into settings (key, value) values ('company_logo_data', ${JSON.stringify(randomBytes(5000).toString('base64'))}::jsonb) on conflict (key) do nothing`);
    await server.ctx.db.execute(sql`insert into audit_log (action, entity, before, after) values ('test.json_null', 'test', 'null'::jsonb, null)`);
    const customer = await createUser(server, { role: 'customer' });

    const before = await snapshot(server.ctx.db);
    const attachmentsBefore = await q<{ id: string; data: Buffer; thumbnail: Buffer | null }>(server.ctx.db, sql`select id, data, thumbnail from attachments order by id`);
    const backup = await makeBackup();
    const customerToken = (await sessionFor(server, customer.user.id)).access_token;

    // Change everything: rows updated, deleted and added across the schema, stock moved, a request completed.
    const db = server.ctx.db;
    await db.execute(sql`update users set name = name || ' (changed)'`);
    await db.execute(sql`delete from attachments`);
    await db.execute(sql`delete from notifications`);
    await db.execute(sql`update stock_levels set quantity = quantity + 7`);
    await db.execute(sql`update service_requests set status = 'completed', completed_at = now() where status = 'pending'`);
    await db.execute(sql`update settings set value = '"Europe/London"'::jsonb where key = 'time_zone'`);
    await db.execute(sql`insert into settings (key, value) values ('time_zone', '"Europe/London"'::jsonb) on conflict (key) do nothing`);
    await db.execute(sql`insert into item_categories (code, name_ar, name_en) values ('parts', 'قطع', 'Parts') on conflict do nothing`);
    await db.execute(sql`insert into inventory_items (code, name, category, unit, price, tax_rate, min_quantity) values ('NEW-1', 'New item', 'parts', 'pcs', 10, 15, 1)`);
    await db.execute(sql`delete from appointment_history`);
    await db.execute(sql`update counters set value = value + 100`);
    await createUser(server, { role: 'technician' });
    const changed = await snapshot(db);
    expect(changed).not.toEqual(before);
    expect(changed.request_day_stats).not.toEqual(before.request_day_stats);

    const res = await restore(backup.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ restored: { id: backup.id }, migrated_forward: 0, signed_out: true });

    const after = await snapshot(db);
    // The restore is recorded in the restored log: everything else is as it was.
    const restoredLog = after.audit_log!.map((j) => JSON.parse(j) as { action: string });
    expect(restoredLog.filter((r) => r.action === 'backup.restored')).toHaveLength(1);
    after.audit_log = after.audit_log!.filter((j) => !j.includes('"action":"backup.restored"'));
    expect(after).toEqual(before);
    const attachmentsAfter = await q<{ id: string; data: Buffer; thumbnail: Buffer | null }>(db, sql`select id, data, thumbnail from attachments order by id`);
    expect(attachmentsAfter.length).toBe(attachmentsBefore.length);
    attachmentsAfter.forEach((a, i) => {
      expect(Buffer.from(a.data).equals(Buffer.from(attachmentsBefore[i]!.data))).toBe(true);
      expect(a.thumbnail === null ? null : Buffer.from(a.thumbnail).toString('hex')).toBe(
        attachmentsBefore[i]!.thumbnail === null ? null : Buffer.from(attachmentsBefore[i]!.thumbnail!).toString('hex'),
      );
    });
    // A JSON null stays a JSON null, an SQL NULL stays NULL.
    const [nulls] = await q<{ before: string | null; after_is_null: boolean }>(db, sql`select jsonb_typeof(before) as before, after is null as after_is_null from audit_log where action = 'test.json_null'`);
    expect(nulls).toEqual({ before: 'null', after_is_null: true });

    // Every session ended, this admin's too.
    expect(await q(db, sql`select 1 from sessions`)).toHaveLength(0);
    expect((await server.call('GET', '/api/admin/backups', { token: admin })).statusCode).toBe(401);
    expect((await server.call('GET', '/api/notifications', { token: customerToken })).statusCode).toBe(401);
    await signInAdmin();
  });

  it('refuses a truncated, tampered or newer-version file and changes nothing', async () => {
    const backup = await makeBackup();
    const before = await snapshot(server.ctx.db);
    const expectRefused = async (id: string, status: number, reason: string) => {
      const res = await restore(id);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.details).toEqual({ reason });
      expect(res.json().error.message).toMatch(/backup/i);
    };

    // Truncated: a file damaged after it was made keeps its listing entry (its sidecar).
    const truncated = variant(backup.id, (b) => b.subarray(0, Math.floor(b.length / 2)));
    fs.copyFileSync(path.join(backupDir(), `${backup.id}.json`), path.join(backupDir(), `${truncated}.json`));
    fs.writeFileSync(path.join(backupDir(), `${truncated}.json`), fs.readFileSync(path.join(backupDir(), `${truncated}.json`), 'utf8').replace(backup.id, truncated));
    await expectRefused(truncated, 400, 'backup_damaged');

    // A flipped byte inside the compressed data.
    const flipped = variant(backup.id, (b) => {
      const c = Buffer.from(b);
      c[Math.floor(c.length / 2)]! ^= 0x40;
      return c;
    });
    fs.writeFileSync(path.join(backupDir(), `${flipped}.json`), JSON.stringify({ ...backup, id: flipped }));
    await expectRefused(flipped, 400, 'backup_damaged');

    // A changed row, compressed again correctly: only the checksum tells.
    const lines = linesOf(fileOf(backup.id));
    const usersAt = lines.findIndex((l) => l === '{"table":"users"}');
    const tamperedLines = [...lines];
    tamperedLines[usersAt + 1] = tamperedLines[usersAt + 1]!.replace('"name":"', '"name":"Mallory ');
    expect(tamperedLines[usersAt + 1]).not.toBe(lines[usersAt + 1]);
    const tampered = `backup-tampered-${randomBytes(3).toString('hex')}`;
    fs.writeFileSync(fileOf(tampered), zlib.gzipSync(Buffer.from(`${tamperedLines.join('\n')}\n`)));
    fs.writeFileSync(path.join(backupDir(), `${tampered}.json`), JSON.stringify({ ...backup, id: tampered }));
    await expectRefused(tampered, 400, 'backup_damaged');

    // A newer schema, with a correct checksum.
    const header = JSON.parse(lines[0]!);
    header.migration.count += 1;
    header.migration.tag = '9999_future';
    const newer = `backup-newer-${randomBytes(3).toString('hex')}`;
    writeLines(fileOf(newer), [JSON.stringify(header), ...lines.slice(1, -1)], JSON.parse(lines.at(-1)!).rows);
    await expectRefused(newer, 409, 'backup_newer_version');

    expect(await snapshot(server.ctx.db)).toEqual(before);
  });

  it('uploads a good backup (streamed, verified) and refuses garbage, keeping nothing', async () => {
    const backup = await makeBackup();
    const good = multipartBody(fs.readFileSync(fileOf(backup.id)));
    const res = await server.call('POST', '/api/admin/backups/upload', { token: admin, body: good.body, headers: good.headers });
    expect(res.statusCode, res.body).toBe(201);
    const uploaded: TBackup = res.json();
    expect(uploaded).toMatchObject({ source: 'upload', sha256: backup.sha256, counts: backup.counts, created_at: backup.created_at });
    expect(uploaded.id).not.toBe(backup.id);

    const files = () => fs.readdirSync(backupDir()).sort();
    const kept = files();
    for (const content of [randomBytes(5000), zlib.gzipSync(Buffer.from('{"hello":"world"}\n')), Buffer.from('not gzip at all')]) {
      const bad = multipartBody(content);
      const refused = await server.call('POST', '/api/admin/backups/upload', { token: admin, body: bad.body, headers: bad.headers });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'validation_failed', fields: { file: 'invalid' }, details: { reason: 'backup_damaged' } });
    }
    expect(files()).toEqual(kept);
    const notMultipart = await server.call('POST', '/api/admin/backups/upload', { token: admin, body: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('a restore that fails halfway leaves the data exactly as it was', async () => {
    const backup = await makeBackup();
    await server.ctx.db.execute(sql`update users set name = name || ' (after the backup)' where email = 'tech2@demo.test'`);
    const before = await snapshot(server.ctx.db, []);
    const logged: unknown[] = [];
    const log = Object.assign(Object.create(server.ctx.log), { error: (obj: { err: unknown }) => logged.push(obj.err) });
    const half = Math.floor(Object.keys(backup.counts).length / 2);
    const failing = createBackupService({ ...server.ctx, log }, { failAfterTables: half });
    const actor = { userId: adminId, ip: '127.0.0.1', user: { name: 'Amal Admin', email: 'admin@demo.test' } };
    await expect(failing.restore(actor, backup.id)).rejects.toMatchObject({ status: 500, message: expect.stringMatching(/nothing was changed/) });
    // It failed where it was told to: half the tables were loaded when it did.
    expect(String(logged[0])).toContain(`Injected failure after ${half} tables`);
    expect(await snapshot(server.ctx.db, [])).toEqual(before);
    // And the instance is free again.
    expect((await server.call('GET', '/api/admin/backups', { token: admin })).statusCode).toBe(200);
  });

  it('runs one backup or restore at a time, and tells admins its progress', async () => {
    const socket = await TestSocket.open(await realtimeUrl(server));
    try {
      await socket.signIn(admin, ['data']);
      const [a, b] = await Promise.all([server.call('POST', '/api/admin/backups', { token: admin }), server.call('POST', '/api/admin/backups', { token: admin })]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const refused = a.statusCode === 409 ? a : b;
      expect(refused.json().error).toMatchObject({ code: 'conflict', message: 'A backup or restore is already running' });
      const made = (a.statusCode === 201 ? a : b).json() as TBackup;
      const finished = await socket.waitFor(
        (f) => f.type === 'event' && f.event === 'data.progress' && (f.payload as { phase: string; id: string }).phase === 'finished' && f.payload.id === made.id,
      );
      expect(finished.type === 'event' && finished.payload).toMatchObject({ operation: 'backup', id: made.id, total: Object.values(made.counts).reduce((x, y) => x + y, 0) });
      await socket.waitFor((f) => f.type === 'event' && f.event === 'backup.changed');
    } finally {
      socket.close();
    }
  });
});
