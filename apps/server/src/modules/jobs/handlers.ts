import type { AppContext } from '../../context.js';
import { REMINDER_JOB, reminderJob } from '../appointments/service.js';
import { createJobRunner, type JobHandler, type JobRunner, type JobRunnerOptions } from './runner.js';

/** Every kind of job the server runs (an SLA-breach check joins here). */
export const JOB_HANDLERS: Record<string, JobHandler> = {
  [REMINDER_JOB]: reminderJob,
};

/** Starts this instance's job runner (every instance runs one); returns it, to stop on close. */
export function startJobs(ctx: Pick<AppContext, 'db' | 'log'>, opts: Partial<JobRunnerOptions> = {}): JobRunner {
  const runner = createJobRunner(ctx.db, { handlers: JOB_HANDLERS, log: ctx.log, ...opts });
  runner.start();
  return runner;
}
