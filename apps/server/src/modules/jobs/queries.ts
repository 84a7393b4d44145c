import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/** A claimed job, as the runner hands it to its handler. */
export interface JobRow {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  run_at: string;
}

export interface NewJob {
  kind: string;
  runAt: Date;
  payload?: Record<string, unknown>;
  /** Scheduling the same key twice schedules it once (idempotent callers, retries, instances). */
  dedupeKey?: string;
  /** The record the job is about, so its pending jobs can be dropped when it changes. */
  subjectId?: string;
}

/** Schedules jobs in the caller's transaction: they exist exactly when the change that wanted them commits. */
export async function enqueue(tx: DbOrTx, jobs: NewJob[]): Promise<void> {
  if (!jobs.length) return;
  const values = sql.join(
    jobs.map(
      (j) =>
        sql`(${j.kind}, ${j.runAt.toISOString()}::timestamptz, ${JSON.stringify(j.payload ?? {})}::jsonb, ${j.dedupeKey ?? null}, ${j.subjectId ?? null}::uuid)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into jobs (kind, run_at, payload, dedupe_key, subject_id) values ${values}
    on conflict (dedupe_key) do nothing`);
}

/** Drops the jobs of `kind` about `subjectId` that have not run yet (a cancelled or moved appointment's reminders). */
export async function dropPending(tx: DbOrTx, kind: string, subjectId: string): Promise<void> {
  await tx.execute(sql`delete from jobs where subject_id = ${subjectId}::uuid and kind = ${kind} and done_at is null`);
}

/**
 * Claims up to `batch` due jobs of these kinds for `instanceId`, leased for `leaseMs`, and counts
 * the attempt. `for update skip locked`: instances never wait on each other's claims, and a job
 * whose lease has ended (its instance died) is claimed again.
 */
export async function claimDueJobs(
  db: DbOrTx,
  claim: { kinds: string[]; leaseMs: number; instanceId: string; batch: number },
): Promise<JobRow[]> {
  const { kinds, leaseMs, instanceId, batch } = claim;
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  return rowsOf<JobRow>(
    await db.execute(sql`
        update jobs j set locked_until = now() + ${`${leaseMs} milliseconds`}::interval, locked_by = ${instanceId}, attempts = j.attempts + 1
        where j.id in (
          select id from jobs
          where done_at is null and failed_at is null and run_at <= now() and kind in (${kindList})
            and (locked_until is null or locked_until < now())
          order by run_at
          limit ${batch}
          for update skip locked)
        returning j.id, j.kind, j.payload, j.attempts, j.max_attempts, j.run_at::text`),
  );
}

/**
 * Locks the job if it is still neither done nor failed; null otherwise. `for update`: a second
 * runner of the same job waits here until the first commits, then finds it done.
 */
export async function lockUndoneJob(tx: DbOrTx, jobId: string): Promise<{ id: string } | null> {
  const [live] = rowsOf<{ id: string }>(await tx.execute(sql`select id from jobs where id = ${jobId}::uuid and done_at is null and failed_at is null for update`));
  return live ?? null;
}

/** Marks the job done (in the transaction that did its work) and releases its lease. */
export async function markJobDone(tx: DbOrTx, jobId: string): Promise<void> {
  await tx.execute(sql`update jobs set done_at = now(), locked_until = null, last_error = null where id = ${jobId}::uuid`);
}

/**
 * Records a failed run: the error (its first 1000 characters), the lease released, the next try
 * in `delayMs`, and failed for good once its attempts reach `max_attempts`. A job done meanwhile
 * is left alone.
 */
export async function recordJobFailure(db: DbOrTx, jobId: string, message: string, delayMs: number): Promise<void> {
  await db.execute(
    sql`
          update jobs set last_error = ${message.slice(0, 1000)}, locked_until = null, locked_by = null,
            run_at = now() + ${`${delayMs} milliseconds`}::interval,
            failed_at = case when attempts >= max_attempts then now() end
          where id = ${jobId}::uuid and done_at is null`,
  );
}
