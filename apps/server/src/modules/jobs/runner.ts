import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/**
 * The job scheduler. Every instance polls the `jobs` table; due jobs are claimed with
 * `FOR UPDATE SKIP LOCKED` (instances never wait on each other's claims) and leased for
 * `leaseMs` — at-least-once: a job whose instance died is claimed again when its lease ends.
 * Effects are exactly-once: a handler runs inside a transaction that first re-locks the job and
 * checks it is still not done, and marks it done before committing, so a second run of the same
 * job (an expired lease, a slow instance) finds it done and does nothing. A failure is retried
 * with exponential back-off until `max_attempts`, then the job is marked failed.
 *
 * On PGlite (one connection) the same statements run; claims are trivially exclusive.
 */

export interface JobRow {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  run_at: string;
}

/** Does a job's work in its transaction (use only `tx`). Throwing retries it later. */
export type JobHandler = (tx: Tx, job: JobRow) => Promise<void>;

export interface JobRunnerOptions {
  handlers: Record<string, JobHandler>;
  /** Names this instance in `locked_by`. */
  instanceId?: string;
  pollMs?: number;
  leaseMs?: number;
  /** Jobs claimed per poll. */
  batch?: number;
  /** Retry delay after the nth failure: base × 2^(n−1), at most an hour. */
  backoffBaseMs?: number;
  log?: { error: (obj: object, msg: string) => void; warn?: (obj: object, msg: string) => void };
}

export interface JobRunner {
  readonly instanceId: string;
  /** Claims due jobs (leased to this instance) without running them. */
  claim(): Promise<JobRow[]>;
  /** Runs one claimed job: handler and `done_at` in one transaction; on failure schedules a retry. Returns whether it did the work. */
  run(job: JobRow): Promise<'done' | 'skipped' | 'failed'>;
  /** One poll: claim, then run each claimed job. Returns how many were done. */
  runOnce(): Promise<number>;
  start(): void;
  /** Stops polling and waits for the poll in progress. */
  stop(): Promise<void>;
}

export function createJobRunner(db: Db, opts: JobRunnerOptions): JobRunner {
  const instanceId = opts.instanceId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const pollMs = opts.pollMs ?? 5_000;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const batch = opts.batch ?? 20;
  const backoffBaseMs = opts.backoffBaseMs ?? 30_000;
  const kinds = Object.keys(opts.handlers);
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<unknown> | null = null;
  let stopped = false;

  async function claim(): Promise<JobRow[]> {
    if (!kinds.length) return [];
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

  async function run(job: JobRow): Promise<'done' | 'skipped' | 'failed'> {
    const handler = opts.handlers[job.kind];
    try {
      return await db.transaction(async (tx) => {
        // Still undone? A second runner of the same job waits here for the first and then skips.
        const [live] = rowsOf<{ id: string }>(await tx.execute(sql`select id from jobs where id = ${job.id}::uuid and done_at is null and failed_at is null for update`));
        if (!live || !handler) return 'skipped' as const;
        await handler(tx, job);
        await tx.execute(sql`update jobs set done_at = now(), locked_until = null, last_error = null where id = ${job.id}::uuid`);
        return 'done' as const;
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const delay = Math.min(backoffBaseMs * 2 ** Math.max(0, job.attempts - 1), 3_600_000);
      opts.log?.error({ err, job: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
      await db
        .execute(
          sql`
          update jobs set last_error = ${message.slice(0, 1000)}, locked_until = null, locked_by = null,
            run_at = now() + ${`${delay} milliseconds`}::interval,
            failed_at = case when attempts >= max_attempts then now() end
          where id = ${job.id}::uuid and done_at is null`,
        )
        .catch((e: unknown) => opts.log?.error({ err: e, job: job.id }, 'could not record the job failure'));
      return 'failed';
    }
  }

  async function runOnce(): Promise<number> {
    let done = 0;
    for (const job of await claim()) if ((await run(job)) === 'done') done++;
    return done;
  }

  const tick = () => {
    if (stopped || current) return;
    current = runOnce()
      .catch((err: unknown) => opts.log?.error({ err }, 'job poll failed'))
      .finally(() => {
        current = null;
      });
  };

  return {
    instanceId,
    claim,
    run,
    runOnce,
    start() {
      if (timer || stopped) return;
      timer = setInterval(tick, pollMs);
      timer.unref();
      const first = setTimeout(tick, Math.min(pollMs, 1_000));
      first.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await current;
    },
  };
}
