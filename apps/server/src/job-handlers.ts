import type { AppContext } from './context.js';
import { REMINDER_JOB, reminderJob } from './modules/appointments/index.js';
import { SLA_CHECK_EVERY_MS, SLA_CHECK_JOB, scheduleSlaCheck, slaCheckJob } from './modules/dispatch/index.js';
import { scheduleBackup, createBackupService, type BackupContext, BACKUP_JOB } from './modules/backup/index.js';
import { createJobRunner, type JobHandler, type JobRunner, type JobRunnerOptions } from './modules/jobs/index.js';
import { customerMailJob } from './modules/customer-mail/index.js';
import { CUSTOMER_MAIL_JOB } from './modules/notifications/index.js';

/** Every kind of job the server runs that needs nothing but its transaction. */
export const JOB_HANDLERS: Record<string, JobHandler> = {
  [REMINDER_JOB]: reminderJob,
  [SLA_CHECK_JOB]: slaCheckJob,
};

/** Every kind of job, including those that need the instance (scheduled backups write files, customer e-mails need the mailer). */
export function jobHandlersFor(ctx: BackupContext & Pick<AppContext, 'mailer'>): Record<string, JobHandler> {
  const backups = createBackupService(ctx);
  return {
    ...JOB_HANDLERS,
    [CUSTOMER_MAIL_JOB]: customerMailJob(ctx),
    [BACKUP_JOB]: async (tx, job) => {
      await backups.runScheduled(tx, job);
    },
  };
}

/**
 * Starts this instance's job runner (every instance runs one); returns it, to stop on close.
 * Recurring jobs: every instance enqueues each minute the current minute's SLA check and the
 * next scheduled backup's slot, each with a dedupe key (`sla_check:<minute>`, `backup:<slot>`),
 * so each runs once however many instances run.
 */
export function startJobs(ctx: Pick<AppContext, 'db' | 'log' | 'config' | 'database' | 'mailer'>, opts: Partial<JobRunnerOptions> = {}): JobRunner {
  const runner = createJobRunner(ctx.db, { handlers: jobHandlersFor(ctx), log: ctx.log, ...opts });
  const recur = async () => {
    await scheduleSlaCheck(ctx.db).catch((err: unknown) => ctx.log.error({ err }, 'could not schedule the SLA check'));
    await scheduleBackup(ctx.db).catch((err: unknown) => ctx.log.error({ err }, 'could not schedule the next backup'));
  };
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
