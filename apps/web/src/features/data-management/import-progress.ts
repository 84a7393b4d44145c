import type { TImportJob } from '@portal/shared';

export interface ImportProgress {
  phase: TImportJob['phase'];
  /** Rows checked (checking) or written (writing). */
  done: number;
  /** Rows in the file, once the server knows. */
  total: number | null;
  /** 0–100, or null while the total is unknown (the bar then runs without a value). */
  percent: number | null;
}

/** Where a running import stands, as its progress bar shows it. */
export function importProgress(job: Pick<TImportJob, 'phase' | 'total_rows' | 'rows_checked' | 'rows_written' | 'report'>): ImportProgress {
  const total = job.total_rows ?? job.report?.rows ?? null;
  const done = job.phase === 'writing' ? job.rows_written : job.phase === 'finished' ? (total ?? job.rows_checked) : job.rows_checked;
  const percent = total === null ? null : total === 0 ? 100 : Math.min(100, Math.max(0, Math.round((done / total) * 100)));
  return { phase: job.phase, done, total, percent };
}

/** Whether a finished import may be run for real: a dry run with rows and no errors. */
export function canRunForReal(job: Pick<TImportJob, 'status' | 'dry_run' | 'report'>): boolean {
  return job.status === 'done' && job.dry_run && !!job.report && job.report.error_count === 0 && job.report.rows > 0;
}
