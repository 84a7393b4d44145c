import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { rowsOf } from '../../db/rows.js';
import { publish } from '../realtime/index.js';
import {
  dropPublicObjects,
  ident,
  migrationState,
  qualified,
  readCatalog,
  readJournal,
  readMigrations,
  replayMigrations,
  resetSequences,
  rewriteMigrationLog,
  type TableInfo,
} from './catalog.js';
import { BackupFileError, readBackupFile, type BackupHeader, type BackupHeaderTable, type ReadResult } from './format.js';
import { BACKUP_JOB, BACKUP_LOCK_KEY, BackupBusyError, TEXT_SETTINGS } from './writer.js';

/** Rows per INSERT while loading, at most … */
const BATCH_ROWS = 1000;
/** … and about this many bytes of row text (one larger row goes alone). */
const BATCH_BYTES = 4 * 1024 * 1024;

export interface RestoreActor {
  userId: string;
  name: string;
  email: string;
  ip: string | null;
}

export interface RestoreOptions {
  /** The backup's id, for the audit row. */
  backupId: string;
  actor?: RestoreActor | null;
  onProgress?: (phase: 'loading' | 'indexing' | 'migrating', done: number, total: number) => void;
  /** Tests only: throw after loading this many tables, to prove the transaction rolls back. */
  failAfterTables?: number;
  /** Another migrations folder (tests of an older schema). */
  migrationsFolder?: string;
}

export interface RestoreOutcome {
  /** Migrations applied after loading an older backup. */
  migratedForward: number;
}

const incompatible = (message: string) => new BackupFileError('backup_incompatible', message);

/**
 * Whether this database can take the backup at all, before anything is touched: not newer than
 * its schema, from the same line of migrations. (The tables and columns are checked against the
 * schema inside the restore, where an older backup's schema exists.)
 */
export async function checkCompatible(db: DbOrTx, header: BackupHeader, folder?: string): Promise<void> {
  const ours = await migrationState(db, folder);
  if (header.migration.count > ours.count) {
    throw new BackupFileError(
      'backup_newer_version',
      `This backup comes from a newer version of the portal (${header.migration.count} migrations, this server has ${ours.count}): update the server first`,
    );
  }
  const journal = readJournal(folder);
  if (header.migration.count > 0 && journal[header.migration.count - 1]?.tag !== header.migration.tag) {
    throw incompatible(`This backup's schema (${header.migration.tag}) is not one this server knows`);
  }
  if (header.migration.count < ours.count && ours.count !== journal.length) {
    throw incompatible('This server cannot migrate an older backup forward: its database is ahead of its own migrations');
  }
}

/**
 * Replaces every row of the database with the backup's, in ONE transaction: either all of it
 * lands or nothing changes (any error rolls back). `verified` is the caller's full read of the
 * same file (format.ts: checksum, structure, counts); the file is read, hashed and checked again
 * while loading, so a file changed in between rolls back too.
 *
 * 1. Lock: the backup advisory lock, exclusively (no backup reads meanwhile, no second restore).
 * 2. Schema: a backup with as many migrations as this database loads into the schema as it is.
 *    An older one: every object of `public` is dropped and the migrations are replayed up to the
 *    backup's count, so its rows fit the schema they came from.
 * 3. Load: user triggers (the analytics rollups) are disabled — the rollup tables are loaded as
 *    they were — every table is truncated in one statement, then each table's rows are inserted
 *    in batches through json_populate_recordset (PostgreSQL parses the rows, Node never does).
 *    The file lists parents before children; a table whose parents are not loaded yet, or that
 *    references itself, is staged in a temporary table and inserted whole once they are. The
 *    indexes only reads use are dropped first and built again once everything is in.
 * 4. Forward: triggers on again; an older backup gets the remaining migrations (which may move
 *    its data, like any upgrade) and drizzle's migration log is rewritten to match.
 * 5. Afterwards: sequences past their columns' values; this installation's own server secrets
 *    (the token signing key every running instance holds) kept; pending scheduled-backup jobs of
 *    the backup's time dropped; every session and refresh token deleted (everyone signs in
 *    again); the restore audited — into the restored log — and `_data restored` published, so
 *    every instance drops its caches and closes its sockets on commit.
 */
