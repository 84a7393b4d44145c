import type { TImportJob, TImportJobList } from '@portal/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { publish } from '../realtime/index.js';
import { jobMessage, type Language } from './messages.js';
import { findImportJob, listLatestImportJobs, updateImportJob, type ImportJobEnd, type JobRow } from './queries.js';

/**
 * Every import, dry or real, is a data_imports row that moves as the import runs, so that any
 * instance answers its progress and a page opened again finds it.
 */

/** Progress reaches the row and the admins' sockets at most this often (~2/s). */
const PROGRESS_EVERY_MS = 500;
/** A running import moves its row at least this often, even when a step takes long, so it is never taken for dead. */
const HEARTBEAT_MS = 30_000;

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
  const row = await findImportJob(db, id);
  return row ? toJob(row, language) : null;
}

/** The latest imports, newest first. */
export async function listImportJobs(db: DbOrTx, language: Language): Promise<TImportJobList> {
  const rows = await listLatestImportJobs(db);
  return { items: rows.map((r) => toJob(r, language)) };
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
  private async write(phase: Phase, end?: ImportJobEnd) {
    const { checked, written, total } = this;
    await updateImportJob(this.ctx.db, this.id, { phase, rowsChecked: checked, rowsWritten: written, totalRows: total }, end);
    await publish(this.ctx.db, {
      topic: 'data',
      event: 'data.progress',
      audience: { roles: ['admin'] },
      payload: { operation: 'import', id: this.id, phase, done: phase === 'checking' ? checked : phase === 'writing' ? written : written || checked, total },
    });
  }

  /** The end: the report (or why it failed) stored, and a last event. Waits for a write still under way, so the last word is this one. */
  async finish(end: ImportJobEnd) {
    clearInterval(this.heartbeat);
    await this.inFlight;
    this.total ??= end.report?.rows ?? null;
    await this.write('finished', { status: end.status, report: end.report, error: end.error });
  }
}
