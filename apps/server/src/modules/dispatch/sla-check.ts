import type { DbOrTx } from '../../db/client.js';
import { enqueue, type JobHandler } from '../jobs/index.js';
import { notify } from '../notifications/index.js';
import { fillMissingSlaDue, slaOfRow, slaRulesOf } from '../service-requests/index.js';
import { activeAdminIds, deleteDoneJobsOlderThanADay, findSlaCandidates, insertSlaBreaches } from './queries.js';

/**
 * The SLA-breach check (PRODUCT.md §7: the admins hear of a breach once). A job of this kind
 * runs every minute: each instance's runner enqueues the current minute's check with a dedupe
 * key (`sla_check:<minute>`), so the minute is checked once across instances and a failed or
 * missed check is made up for by the next one.
 *
 * A check looks only at requests whose running clock could have run out — paused ones (waiting
 * for parts: the clock stands still) are left out, and so are those whose stored due time
 * (`sla_due_at`, service-requests/sla-due.ts) is still ahead — and that are not yet recorded as breached.
 * Without those two rules, the oldest requests that are past their target in wall-clock hours but
 * not in working hours, or paused for weeks, filled every batch and held back newer breaches
 * indefinitely. What remains uncertain (the resolution of a request never answered, whose stored
 * due time is the response's; a row whose due time is not filled in yet) is judged by wall-clock
 * hours and becomes a breach soon. Each candidate's clocks are computed as the dispatch page does;
 * each new breach is a row of `sla_breaches` (primary key request × target) inserted in the job's
 * transaction with the admins' notification — inserted only once, so notified only once.
 *
 * (A breach that happened just before a request was paused and went unnoticed — the check not
 * running at the time — is found when work resumes.)
 */
export const SLA_CHECK_JOB = 'sla_check';
export const SLA_CHECK_EVERY_MS = 60_000;
/**
 * At most this many requests per check, oldest first: a backlog (the first check over a year of
 * data) drains over a few minutes instead of holding one transaction and the event loop.
 */
export const SLA_CHECK_BATCH = 500;
/** More new breaches than this in one check are told as one notification with their count. */
export const SLA_NOTIFY_ONE_BY_ONE = 5;

/** Schedules the check of the minute `now` falls in (idempotent across instances). */
export async function scheduleSlaCheck(db: DbOrTx, now = Date.now()): Promise<void> {
  const minute = Math.floor(now / SLA_CHECK_EVERY_MS) * SLA_CHECK_EVERY_MS;
  await enqueue(db, [{ kind: SLA_CHECK_JOB, runAt: new Date(minute), dedupeKey: `${SLA_CHECK_JOB}:${new Date(minute).toISOString()}` }]);
}

/** Records and notifies the breaches found at `now`; returns them (tests). */
export async function checkSlaBreaches(tx: DbOrTx, now = Date.now(), batch = SLA_CHECK_BATCH): Promise<{ id: string; target: 'response' | 'resolution' }[]> {
  const rules = await slaRulesOf(tx);
  const candidates = await findSlaCandidates(tx, rules.targets, now, batch);
  const found: { id: string; number: string; target: 'response' | 'resolution'; due: string }[] = [];
  for (const r of candidates) {
    const sla = slaOfRow(r, rules, now);
    // Only a clock still running: a response given late is history, not news.
    if (!r.response_noted && r.first_response_ms == null && sla.response.state === 'breached') found.push({ id: r.id, number: r.number, target: 'response', due: sla.response.due_at! });
    if (!r.resolution_noted && sla.resolution.state === 'breached') found.push({ id: r.id, number: r.number, target: 'resolution', due: sla.resolution.due_at! });
  }
  if (!found.length) return [];
  // Inserted only once (on conflict do nothing): only what this check inserted is notified.
  const inserted = await insertSlaBreaches(tx, found);
  if (!inserted.length) return [];
  const admins = await activeAdminIds(tx);
  if (inserted.length > SLA_NOTIFY_ONE_BY_ONE) {
    // A backlog (the first check over old data, a long outage): one notification, not hundreds.
    await notify(tx, { userIds: admins }, {
      type: 'error',
      title: 'notifications.sla_breached.many_title',
      message: 'notifications.sla_breached.many_message',
      params: { count: inserted.length },
      link: '/dashboard/service-orders',
    });
    return inserted.map((b) => ({ id: b.request_id, target: b.target }));
  }
  for (const b of inserted) {
    const f = found.find((x) => x.id === b.request_id && x.target === b.target)!;
    await notify(tx, { userIds: admins }, {
      type: 'error',
      title: `notifications.sla_breached.${b.target}_title`,
      message: `notifications.sla_breached.${b.target}_message`,
      params: { number: f.number },
      times: { due: f.due },
      link: `/dashboard/service-requests/${b.request_id}`,
    });
  }
  return inserted.map((b) => ({ id: b.request_id, target: b.target }));
}

/** Done checks are kept a day (for inspection), then dropped: once an hour, the jobs table does not grow by 1,440 rows a day. */
async function pruneChecks(tx: DbOrTx): Promise<void> {
  await deleteDoneJobsOlderThanADay(tx, SLA_CHECK_JOB);
}

export const slaCheckJob: JobHandler = async (tx, job) => {
  await fillMissingSlaDue(tx);
  await checkSlaBreaches(tx);
  if (new Date(job.run_at).getUTCMinutes() === 0) await pruneChecks(tx);
};
