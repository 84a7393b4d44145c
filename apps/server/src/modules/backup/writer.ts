import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { TBackup } from '@portal/shared';
import pkg from '../../../package.json' with { type: 'json' };
import type { Database, DbOrTx, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { ident, loadOrder, migrationState, qualified, readCatalog, type TableInfo } from './catalog.js';
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

/** The version of this server, written into every backup's header. */
export const APP_VERSION: string = pkg.version;

/**
 * The advisory lock key of backups and restores across instances: a backup holds it shared for
 * its read transaction, a restore exclusively for its write transaction, so no backup reads while
 * a restore replaces the data, and two restores never run at once.
 */
export const BACKUP_LOCK_KEY = 724_312;

/** The job kind of scheduled backups (src/job-handlers.ts runs it). */
export const BACKUP_JOB = 'backup.scheduled';

/** Another backup or restore holds the lock (on this instance or another). */
export class BackupBusyError extends Error {
  constructor() {
    super('A backup or restore is already running');
  }
}

/**
 * Session settings of every backup and restore transaction, so text is written and read the same
 * way on any server whatever its configuration: times in UTC with ISO dates, bytea as hex,
 * floats exact.
 */
export const TEXT_SETTINGS = [
  `set local timezone = 'UTC'`,
  `set local datestyle = 'ISO, YMD'`,
  `set local intervalstyle = 'postgres'`,
  `set local bytea_output = 'hex'`,
  `set local extra_float_digits = 1`,
];

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
  const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql.raw(`select pg_try_advisory_xact_lock_shared(${BACKUP_LOCK_KEY}) as ok`)));
  if (!lock?.ok) throw new BackupBusyError();
  for (const statement of TEXT_SETTINGS) await tx.execute(sql.raw(statement));

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
    if (cursor) await tx.execute(sql.raw(`declare backup_rows no scroll cursor for ${query}`));
    let read = 0;
    while (table.rows > 0) {
      const batch = rowsOf<{ j: string }>(await tx.execute(sql.raw(cursor ? `fetch forward ${table.fetch} from backup_rows` : query)));
      if (!batch.length) break;
      read += batch.length;
      await write(Buffer.from(`${batch.map((r) => r.j).join('\n')}\n`));
      done += batch.length;
      opts.onProgress?.(done, total);
      // Let timers and sockets run between batches (PGlite answers on this thread).
      await new Promise((resolve) => setImmediate(resolve));
      if (!cursor) break;
    }
    if (cursor) await tx.execute(sql.raw(`close backup_rows`));
    // The same snapshot counted and read them: a difference is a bug, never a race.
    if (read !== table.rows) throw new Error(`Table ${table.name} gave ${read} rows where ${table.rows} were counted`);
  }
  return { header, rows: total };
}

/**
 * Counts a table's rows, estimates its widest row (so a FETCH of attachments stays a few
 * megabytes) and finds the json columns holding a top-level JSON null in some row.
 */
async function tableStats(tx: DbOrTx, table: TableInfo): Promise<{ rows: number; widest: number; wrapped: string[] }> {
  const widths = table.columns.flatMap((c) => {
    const col = ident(c.name);
    if (c.kind === 'bytea') return [`2 * coalesce(octet_length(${col}), 0)`];
    if (c.kind === 'text') return [`coalesce(octet_length(${col}), 0)`];
    if (c.kind === 'json' || c.type.endsWith('[]')) return [`coalesce(octet_length(${col}::text), 0)`];
    return [];
  });
  const jsonColumns = table.columns.filter((c) => c.kind === 'json');
  const nulls = jsonColumns.map(
    (c, i) => `count(*) filter (where ${c.type === 'json' ? 'json_typeof' : 'jsonb_typeof'}(${ident(c.name)}) = 'null')::float8 as n${i}`,
  );
  const [row] = rowsOf<Record<string, number | string>>(
    await tx.execute(
      sql.raw(
        `select count(*)::float8 as rows, ${widths.length ? `coalesce(max(${widths.join(' + ')}), 0)::float8` : '0::float8'} as widest
         ${nulls.length ? `, ${nulls.join(', ')}` : ''} from ${qualified(table.name)}`,
      ),
    ),
  );
  return {
    rows: Number(row!.rows),
    widest: Number(row!.widest),
    wrapped: jsonColumns.filter((_, i) => Number(row![`n${i}`]) > 0).map((c) => c.name),
  };
}

/** The rows of a table as PostgreSQL writes them: every column as text but json, in primary-key order. */
function rowQuery(table: TableInfo, wrapped: Set<string>): string {
  const columns = table.columns.map((c) => {
    const col = `t.${ident(c.name)}`;
    if (c.kind !== 'json') return `${col}::text as ${ident(c.name)}`;
    if (!wrapped.has(c.name)) return `${col} as ${ident(c.name)}`;
    // SQL NULL stays null; a value (JSON null too) becomes [value].
    return `case when ${col} is null then null else ${c.type === 'json' ? 'json_build_array' : 'jsonb_build_array'}(${col}) end as ${ident(c.name)}`;
  });
  const order = table.primaryKey.length ? ` order by ${table.primaryKey.map((k) => `t.${ident(k)}`).join(', ')}` : '';
  return `select row_to_json(x)::text as j from ${qualified(table.name)} as t, lateral (select ${columns.join(', ')}) as x${order}`;
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
