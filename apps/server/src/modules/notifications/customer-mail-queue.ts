import type { EmailKind } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { enqueue } from '../jobs/index.js';

/** The job kind of a customer e-mail (issue #28); its handler is the customer-mail module's. */
export const CUSTOMER_MAIL_JOB = 'customer_mail';

/** What happened to an appointment, for the `appointment` kind's mail. */
export type AppointmentMailEvent = 'booked' | 'rescheduled' | 'cancelled';

/** A customer e-mail's job payload: what happened; the handler reads the rest when it runs. */
export interface CustomerMailEvent {
  kind: EmailKind;
  requestId: string;
  appointmentId?: string;
  /** The `appointment` kind: booked, rescheduled or cancelled. */
  event?: AppointmentMailEvent;
  /** The appointment's start the mail is about (reminders and changes): a later move makes it stale. */
  startsAt?: string;
  /**
   * Scheduling the same key twice mails once. Given where one event could be raised twice (a
   * request is received once; a reminder job that runs again); a state change that happens twice
   * (waiting for parts again after a resume) is two events, so those pass none.
   */
  dedupeKey?: string;
}

/**
 * Queues a customer e-mail in the caller's transaction: the action never waits for, nor fails
 * with, the mail server — the job is sent after the commit by whichever instance claims it, and
 * exists only if the action commits.
 */
export async function enqueueCustomerMail(tx: DbOrTx, e: CustomerMailEvent): Promise<void> {
  const { dedupeKey, ...payload } = e;
  await enqueue(tx, [
    {
      kind: CUSTOMER_MAIL_JOB,
      runAt: new Date(),
      payload: { ...payload },
      ...(dedupeKey ? { dedupeKey: `${CUSTOMER_MAIL_JOB}:${dedupeKey}` } : {}),
      subjectId: e.requestId,
    },
  ]);
}
