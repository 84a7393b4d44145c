/**
 * Backup and restore (issue #23, PRODUCT.md §10; docs/backup.md).
 *
 * A backup is one file `<BACKUP_DIR>/<id>.ndjson.gz` — gzip of NDJSON: a header (format, version,
 * app version, migration count and tag, database kind, who and when, every table with its columns
 * and row count), then per table a `{"table":…}` line and its rows exactly as PostgreSQL's
 * row_to_json writes them (every column as text but json), then a trailer with the SHA-256 of
 * everything before it and the row total (format.ts). Attachments (photos, signatures) and the
 * company logo are rows of the database (bytea; the logo base64 in `settings`), so the file holds
 * them byte for byte. Beside each file, `<id>.json` holds its listing entry.
 *
 * Making one reads every table of `public` (from the catalog) in one repeatable-read, read-only
 * transaction through server-side cursors (writer.ts). Restoring one verifies the whole file
 * first — gzip, structure, row counts, checksum, version — and then replaces every row in one
 * transaction, migrating an older backup forward (restore.ts); any failure leaves the data as it
 * was. One backup or restore runs at a time on an instance, and a PostgreSQL advisory lock keeps
 * restores apart from every backup and restore on other instances.
 *
 * Scheduled backups run as the `backup.scheduled` job (schedule.ts, src/job-handlers.ts), keep the
 * newest `keep` files, and tell the admins when one fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  ZBackup,
  type TBackup,
  type TBackupList,
  type TBackupSchedule,
  type TDataProgress,
  type TRestoreResult,
} from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { JobRow } from '../jobs/index.js';
import { notify } from '../notifications/index.js';
import { deliverLocally, EVENTS_CHANNEL, parseBusMessage, publish, type DomainEvent } from '../realtime/index.js';
import { BackupFileError, backupOf, backupPath, newBackupId, readBackupFile, sidecarPath, type ReadResult } from './format.js';
import { checkCompatible, restoreBackup } from './restore.js';
import { deleteOldDoneJobs, lockScheduleChanges } from './queries.js';
import { companyZone, isSlotOf, nextSlot, readLastFailure, readSchedule, writeLastFailure, writeSchedule } from './schedule.js';
import { BACKUP_JOB, BackupBusyError, writeBackup, writeSidecar } from './writer.js';

export type BackupContext = Pick<AppContext, 'config' | 'database' | 'db' | 'log'>;

export interface BackupServiceOptions {
  /** Tests only: a restore throws after loading this many tables (it must roll back). */
  failAfterTables?: number;
  /** Another migrations folder (tests of an older schema). */
  migrationsFolder?: string;
}

/** A staff member doing it, as the service needs them. */
export type BackupActor = Pick<Actor, 'userId' | 'ip'> & { user: Pick<Actor['user'], 'name' | 'email'> };

const FILE_NAME = /^(backup-[0-9A-Za-z-]{1,80})\.ndjson\.gz$/;
const ADMINS = { roles: ['admin' as const] };
/** Leftovers of a backup or upload that never finished (a crash) are removed after this long. */
const STALE_PART_MS = 24 * 3600_000;

/** What runs on each instance (its Database handle): one backup or restore at a time. */
const running = new WeakMap<object, string>();
/** Files found unreadable, by name, size and time, so a list does not read them again and again. */
const unreadable = new Map<string, string>();

const busy = () => new AppError(409, 'conflict', 'A backup or restore is already running');

/** The API's answer to a file that cannot be restored or kept. */
export function fileError(err: BackupFileError): AppError {
  const details = { details: { reason: err.reason } };
  return err.reason === 'backup_damaged'
    ? new AppError(400, 'validation_failed', err.message, { fields: { file: 'invalid' }, ...details })
    : new AppError(409, 'conflict', err.message, details);
}

function mapErrors(err: unknown): never {
  if (err instanceof BackupFileError) throw fileError(err);
  if (err instanceof BackupBusyError) throw busy();
  throw err;
}

/** Any other failure: logged here, answered in words that say what it means (and no SQL). */
function failed(log: BackupContext['log'], what: 'backup' | 'restore') {
  return (err: unknown): never => {
    if (err instanceof AppError || err instanceof BackupFileError || err instanceof BackupBusyError) mapErrors(err);
    log.error({ err }, `${what} failed`);
    throw new AppError(
      500,
      'internal_error',
      what === 'restore'
        ? 'The restore failed and nothing was changed: the data is as it was before. The server log says why.'
        : 'The backup could not be made. The server log says why.',
    );
  };
}