export async function restoreBackup(database: Pick<Database, 'db'>, file: string, verified: ReadResult, opts: RestoreOptions): Promise<RestoreOutcome> {
  const header = verified.header;
  const total = verified.trailer.rows;
  return database.db.transaction(async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql.raw(`select pg_try_advisory_xact_lock(${BACKUP_LOCK_KEY}) as ok`)));
    if (!lock?.ok) throw new BackupBusyError();
    for (const statement of TEXT_SETTINGS) await tx.execute(sql.raw(statement));

    await checkCompatible(tx, header, opts.migrationsFolder);
    const migrations = readMigrations(opts.migrationsFolder);
    const ours = (await migrationState(tx, opts.migrationsFolder)).count;
    const theirs = header.migration.count;
    const secrets = await savedSecrets(tx);

    if (theirs < ours) {
      await dropPublicObjects(tx);
      await replayMigrations(tx, migrations, 0, theirs);
    }
    const catalog = await readCatalog(tx);
    checkTables(header, catalog);

    const triggered = [...catalog.values()].filter((t) => t.hasUserTriggers);
    for (const t of triggered) await tx.execute(sql.raw(`alter table ${qualified(t.name)} disable trigger user`));
    if (catalog.size) await tx.execute(sql.raw(`truncate table ${[...catalog.keys()].map(qualified).join(', ')}`));

    const indexes = await dropSecondaryIndexes(tx);
    await loadRows(tx, file, verified, catalog, opts, total);
    await rebuildIndexes(tx, indexes, opts);

    for (const t of triggered) await tx.execute(sql.raw(`alter table ${qualified(t.name)} enable trigger user`));
    if (theirs < ours) {
      opts.onProgress?.('migrating', 0, ours - theirs);
      await replayMigrations(tx, migrations, theirs, ours);
      await rewriteMigrationLog(tx, migrations.slice(0, ours));
    }
    await resetSequences(tx);
    await restoreSecrets(tx, secrets);
    await tx.execute(sql`delete from jobs where kind = ${BACKUP_JOB} and done_at is null`);
    await tx.execute(sql`delete from refresh_tokens`);
    await tx.execute(sql`delete from sessions`);

    const actor = opts.actor ?? null;
    // The restored users may not include the admin who restored: then the row names them in `after`.
    const known = actor ? rowsOf(await tx.execute(sql`select 1 from users where id = ${actor.userId}::uuid`)).length > 0 : false;
    await audit(tx, {
      actorId: known ? actor!.userId : null,
      action: 'backup.restored',
      entity: 'backup',
      entityId: opts.backupId,
      after: {
        backup: opts.backupId,
        created_at: header.created_at,
        migration: header.migration,
        migrated_forward: ours - theirs,
        rows: total,
        restored_by: actor ? { id: actor.userId, name: actor.name, email: actor.email } : null,
      },
      ip: actor?.ip ?? null,
    });
    await publish(tx, { topic: '_data', event: 'restored' });
    return { migratedForward: ours - theirs };
  });
}

/** Every table and column of the backup exists here (a column of ours it lacks gets its default). */
function checkTables(header: BackupHeader, catalog: Map<string, TableInfo>) {
  for (const t of header.tables) {
    const table = catalog.get(t.name);
    if (!table) throw incompatible(`This backup holds a table this server does not have: ${t.name}`);
    const known = new Map(table.columns.map((c) => [c.name, c]));
    for (const name of t.columns) {
      if (!known.has(name)) throw incompatible(`This backup holds a column this server does not have: ${t.name}.${name}`);
    }
    for (const name of t.wrapped_json ?? []) {
      if (known.get(name)?.kind !== 'json' || !t.columns.includes(name)) throw incompatible(`The header of the backup marks ${t.name}.${name} wrongly`);
    }
  }
}

