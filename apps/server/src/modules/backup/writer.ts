import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { TBackup } from '@portal/shared';
import pkg from '../../../package.json' with { type: 'json' };
import type { Database, DbOrTx, Tx } from '../../db/client.js';
import { loadOrder, migrationState } from './catalog.js';
import { readCatalog, type TableInfo } from './catalog-queries.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  backupOf,
  backupPath,
  newBackupId,
  sidecarPath,
  type BackupHeader,
  type BackupHeaderTable,
} from './format.js';
import { applyTextSettings, closeRowCursor, fetchRowCursor, openRowCursor, readRows, rowQuery, tableStats, tryLockForBackup } from './queries.js';

/** The version of this server, written into every backup's header. */
export const APP_VERSION: string = pkg.version;

/** The job kind of scheduled backups (src/job-handlers.ts runs it). */
export const BACKUP_JOB = 'backup.scheduled';

/** Another backup or restore holds the lock (on this instance or another). */
export class BackupBusyError extends Error {
  constructor() {
    super('A backup or restore is already running');
  }
}

/** Rows per FETCH at most; fewer when a table's largest row is big (attachments). */
const FETCH_ROWS = 2000;
/** About this many bytes of row text per FETCH: memory stays bounded whatever the table. */
const FETCH_BYTES = 8 * 1024 * 1024;

export interface WriteBackupOptions {
  dir: string;
  id?: string;
  createdBy: { id: string; name: string } | null;
  source: 'manual' | 'scheduled';
  /**
   * Read through this transaction instead of opening one. Only on PGlite, whose single
   * connection the job runner's transaction already holds (opening another would wait forever);
   * nothing else can write while it is held, so the read is consistent all the same.
   */
  tx?: Tx;
  onProgress?: (done: number, total: number) => void;
  /** Another migrations folder (tests of an older schema). */
  migrationsFolder?: string;
}

/**
 * Writes a complete backup of `database` into `dir` (format.ts) and returns its listing entry.
 * Reads everything in one `repeatable read, read only` transaction — row counts first, then each
 * table through a server-side cursor — so the file is one consistent snapshot and memory stays
 * bounded. The file appears under its name only when complete (written as `.part`, then renamed),
 * with its sidecar `<id>.json` (the listing entry) next to it.
 */
export async function writeBackup(database: Pick<Database, 'db' | 'kind'>, opts: WriteBackupOptions): Promise<TBackup> {
  const id = opts.id ?? newBackupId();
  await fs.promises.mkdir(opts.dir, { recursive: true });
  const final = backupPath(opts.dir, id);
  const part = `${final}.part`;
  const gzip = zlib.createGzip();
  const out = fs.createWriteStream(part, { flags: 'wx' });
  const written = pipeline(gzip, out);
  written.catch(() => {}); // awaited below; a failure also surfaces through the writes
  const hash = createHash('sha256');
  const write = async (chunk: Buffer) => {
    hash.update(chunk);
    if (!gzip.write(chunk)) await once(gzip, 'drain');
  };

  try {
    const read = (tx: DbOrTx) => readInto(tx, database.kind, opts, write);
    const { header, rows } = opts.tx
      ? await read(opts.tx)
      : await database.db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
    const trailer = { sha256: hash.digest('hex'), rows };
    gzip.end(Buffer.from(`${JSON.stringify(trailer)}\n`));
    await written;
    await fsyncFile(part);
    await fs.promises.rename(part, final);
    const size = (await fs.promises.stat(final)).size;
    const backup = backupOf(id, { header, trailer, size }, header.source);
    await writeSidecar(opts.dir, backup);
    return backup;
  } catch (err) {
    gzip.destroy();
    out.destroy();
    await fs.promises.rm(part, { force: true });
    throw err;
  }
}

async function readInto(
  tx: DbOrTx,
  kind: 'pglite' | 'postgres',
  opts: WriteBackupOptions,
  write: (chunk: Buffer) => Promise<void>,
): Promise<{ header: BackupHeader; rows: number }> {
  if (!(await tryLockForBackup(tx))) throw new BackupBusyError();
  await applyTextSettings(tx);

  const migration = await migrationState(tx, opts.migrationsFolder);
  const catalog = await readCatalog(tx);
  const tables: (BackupHeaderTable & { fetch: number; info: TableInfo })[] = [];
  for (const name of loadOrder(catalog)) {
    const info = catalog.get(name)!;
    const stats = await tableStats(tx, info);
    tables.push({
      name,
      columns: info.columns.map((c) => c.name),
      rows: stats.rows,
      ...(stats.wrapped.length ? { wrapped_json: stats.wrapped } : {}),
      fetch: Math.max(1, Math.min(FETCH_ROWS, Math.floor(FETCH_BYTES / (stats.widest + 16 * info.columns.length + 64)))),
      info,
    });
  }
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    format_version: BACKUP_FORMAT_VERSION,
    app_version: APP_VERSION,
    migration,
    database: kind,
    created_at: new Date().toISOString(),
    created_by: opts.createdBy,
    source: opts.source,
    tables: tables.map(({ name, columns, rows, wrapped_json }) => ({ name, columns, rows, ...(wrapped_json ? { wrapped_json } : {}) })),
  };
  await write(Buffer.from(`${JSON.stringify(header)}\n`));

  const total = tables.reduce((n, t) => n + t.rows, 0);
  let done = 0;
  opts.onProgress?.(0, total);
  for (const table of tables) {
    await write(Buffer.from(`${JSON.stringify({ table: table.name })}\n`));
    const query = rowQuery(table.info, new Set(table.wrapped_json));
    // A table that fits in one fetch is read in one query; a larger one through a cursor.
    const cursor = table.rows > table.fetch;
    if (cursor) await openRowCursor(tx, query);
    let read = 0;
    while (table.rows > 0) {
      const batch = cursor ? await fetchRowCursor(tx, table.fetch) : await readRows(tx, query);
      if (!batch.length) break;
      read += batch.length;
      await write(Buffer.from(`${batch.map((r) => r.j).join('\n')}\n`));
      done += batch.length;
      opts.onProgress?.(done, total);
      // Let timers and sockets run between batches (PGlite answers on this thread).
      await new Promise((resolve) => setImmediate(resolve));
      if (!cursor) break;
    }
    if (cursor) await closeRowCursor(tx);
    // The same snapshot counted and read them: a difference is a bug, never a race.
    if (read !== table.rows) throw new Error(`Table ${table.name} gave ${read} rows where ${table.rows} were counted`);
  }
  return { header, rows: total };
}

async function fsyncFile(file: string) {
  const handle = await fs.promises.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The listing entry beside the file (written whole, then renamed: a reader never sees half of it). */
export async function writeSidecar(dir: string, backup: TBackup): Promise<void> {
  const target = sidecarPath(dir, backup.id);
  await fs.promises.writeFile(`${target}.part`, JSON.stringify(backup));
  await fs.promises.rename(`${target}.part`, target);
}
