import type { Database, DbOrTx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { publish } from '../realtime/index.js';
import { migrationState, readJournal, readMigrations } from './catalog.js';
import { dropPublicObjects, qualified, readCatalog, replayMigrations, resetSequences, rewriteMigrationLog, type TableInfo } from './catalog-queries.js';
import { BackupFileError, readBackupFile, type BackupHeader, type BackupHeaderTable, type ReadResult } from './format.js';
import { applyTextSettings, tryLockForRestore } from './queries.js';
import {
  buildIndex,
  createStageTable,
  deletePendingJobs,
  deleteRefreshTokens,
  deleteSessions,
  disableUserTriggers,
  dropSecondaryIndexes,
  dropStageTable,
  enableUserTriggers,
  insertFromStage,
  insertRowsJson,
  insertStatement,
  raiseIndexBuildMemory,
  restoreSecrets,
  savedSecrets,
  truncateTables,
  userExists,
  type SecondaryIndex,
} from './restore-queries.js';
import { BACKUP_JOB, BackupBusyError } from './writer.js';

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
    if (!(await tryLockForRestore(tx))) throw new BackupBusyError();
    await applyTextSettings(tx);

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
    for (const t of triggered) await disableUserTriggers(tx, t.name);
    if (catalog.size) await truncateTables(tx, [...catalog.keys()]);

    const indexes = await dropSecondaryIndexes(tx);
    await loadRows(tx, file, verified, catalog, opts, total);
    await rebuildIndexes(tx, indexes, opts);

    for (const t of triggered) await enableUserTriggers(tx, t.name);
    if (theirs < ours) {
      opts.onProgress?.('migrating', 0, ours - theirs);
      await replayMigrations(tx, migrations, theirs, ours);
      await rewriteMigrationLog(tx, migrations.slice(0, ours));
    }
    await resetSequences(tx);
    await restoreSecrets(tx, secrets);
    await deletePendingJobs(tx, BACKUP_JOB);
    await deleteRefreshTokens(tx);
    await deleteSessions(tx);

    const actor = opts.actor ?? null;
    // The restored users may not include the admin who restored: then the row names them in `after`.
    const known = actor ? await userExists(tx, actor.userId) : false;
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
  let insert = { head: '', tail: '' };
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
    await insertRowsJson(tx, insert, json);
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
        target = await createStageTable(tx, index, table.name);
        staged.set(table.name, { stage: target, table });
      }
      insert = insertStatement(target, table);
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
    await insertFromStage(tx, name, stage, table.columns);
    await dropStageTable(tx, stage);
    staged.delete(name);
    loaded.add(name);
  }
}

const COMMA = Buffer.from(',');

async function rebuildIndexes(tx: DbOrTx, indexes: SecondaryIndex[], opts: RestoreOptions): Promise<void> {
  await raiseIndexBuildMemory(tx);
  let done = 0;
  for (const index of indexes) {
    opts.onProgress?.('indexing', done++, indexes.length);
    await buildIndex(tx, index);
  }
}
