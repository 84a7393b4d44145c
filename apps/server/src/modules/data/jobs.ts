import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DataSet, TImportJob, TImportJobList, TImportReport } from '@portal/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { dataImports } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';
import { isoSql } from '../../db/sql.js';
import { publish } from '../realtime/index.js';
import { jobMessage, type Language } from './messages.js';

/**
 * Every import, dry or real, is a data_imports row that moves as the import runs, so that any
 * instance answers its progress and a page opened again finds it.
 */

/** A running import not moved for this long has died with the instance running it. */
const STALE_AFTER = '2 minutes';
/** Progress reaches the row and the admins' sockets at most this often (~2/s). */
const PROGRESS_EVERY_MS = 500;
/** A running import moves its row at least this often, even when a step takes long, so it is never taken for dead. */
const HEARTBEAT_MS = 30_000;
const LIST_LIMIT = 20;

interface JobRow {
  id: string;
  data_set: DataSet;
  dry_run: boolean;
  status: TImportJob['status'];
  stale: boolean;
  phase: TImportJob['phase'];
  file_name: string | null;
  total_rows: number | null;
  rows_checked: number;
  rows_written: number;
  report: TImportReport | null;
  error: string | null;
  created_by: string | null;
  created_by_name: string | null;
  created_at: string;
  finished_at: string | null;
}

const JOB_SELECT = sql`
  select d.id, d.data_set, d.dry_run, d.status, d.phase, d.file_name, d.total_rows, d.rows_checked, d.rows_written, d.report, d.error,
    (d.status = 'running' and d.updated_at < now() - ${STALE_AFTER}::interval) as stale,
    d.created_by, u.name as created_by_name, ${isoSql(sql`d.created_at`)} as created_at, ${isoSql(sql`d.finished_at`)} as finished_at
  from data_imports d left join users u on u.id = d.created_by`;

const toJob = (r: JobRow, language: Language): TImportJob => ({
  id: r.id,
  data_set: r.data_set,
  dry_run: r.dry_run,
  status: r.stale ? 'failed' : r.status,
  phase: r.phase,
  file_name: r.file_name,
  total_rows: r.total_rows,
  rows_checked: r.rows_checked,
  rows_written: r.rows_written,
  report: r.report,
  error: r.stale ? jobMessage(language, 'stale') : r.error,
  created_by: r.created_by ? { id: r.created_by, name: r.created_by_name ?? '' } : null,
  created_at: r.created_at,
  finished_at: r.finished_at,
});

export async function getImportJob(db: DbOrTx, id: string, language: Language): Promise<TImportJob | null> {
  const [row] = rowsOf<JobRow>(await db.execute(sql`${JOB_SELECT} where d.id = ${id}::uuid`));
  return row ? toJob(row, language) : null;
}

/** The latest imports, newest first. */
export async function listImportJobs(db: DbOrTx, language: Language): Promise<TImportJobList> {
  const rows = rowsOf<JobRow>(await db.execute(sql`${JOB_SELECT} order by d.created_at desc, d.id desc limit ${LIST_LIMIT}`));
  return { items: rows.map((r) => toJob(r, language)) };
}

export async function createImportJob(
  db: DbOrTx,
  input: { dataSet: DataSet; dryRun: boolean; fileName: string | null; createdBy: string },
): Promise<string> {
  const [row] = await db
    .insert(dataImports)
    .values({ dataSet: input.dataSet, dryRun: input.dryRun, fileName: input.fileName, createdBy: input.createdBy })
    .returning({ id: dataImports.id });
  return row!.id;
}

type Phase = TImportJob['phase'];

/**
 * An import's progress: its row and a `data.progress` event, at most every PROGRESS_EVERY_MS.
 * Written with the plain handle, never inside the import's transaction: an event published
 * there would only be delivered on commit, all at once. One write at a time, never awaited by
 * the import: on PGlite (one connection) a write made while the import's transaction is open
 * waits for its commit, and the import must not wait for it.
 */
export class ImportProgress {
  private phase: Phase = 'checking';
  private checked = 0;
  private written = 0;
  private total: number | null = null;
  private lastFlush = 0;
  private inFlight: Promise<void> | null = null;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly ctx: AppContext,
    readonly id: string,
  ) {
    this.heartbeat = setInterval(() => this.flush(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Records how far the import is; reaches the row and the sockets when it is time. */
  move(step: { phase?: Phase; checked?: number; written?: number; total?: number }) {
    this.phase = step.phase ?? this.phase;
    this.checked = step.checked ?? this.checked;
    this.written = step.written ?? this.written;
    this.total = step.total ?? this.total;
    if (Date.now() - this.lastFlush >= PROGRESS_EVERY_MS) this.flush();
  }

  private flush() {
    if (this.inFlight) return;
    this.lastFlush = Date.now();
    this.inFlight = this.write(this.phase)
      .catch((err) => this.ctx.log.warn({ err, import: this.id }, 'could not record the progress of an import'))
      .finally(() => (this.inFlight = null));
  }

  /** The row and the event, with the counts as they are now (and, at the end, what else the row takes). */
  private async write(phase: Phase, end: PgUpdateSetSource<typeof dataImports> = {}) {
    const { checked, written, total } = this;
    await this.ctx.db
      .update(dataImports)
      // The database's clock: staleness is judged by it, whichever instance asks.
      .set({ ...end, phase, rowsChecked: checked, rowsWritten: written, totalRows: total, updatedAt: sql`now()` })
      .where(eq(dataImports.id, this.id));
    await publish(this.ctx.db, {
      topic: 'data',
      event: 'data.progress',
      audience: { roles: ['admin'] },
      payload: { operation: 'import', id: this.id, phase, done: phase === 'checking' ? checked : phase === 'writing' ? written : written || checked, total },
    });
  }

  /** The end: the report (or why it failed) stored, and a last event. Waits for a write still under way, so the last word is this one. */
  async finish(end: { status: 'done' | 'failed'; report: TImportReport | null; error: string | null }) {
    clearInterval(this.heartbeat);
    await this.inFlight;
    this.total ??= end.report?.rows ?? null;
    await this.write('finished', { status: end.status, report: end.report, error: end.error, finishedAt: sql`now()` });
  }
}
