import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DataDirLockedError, openPglite } from './client.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('embedded database folder', () => {
  it('refuses a second opener while one holds it, keeps data across a restart, and frees the lock on close', async () => {
    const first = await openPglite(dir);
    await first.db.execute(sql`create table kept (v text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    // Another process holding the folder (our own pid counts as "this process", so fake a live one).
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openPglite(dir)).rejects.toThrow(/already using the data folder/);
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.pid));
    await first.close();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);

    const again = await openPglite(dir);
    const rows = await again.db.execute(sql`select v from kept`);
    expect((rows as unknown as { rows: { v: string }[] }).rows[0]!.v).toBe('still here');
    await again.close();
  }, 60_000);

  it('takes over a stale lock left by a process that is gone', async () => {
    // The pid of a process that has certainly ended: a child that already exited.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const before = await openPglite(dir);
    await before.db.execute(sql`create table left_behind (v text)`);
    await before.db.execute(sql`insert into left_behind values ('not wiped')`);
    await before.close();
    const lockPath = path.join(dir, 'server.lock');
    fs.writeFileSync(lockPath, String(gone));
    const db = await openPglite(dir);
    // The lock is ours now, and the folder's data is still there.
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    const rows = await db.db.execute(sql`select v from left_behind`);
    expect((rows as unknown as { rows: { v: string }[] }).rows[0]!.v).toBe('not wiped');
    await db.close();
    expect(fs.existsSync(lockPath)).toBe(false);
  }, 60_000);
});
