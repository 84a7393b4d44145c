import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

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