async function loadRows(
  tx: DbOrTx,
  file: string,
  verified: ReadResult,
  catalog: Map<string, TableInfo>,
  opts: RestoreOptions,
  total: number,
): Promise<void> {
  const inBackup = new Set(verified.header.tables.map((t) => t.name));
  // Tables the backup does not hold are empty now: nothing to wait for.
  const loaded = new Set([...catalog.keys()].filter((name) => !inBackup.has(name)));
  const staged = new Map<string, { stage: string; table: BackupHeaderTable }>();
  const expectedHeader = JSON.stringify(verified.header);
  let target = '';
  let insertHead = '';
  let insertTail = '';
  let batch: Buffer[] = [];
  let batchBytes = 0;
  let done = 0;
  let tablesDone = 0;

  const flush = async () => {
    if (!batch.length) return;
    const parts: Buffer[] = [Buffer.from('[')];
    batch.forEach((line, i) => parts.push(...(i ? [COMMA, line] : [line])));
    parts.push(Buffer.from(']'));
    const json = Buffer.concat(parts).toString('utf8');
    await tx.execute(sql`${sql.raw(insertHead)}${json}${sql.raw(insertTail)}`);
    done += batch.length;
    batch = [];
    batchBytes = 0;
    opts.onProgress?.('loading', done, total);
    await new Promise((resolve) => setImmediate(resolve));
  };

  const result = await readBackupFile(file, {
    onHeader(header) {
      if (JSON.stringify(header) !== expectedHeader) throw new BackupFileError('backup_damaged', 'The backup file changed while it was being restored');
    },
    async onTableStart(table, index) {
      const info = catalog.get(table.name)!;
      const ready = !info.selfReferencing && info.parents.every((p) => loaded.has(p));
      if (ready) target = qualified(table.name);
      else {
        // Inserted whole later, in one statement: foreign keys are checked at its end.
        target = `pg_temp.${ident(`restore_stage_${index}`)}`;
        await tx.execute(sql.raw(`create temp table ${target} (like ${qualified(table.name)}) on commit drop`));
        staged.set(table.name, { stage: target, table });
      }
      ({ head: insertHead, tail: insertTail } = insertStatement(target, table));
    },
    async onRow(line) {
      batch.push(line);
      batchBytes += line.length + 1;
      if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) await flush();
    },
    async onTableEnd(table) {
      await flush();
      if (!staged.has(table.name)) loaded.add(table.name);
      tablesDone++;
      if (opts.failAfterTables !== undefined && tablesDone >= opts.failAfterTables) {
        throw new Error(`Injected failure after ${tablesDone} tables (test hook)`);
      }
    },
  });
  if (result.sha256 !== verified.sha256) throw new BackupFileError('backup_damaged', 'The backup file changed while it was being restored');

  // Staged tables, each once its parents are in (a reference cycle never gets there).
  while (staged.size) {
    const next = [...staged.entries()].find(([name]) => catalog.get(name)!.parents.every((p) => loaded.has(p)));
    if (!next) throw incompatible(`The tables ${[...staged.keys()].join(', ')} reference each other in a cycle: they cannot be loaded`);
    const [name, { stage, table }] = next;
    const columns = table.columns.map(ident).join(', ');
    await tx.execute(sql.raw(`insert into ${qualified(name)} (${columns}) select ${columns} from ${stage}`));
    await tx.execute(sql.raw(`drop table ${stage}`));
    staged.delete(name);
    loaded.add(name);
  }
}

const COMMA = Buffer.from(',');

interface SecondaryIndex {
  name: string;
  definition: string;
}

/**
 * The indexes nothing but reads depend on — not a primary key, not unique, not behind a
 * constraint (foreign keys and exclusion constraints need theirs) — dropped before loading and
 * built again afterwards, in the same transaction: building an index once over the loaded rows
 * is many times faster than growing it row by row (the trigram GIN indexes above all, which run
 * with fastupdate off, migration 0007). Their definitions come from the catalog, so a rebuilt
 * index is exactly the one dropped.
 */
async function dropSecondaryIndexes(tx: DbOrTx): Promise<SecondaryIndex[]> {
  const indexes = rowsOf<SecondaryIndex>(
    await tx.execute(sql`
      select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not i.indisprimary and not i.indisunique and not i.indisexclusion
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
        and not exists (select 1 from pg_depend d where d.objid = i.indexrelid and d.deptype = 'e')
      order by c.relname`),
  );
  for (const index of indexes) await tx.execute(sql.raw(`drop index ${index.name}`));
  return indexes;
}

async function rebuildIndexes(tx: DbOrTx, indexes: SecondaryIndex[], opts: RestoreOptions): Promise<void> {
  // More sort memory than the default 64 MB for the builds, for this transaction only.
  await tx.execute(sql.raw(`set local maintenance_work_mem = '256MB'`));
  let done = 0;
  for (const index of indexes) {
    opts.onProgress?.('indexing', done++, indexes.length);
    await tx.execute(sql.raw(index.definition));
  }
}

/** `insert into <target> (cols) select cols from json_populate_recordset(null::<table>, $1::json)`, around the parameter. */
function insertStatement(target: string, table: BackupHeaderTable): { head: string; tail: string } {
  const wrapped = new Set(table.wrapped_json ?? []);
  const columns = table.columns.map(ident).join(', ');
  // A wrapped json column arrives as [value] (format.ts): its value is element 0.
  const values = table.columns.map((c) => (wrapped.has(c) ? `(${ident(c)} -> 0)` : ident(c))).join(', ');
  return {
    head: `insert into ${target} (${columns}) select ${values} from json_populate_recordset(null::${qualified(table.name)}, `,
    tail: `::json)`,
  };
}

/**
 * This installation's server secrets, kept across a restore: the token signing key is held in
 * memory by every running instance, and one started later must read the same key from the
 * database — not the backup's.
 */
async function savedSecrets(tx: DbOrTx): Promise<string | null> {
  const [exists] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select to_regclass('public.server_secrets') is not null as ok`));
  if (!exists?.ok) return null;
  const [row] = rowsOf<{ j: string }>(await tx.execute(sql`select coalesce(json_agg(s), '[]')::text as j from public.server_secrets s`));
  return row?.j ?? '[]';
}

async function restoreSecrets(tx: DbOrTx, saved: string | null): Promise<void> {
  if (saved === null) return;
  await tx.execute(sql`delete from public.server_secrets`);
  await tx.execute(sql`insert into public.server_secrets select * from json_populate_recordset(null::public.server_secrets, ${saved}::json)`);
}