export function createBackupService(ctx: BackupContext, opts: BackupServiceOptions = {}) {
  const dir = ctx.config.backupDir;
  const instance = ctx.database;

  async function exclusive<T>(what: string, work: () => Promise<T>): Promise<T> {
    if (running.has(instance)) throw busy();
    running.set(instance, what);
    try {
      return await work();
    } finally {
      running.delete(instance);
    }
  }

  /**
   * Progress on the `data` topic, at most twice a second (and always the last one). On PostgreSQL
   * it goes out on a connection of its own, never awaited by the work; on PGlite the work's
   * transaction holds the only connection, so it reaches this instance's sockets directly.
   */
  function progress(operation: TDataProgress['operation'], id: string) {
    let last = 0;
    let inFlight = false;
    let queued: DomainEvent | null = null;
    const send = (message: DomainEvent) => {
      if (ctx.database.kind === 'pglite') return deliverLocally(instance, message);
      if (inFlight) {
        queued = message;
        return;
      }
      inFlight = true;
      publish(ctx.db, message)
        .catch((err: unknown) => ctx.log.warn({ err }, 'could not publish backup progress'))
        .finally(() => {
          inFlight = false;
          const next = queued;
          queued = null;
          if (next) send(next);
        });
    };
    return (phase: string, done: number, total: number | null, force = false) => {
      const now = Date.now();
      if (!force && now - last < 500) return;
      last = now;
      const payload: TDataProgress = { operation, id, phase, done, total };
      send({ topic: 'data', event: 'data.progress', audience: ADMINS, payload });
    };
  }

  async function changed(tx: Tx) {
    await publish(tx, { topic: 'data', event: 'backup.changed', audience: ADMINS });
  }

  /**
   * The listing entry of a file: its sidecar, or (missing: a file copied in) read from the file
   * and written. A file damaged after it was made keeps its entry, so that its restore answers
   * what is wrong with it; the size is the file's as it is now.
   */
  async function entryOf(id: string, stat: fs.Stats): Promise<TBackup | null> {
    try {
      const sidecar = ZBackup.safeParse(JSON.parse(await fs.promises.readFile(sidecarPath(dir, id), 'utf8')));
      if (sidecar.success && sidecar.data.id === id) return { ...sidecar.data, size: stat.size };
    } catch {
      // No sidecar, or not one: read the file itself.
    }
    const key = `${id}:${stat.size}:${stat.mtimeMs}`;
    if (unreadable.has(key)) return null;
    try {
      const result = await readBackupFile(backupPath(dir, id));
      const backup = backupOf(id, result, result.header.source);
      await writeSidecar(dir, backup);
      return backup;
    } catch (err) {
      unreadable.set(key, (err as Error).message);
      ctx.log.warn({ err, file: backupPath(dir, id) }, 'a file in the backup folder is not a readable backup');
      return null;
    }
  }

  async function listFiles(): Promise<TBackup[]> {
    await fs.promises.mkdir(dir, { recursive: true });
    const items: TBackup[] = [];
    for (const name of await fs.promises.readdir(dir)) {
      const full = path.join(dir, name);
      if (name.endsWith('.part')) {
        const stat = await fs.promises.stat(full).catch(() => null);
        if (stat && Date.now() - stat.mtimeMs > STALE_PART_MS) await fs.promises.rm(full, { force: true });
        continue;
      }
      const match = FILE_NAME.exec(name);
      if (!match) continue;
      const stat = await fs.promises.stat(full).catch(() => null);
      if (!stat?.isFile()) continue;
      const entry = await entryOf(match[1]!, stat);
      if (entry) items.push(entry);
    }
    return items.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? 1 : -1));
  }

  async function get(id: string): Promise<TBackup> {
    const stat = await fs.promises.stat(backupPath(dir, id)).catch(() => null);
    const entry = stat?.isFile() ? await entryOf(id, stat) : null;
    if (!entry) throw notFound('Backup');
    return entry;
  }

  async function removeFiles(id: string) {
    await fs.promises.rm(backupPath(dir, id), { force: true });
    await fs.promises.rm(sidecarPath(dir, id), { force: true });
  }

  /** Makes a backup (manual, or the scheduled job's) and reports its progress. */
  async function make(createdBy: TBackup['created_by'], source: 'manual' | 'scheduled', tx?: Tx): Promise<TBackup> {
    const id = newBackupId();
    const report = progress('backup', id);
    report('writing', 0, null, true);
    const backup = await writeBackup(ctx.database, {
      dir,
      id,
      createdBy,
      source,
      tx,
      migrationsFolder: opts.migrationsFolder,
      onProgress: (done, total) => report('writing', done, total),
    });
    const total = Object.values(backup.counts).reduce((n, c) => n + c, 0);
    report('finished', total, total, true);
    return backup;
  }

  /** Keeps the newest `keep` backups (uploaded ones too) and deletes the rest; returns the deleted. */
  async function applyRetention(keep: number): Promise<TBackup[]> {
    const old = (await listFiles()).slice(keep);
    for (const b of old) await removeFiles(b.id);
    return old;
  }

  return {
    /**
     * A restore on any instance may have rebuilt the schema: statements this instance's pooled
     * connections prepared are stale (client.ts, recycleConnections). Follows the bus's `_data`
     * messages and recycles them on each; answers the function that stops following.
     */
    async recycleConnectionsAfterRestores(): Promise<() => Promise<void>> {
      return ctx.database.listen(EVENTS_CHANNEL, (raw) => {
        if (parseBusMessage(raw)?.topic !== '_data') return;
        ctx.database.recycleConnections().catch((err: unknown) => ctx.log.error({ err }, 'could not recycle connections after a restore'));
      });
    },

    async list(): Promise<TBackupList> {
      const items = await listFiles();
      const schedule = await readSchedule(ctx.db);
      const next = nextSlot(schedule, await companyZone(ctx.db), new Date());
      return { items, schedule, next_run_at: next?.toISOString() ?? null, last_failure: await readLastFailure(ctx.db) };
    },

    get,

    /** Where a backup's file is, to stream it. */
    async file(id: string): Promise<{ path: string; size: number; backup: TBackup }> {
      const backup = await get(id);
      return { path: backupPath(dir, id), size: backup.size, backup };
    },

    async create(actor: BackupActor): Promise<TBackup> {
      const backup = await exclusive('backup', () => make({ id: actor.userId, name: actor.user.name }, 'manual')).catch(failed(ctx.log, 'backup'));
      await ctx.db.transaction(async (tx) => {
        await audit(tx, { actorId: actor.userId, action: 'backup.created', entity: 'backup', entityId: backup.id, after: summary(backup), ip: actor.ip });
        await changed(tx);
      });
      return backup;
    },

    async remove(actor: BackupActor, id: string): Promise<void> {
      const backup = await get(id);
      await removeFiles(id);
      await ctx.db.transaction(async (tx) => {
        await audit(tx, { actorId: actor.userId, action: 'backup.deleted', entity: 'backup', entityId: id, before: summary(backup), ip: actor.ip });
        await changed(tx);
      });
    },

    /**
     * Keeps an uploaded file as a backup once it reads as one, whole: streamed to disk (never held
     * in memory), verified, then named. A file that is not a backup, or damaged, is removed and
     * refused (400, `details.reason` backup_damaged). A newer version's backup is kept (it may be
     * restored after an update); its restore here is refused.
     */
    async upload(actor: BackupActor, stream: Readable & { truncated?: boolean }): Promise<TBackup> {
      await fs.promises.mkdir(dir, { recursive: true });
      const id = newBackupId();
      const final = backupPath(dir, id);
      const part = `${final}.upload.part`;
      let result: ReadResult;
      try {
        await pipeline(stream, fs.createWriteStream(part, { flags: 'wx' }));
        if (stream.truncated) {
          throw new AppError(413, 'file_too_large', 'The file is larger than a backup upload may be', { fields: { file: 'too_long' } });
        }
        result = await readBackupFile(part);
      } catch (err) {
        await fs.promises.rm(part, { force: true });
        mapErrors(err);
      }
      const backup = backupOf(id, result, 'upload');
      await fs.promises.rename(part, final);
      await writeSidecar(dir, backup);
      await ctx.db.transaction(async (tx) => {
        await audit(tx, { actorId: actor.userId, action: 'backup.uploaded', entity: 'backup', entityId: id, after: summary(backup), ip: actor.ip });
        await changed(tx);
      });
      return backup;
    },

    /**
     * Replaces all data with the backup's (restore.ts). The file is read whole and checked before
     * anything is touched; then one transaction loads it. Every session ends, the caller's too.
     */
    async restore(actor: BackupActor, id: string): Promise<TRestoreResult> {
      const backup = await get(id);
      const file = backupPath(dir, id);
      const outcome = await exclusive('restore', async () => {
        const report = progress('restore', id);
        const total = Object.values(backup.counts).reduce((n, c) => n + c, 0);
        report('verifying', 0, total, true);
        let checked = 0;
        const verified = await readBackupFile(file, {
          onHeader: (header) => checkCompatible(ctx.db, header, opts.migrationsFolder),
          onRow: () => {
            if (++checked % 2000 === 0) report('verifying', checked, total);
          },
        });
        const result = await restoreBackup(ctx.database, file, verified, {
          backupId: id,
          actor: { userId: actor.userId, name: actor.user.name, email: actor.user.email, ip: actor.ip },
          failAfterTables: opts.failAfterTables,
          migrationsFolder: opts.migrationsFolder,
          onProgress: (phase, done, of) => report(phase, done, of),
        });
        report('finished', total, total, true);
        return result;
      }).catch(failed(ctx.log, 'restore'));
      // Before the bus message comes back: this instance's next requests must not meet a stale statement.
      await ctx.database.recycleConnections();
      await ctx.db.transaction(changed);
      return { restored: backup, migrated_forward: outcome.migratedForward, signed_out: true };
    },

    async getSchedule(): Promise<TBackupSchedule> {
      return readSchedule(ctx.db);
    },

    async putSchedule(actor: BackupActor, schedule: TBackupSchedule): Promise<TBackupSchedule> {
      await ctx.db.transaction(async (tx) => {
        // One schedule change at a time, so each audit row's before is what it replaced.
        await lockScheduleChanges(tx);
        const before = await readSchedule(tx);
        await writeSchedule(tx, schedule, actor.userId);
        await audit(tx, { actorId: actor.userId, action: 'backup.schedule_updated', entity: 'backup_schedule', entityId: null, before, after: schedule, ip: actor.ip });
        await changed(tx);
      });
      return schedule;
    },

    /**
     * The `backup.scheduled` job: if its slot is still one of the schedule's, makes a backup, then
     * keeps the newest `keep`. A failure is recorded (the list's last_failure) and told to the
     * admins, and the job ends: the next slot tries again. Only "another backup or restore is
     * running" is thrown, so the runner retries it shortly.
     *
     * On PostgreSQL the backup reads in a transaction of its own, beside the job's (which holds
     * the job row); on PGlite the job's transaction already holds the only connection, so the
     * backup reads through it (writer.ts).
     */
    async runScheduled(tx: Tx, job: JobRow): Promise<TBackup | null> {
      const slot = typeof job.payload.slot === 'string' ? new Date(job.payload.slot) : null;
      const schedule = await readSchedule(tx);
      if (!slot || !isSlotOf(schedule, await companyZone(tx), slot)) return null;
      let backup: TBackup;
      try {
        backup = await exclusive('scheduled backup', () =>
          ctx.database.kind === 'pglite'
            ? // In a savepoint of the job's transaction: a failed read leaves it usable for recording the failure.
              tx.transaction((sp) => make(null, 'scheduled', sp))
            : make(null, 'scheduled'),
        );
      } catch (err) {
        if (err instanceof AppError || err instanceof BackupBusyError) throw err;
        const message = (err as Error).message?.slice(0, 500) || 'unknown error';
        ctx.log.error({ err }, 'scheduled backup failed');
        await writeLastFailure(tx, { at: new Date().toISOString(), message });
        await notify(tx, { role: 'admin' }, {
          type: 'error',
          title: 'notifications.backup_failed.title',
          message: 'notifications.backup_failed.message',
          params: { reason: message },
          link: '/dashboard/backup',
        });
        await changed(tx);
        return null;
      }
      await writeLastFailure(tx, null);
      await audit(tx, { actorId: null, action: 'backup.created', entity: 'backup', entityId: backup.id, after: summary(backup) });
      for (const old of await applyRetention(schedule.keep)) {
        await audit(tx, { actorId: null, action: 'backup.deleted', entity: 'backup', entityId: old.id, before: summary(old), after: { reason: 'retention', keep: schedule.keep } });
      }
      // Done scheduled-backup jobs older than a month go (one a day at most: the table stays small anyway).
      await deleteOldDoneJobs(tx, BACKUP_JOB);
      await changed(tx);
      return backup;
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;

/** What the audit log keeps of a backup. */
function summary(b: TBackup) {
  return { id: b.id, created_at: b.created_at, source: b.source, size: b.size, sha256: b.sha256, migration: b.migration, database: b.database };
}

