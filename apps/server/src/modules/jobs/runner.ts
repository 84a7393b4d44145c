import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Db, Tx } from '../../db/client.js';
import { claimDueJobs, lockUndoneJob, markJobDone, recordJobFailure, type JobRow } from './queries.js';

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
    return claimDueJobs(db, { kinds, leaseMs, instanceId, batch });
  }

  async function run(job: JobRow): Promise<'done' | 'skipped' | 'failed'> {
    const handler = opts.handlers[job.kind];
    try {
      return await db.transaction(async (tx) => {
        // Still undone? A second runner of the same job waits here for the first and then skips.
        const live = await lockUndoneJob(tx, job.id);
        if (!live || !handler) return 'skipped' as const;
        await handler(tx, job);
        await markJobDone(tx, job.id);
        return 'done' as const;
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const delay = Math.min(backoffBaseMs * 2 ** Math.max(0, job.attempts - 1), 3_600_000);
      opts.log?.error({ err, job: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
      await recordJobFailure(db, job.id, message, delay)
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
