import type { AppContext } from '../../context.js';
import { REMINDER_JOB, reminderJob } from '../appointments/service.js';
import { SLA_CHECK_EVERY_MS, SLA_CHECK_JOB, scheduleSlaCheck, slaCheckJob } from '../dispatch/sla-check.js';
import { createJobRunner, type JobHandler, type JobRunner, type JobRunnerOptions } from './runner.js';

/** Every kind of job the server runs. */
export const JOB_HANDLERS: Record<string, JobHandler> = {
  [REMINDER_JOB]: reminderJob,
  [SLA_CHECK_JOB]: slaCheckJob,
};

/**
 * Starts this instance's job runner (every instance runs one); returns it, to stop on close.
 * Recurring checks: every instance enqueues the current minute's SLA check each minute, with a
 * dedupe key per minute, so each minute is checked once however many instances run.
 */
export function startJobs(ctx: Pick<AppContext, 'db' | 'log'>, opts: Partial<JobRunnerOptions> = {}): JobRunner {
  const runner = createJobRunner(ctx.db, { handlers: JOB_HANDLERS, log: ctx.log, ...opts });
  const recur = () => scheduleSlaCheck(ctx.db).catch((err: unknown) => ctx.log.error({ err }, 'could not schedule the SLA check'));
  void recur();
  const timer = setInterval(() => void recur(), SLA_CHECK_EVERY_MS);
  timer.unref();
  runner.start();
  const stop = runner.stop.bind(runner);
  return Object.assign(runner, {
    stop: async () => {
      clearInterval(timer);
      await stop();
    },
  });
}
