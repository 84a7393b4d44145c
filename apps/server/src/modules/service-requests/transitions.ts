import { requestRefusal, SERVICE_REQUEST_RULES, type ServiceRequestAction, type ServiceRequestActionBody, type ServiceRequestStatus } from '@portal/shared';
import type { Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { cancelAppointmentsWithRequest, moveAppointmentsToTechnician, refuseUnassignWhileBooked } from '../appointments/index.js';
import { refreshSlaDue } from './sla-due.js';
import { closeWorkEntry, openWorkEntry } from './work-record-queries.js';
import { enqueueCustomerMail, notify } from '../notifications/index.js';
import { link, publishChange } from './announce.js';
import { actorOf, facts, isStaff, type RequestCaller } from './caller.js';
import { activeAdmins, changeStatus, changesOf, lockActiveTechnician, lockRequest, visibilityOf, type LockedRequest } from './queries.js';
import { storeCompletionSignatures } from './signatures.js';

const DONE: Record<ServiceRequestAction, string> = {
  assign: 'assigned',
  unassign: 'unassigned',
  start: 'started',
  'await-parts': 'put on hold for parts',
  resume: 'resumed',
  complete: 'completed',
  reopen: 'reopened',
  cancel: 'cancelled',
};

/**
 * The translation key (`notifications.sr_<event>`) each action sends the customer and the
 * technicians. The customer's are customer-facing: no parts lines, transfer numbers or staff notes
 * (the technician's note when waiting for parts, the quality check's notes when reopened).
 */
const EVENTS: Record<ServiceRequestAction, { customer: string; technician: string; type: 'info' | 'success' | 'warning' }> = {
  assign: { customer: 'sr_assigned', technician: 'sr_job_assigned', type: 'info' },
  unassign: { customer: 'sr_unassigned', technician: 'sr_job_unassigned', type: 'warning' },
  start: { customer: 'sr_started', technician: 'sr_started', type: 'info' },
  'await-parts': { customer: 'sr_awaiting_parts_customer', technician: 'sr_awaiting_parts', type: 'warning' },
  resume: { customer: 'sr_resumed', technician: 'sr_resumed', type: 'info' },
  complete: { customer: 'sr_completed', technician: 'sr_work_completed', type: 'success' },
  reopen: { customer: 'sr_reopened_customer', technician: 'sr_reopened', type: 'warning' },
  cancel: { customer: 'sr_cancelled', technician: 'sr_cancelled', type: 'warning' },
};

/**
 * One change of the state machine (packages/shared/src/service-requests.ts) in the caller's
 * transaction, with the request row locked: a request the caller may not see is a 404, a role
 * that may never do it a 403, a status that does not allow it a 409 naming the status. Writes
 * the columns, a history row, an audit row for staff, notifies the customer and the
 * technicians concerned (not the actor) and publishes the change. A refusal writes nothing.
 */
export async function applyRequestAction<A extends ServiceRequestAction>(
  tx: Tx,
  caller: RequestCaller,
  id: string,
  action: A,
  body: ServiceRequestActionBody<A>,
): Promise<{ id: string; status: ServiceRequestStatus }> {
  const row = await lockRequest(tx, id, caller.userId, visibilityOf(caller));
  if (!row) throw notFound('Service request');
  refuse(row, caller, action);
  const b = (body ?? {}) as Record<string, unknown>;

  let technician: { id: string; name: string } | null = null;
  if (action === 'assign') {
    // A share lock on the technician: a deactivation (which locks the user row for update and
    // refuses while they hold open work) cannot slip in between this check and the commit.
    const t = await lockActiveTechnician(tx, b.technician_id as string);
    if (!t) throw badRequest({ technician_id: 'invalid' });
    if (t.id === row.technician_id) throw conflict('no_change', `${row.number} is already assigned to ${t.name}`);
    technician = t;
    // Dispatch: a live appointment follows the request to its new technician, or the assignment is refused (409 slot_unavailable).
    await moveAppointmentsToTechnician(tx, id, t, caller.userId);
  }
  if (action === 'unassign') await refuseUnassignWhileBooked(tx, id, row.number);
  if (action === 'cancel') await cancelAppointmentsWithRequest(tx, id, b.reason as string, caller.userId);

  const to = SERVICE_REQUEST_RULES[action].to;
  const note = action === 'assign' ? technician!.name : ((b.note ?? b.reason ?? null) as string | null);
  const changes = changesOf(action, b, caller, technician?.id ?? null);
  // The new status, its columns and the history row in one statement.
  await changeStatus(tx, { id, from: row.status, to, actorId: caller.userId, note, changes });
  await refreshSlaDue(tx, [id]);

  // The work log follows the status: work runs while in progress (issue #10).
  if (action === 'start' || action === 'resume') await openWorkEntry(tx, id, row.technician_id ?? caller.userId);
  if (action === 'await-parts' || action === 'complete' || action === 'cancel') await closeWorkEntry(tx, id);
  if (action === 'complete') await storeCompletionSignatures(tx, caller, row, b);

  if (isStaff(caller)) {
    await audit(tx, {
      actorId: caller.userId,
      action: `service_request.${action}`,
      entity: 'service_request',
      entityId: id,
      before: { status: row.status, technician_id: row.technician_id },
      // Signature images are attachments, not audit text.
      after: { status: to, ...Object.fromEntries(Object.entries(b).filter(([k]) => !k.endsWith('_signature'))) },
      ip: caller.ip,
    });
  }

  const previous = row.technician_id;
  const current = action === 'assign' ? technician!.id : action === 'unassign' ? null : row.technician_id;
  const params: Record<string, string> = {
    number: row.number,
    actor: row.caller_name ?? '',
    customer: row.customer_name,
    technician: (action === 'assign' ? technician!.name : row.technician_name) ?? '',
    status: to,
    ...(note && action !== 'assign' ? { reason: note } : {}),
  };
  const event = EVENTS[action];
  const send = async (userIds: (string | null)[], key: string, p: Record<string, string> = params) => {
    const ids = userIds.filter((u): u is string => !!u && u !== caller.userId);
    if (!ids.length) return;
    await notify(tx, { userIds: ids }, { type: event.type, title: `notifications.${key}.title`, message: `notifications.${key}.message`, params: p, link: link(id) });
  };
  // Only a cancellation's reason is for the customer's eyes; any other note stays with staff (not even in params).
  const { reason: _staffNote, ...customerParams } = params;
  await send([row.customer_id], event.customer, action === 'cancel' ? params : customerParams);
  // The customer's e-mails (issue #28), sent after the commit from the jobs table.
  const mail = action === 'start' && row.location === 'home' ? 'on_the_way' : action === 'await-parts' ? 'pending_parts' : action === 'complete' ? 'completed' : null;
  if (mail) await enqueueCustomerMail(tx, { kind: mail, requestId: id });
  await send([current], event.technician);
  if (previous && previous !== current) await send([previous], 'sr_job_unassigned');
  // Quality check due (PRODUCT.md §7): every active admin hears of completed work.
  if (action === 'complete') {
    await notify(tx, { userIds: await activeAdmins(tx, caller.userId) }, {
      type: 'info',
      title: 'notifications.sr_quality_due.title',
      message: 'notifications.sr_quality_due.message',
      params: customerParams,
      link: link(id),
    });
  }

  await publishChange(tx, 'service_request.updated', { id, status: to, customer_id: row.customer_id }, [current, previous]);
  return { id, status: to };
}

function refuse(row: LockedRequest, caller: RequestCaller, action: ServiceRequestAction) {
  const refusal = requestRefusal(facts(row), actorOf(caller), action);
  if (refusal === 'forbidden') throw forbidden(`You may not ${action} ${row.number}`);
  if (refusal === 'invalid_state') {
    const from = SERVICE_REQUEST_RULES[action].from[caller.role] ?? [];
    throw new AppError(
      409,
      'invalid_state',
      `${row.number} is ${row.status}: only a request that is ${from.join(' or ')} can be ${DONE[action]}`,
      { details: { status: row.status } },
    );
  }
}
