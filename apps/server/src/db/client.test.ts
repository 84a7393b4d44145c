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
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999');
    const db = await openPglite(dir);
    await db.close();
  }, 60_000);
});
