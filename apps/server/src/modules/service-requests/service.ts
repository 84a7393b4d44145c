import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  feedbackAllowed,
  requestActions,
  requestRefusal,
  scopeOf,
  SERVICE_REQUEST_RULES,
  type ServiceRequestAction,
  type ServiceRequestActionBody,
  type ServiceRequestActor,
  type ServiceRequestStatus,
  type TBulkRequest,
  type TBulkResult,
  type TCreateServiceRequest,
  type TFeedbackRequest,
  type TServiceRequest,
  type TServiceRequestList,
  type TServiceRequestListQuery,
  type TServiceRequestOptions,
  type TServiceRequestSummary,
  INVITATION_TTL_DAYS,
  type Language,
  type WorkFacts,
  workActions,
} from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { attachments, customers, serviceRequestHistory, serviceRequests, users } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { nextNumber } from '../../lib/numbers.js';
import { rowsOf } from '../inventory/ledger.js';
import { welcomeMail } from '../../mail/templates.js';
import { randomToken } from '../auth/crypto.js';
import { invitationLink, issueInvitation } from '../auth/invitation.js';
import { publishUsersChanged } from '../auth/queries.js';
import { insertAccount } from '../users/accounts.js';
import { notify } from '../notifications/service.js';
import { audienceFor, publish } from '../realtime/events.js';
import { getSettings } from '../settings/service.js';
import { closeWorkEntry, openWorkEntry } from '../field-work/queries.js';
import { cancelAppointmentsWithRequest, moveAppointmentsToTechnician, refuseUnassignWhileBooked } from '../appointments/follow.js';
import { refreshSlaDue } from '../dispatch/sla-due.js';
import {
  findRequest,
  listRequests,
  lockRequest,
  requestQuery,
  searchTextOf,
  visibilityOf,
  type DetailRow,
  type ListQueryInput,
  type ListRequestsOptions,
  type LockedRequest,
  type SummaryRow,
  visibleSql,
} from './queries.js';

export { listStatement, visibilityOf } from './queries.js';

/** Who acts on requests: what services need of the caller (the demo seed and the benchmark pass their own). */
export type RequestCaller = Pick<Actor, 'userId' | 'role' | 'ip'>;

const STAFF = new Set(['technician', 'admin', 'whs_supervisor']);
const isStaff = (caller: RequestCaller) => STAFF.has(caller.role);
const link = (id: string) => `/dashboard/service-requests/${id}`;
const actorOf = (caller: RequestCaller): ServiceRequestActor => ({ userId: caller.userId, role: caller.role });
const facts = (r: { status: ServiceRequestStatus; customer_id: string; technician_id: string | null }) => ({
  status: r.status,
  customer_id: r.customer_id,
  technician_id: r.technician_id,
});

/** What the shared work rules (packages/shared/src/field-work.ts) need of a detail row. */
export const workFactsOf = (r: DetailRow): WorkFacts => ({
  status: r.status,
  technician_id: r.technician_id,
  work_running: r.work_log.some((w) => w.ended_at === null),
  checked_since_completion: r.checked_since_completion,
  has_van: r.van_id !== null,
});

export function summaryOf(r: SummaryRow, actor: ServiceRequestActor): TServiceRequestSummary {
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    priority: r.priority,
    location: r.location,
    service_type: r.service_type,
    fault_type: r.fault_type,
    problem_description: r.problem_description,
    request_date: r.request_date,
    updated_at: r.updated_at,
    customer: { id: r.customer_id, name: r.customer_name },
    technician: r.technician_id ? { id: r.technician_id, name: r.technician_name ?? '' } : null,
    device: { brand: r.device_brand, model: r.device_model, serial_number: r.device_serial },
    assigned_at: r.assigned_at,
    first_response_at: r.first_response_at,
    completed_at: r.completed_at,
    rating: r.rating,
    allowed_actions: requestActions(facts(r), actor),
  };
}

function detailOf(r: DetailRow, actor: ServiceRequestActor): TServiceRequest {
  const summary = summaryOf(r, actor);
  return {
    ...summary,
    address: r.address,
    additional_notes: r.additional_notes,
    device: {
      brand: r.device_brand,
      model: r.device_model,
      serial_number: r.device_serial,
      warranty_status: r.warranty_status,
      warranty_number: r.warranty_number,
      warranty_expiry: r.warranty_expiry,
    },
    customer: { id: r.customer_id, name: r.customer_name, email: r.customer_email, mobile_number: r.customer_mobile },
    technician: r.technician_id ? { id: r.technician_id, name: r.technician_name ?? '', mobile: r.technician_mobile } : null,
    work: {
      started_at: r.started_at,
      completed_at: r.completed_at,
      diagnosis: r.diagnosis,
      resolution: r.resolution,
      awaiting_parts_note: r.awaiting_parts_note,
      symptoms: r.symptoms,
      diagnostic_notes: r.diagnostic_notes,
      labor_hours: r.labor_hours,
      work_log: r.work_log,
      open_entry_id: r.work_log.find((w) => w.ended_at === null)?.id ?? null,
      duration_seconds: r.work_log.reduce((sum, w) => sum + w.seconds, 0),
      parts: r.parts,
      parts_totals: r.parts_totals,
      awaiting_transfer: r.awaiting_transfer,
      attachments: r.attachments,
      van_id: r.van_id,
    },
    quality_check: r.qc_result && r.qc_at ? { result: r.qc_result, notes: r.qc_notes, checked_by: r.qc_by ? { id: r.qc_by, name: r.qc_by_name ?? '' } : null, checked_at: r.qc_at } : null,
    work_actions: workActions(workFactsOf(r), actor),
    cancellation:
      r.cancelled_at && r.cancel_reason !== null
        ? { reason: r.cancel_reason, at: r.cancelled_at, by: r.cancelled_by ? { id: r.cancelled_by, name: r.cancelled_by_name ?? '' } : null }
        : null,
    feedback:
      r.feedback_at && r.rating !== null
        ? {
            rating: r.rating,
            feedback: r.feedback,
            given_at: r.feedback_at,
            signature_url: r.signature_id ? `/api/service-requests/${r.id}/attachments/${r.signature_id}` : null,
          }
        : null,
    feedback_allowed: feedbackAllowed({ ...facts(r), has_feedback: r.feedback_at !== null }, actor),
    history: r.history.map((h) => ({
      from_status: h.from_status,
      to_status: h.to_status,
      actor: h.actor_id ? { id: h.actor_id, name: h.actor_name ?? '', role: h.actor_role ?? '' } : null,
      note: h.note,
      at: h.at,
    })),
    device_history: r.device_history,
  };
}

/** The request as the caller sees it now (one statement), or 404. */
export async function loadRequest(db: DbOrTx, caller: RequestCaller, id: string): Promise<TServiceRequest> {
  const row = await findRequest(db, id, visibilityOf(caller));
  if (!row) throw notFound('Service request');
  return detailOf(row, actorOf(caller));
}

async function activeAdmins(tx: DbOrTx, except: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.active, true), eq(users.role, 'admin'), ne(users.id, except)));
  return rows.map((r) => r.id);
}

export async function publishChange(tx: Tx, event: string, r: { id: string; status: ServiceRequestStatus; customer_id: string }, technicians: (string | null)[]) {
  await publish(tx, {
    topic: 'service_requests',
    event,
    audience: audienceFor('read:service_request', { own: [r.customer_id], assigned: technicians }),
    payload: { ids: [r.id], status: r.status },
  });
}

/** A customer an admin created on the spot: their welcome link is mailed after the commit. */
export interface Invitation {
  user: { name: string; email: string; language: Language };
  code: string;
  verifier: string;
}

async function customerFor(tx: Tx, caller: RequestCaller, input: TCreateServiceRequest): Promise<{ id: string; name: string; invitation?: Invitation }> {
  const scope = scopeOf(caller.role, 'create:service_request');
  if (scope === 'own') {
    if ((input.customer_id && input.customer_id !== caller.userId) || input.new_customer) {
      throw forbidden('You can raise service requests only for yourself');
    }
    const [me] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, caller.userId));
    if (!me) throw notFound('User');
    return me;
  }
  if (scope !== 'any') throw forbidden('You may not raise service requests');
  if (input.customer_id) {
    const [c] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.id, input.customer_id), eq(users.role, 'customer'), eq(users.active, true)));
    if (!c) throw badRequest({ customer_id: 'invalid' });
    return c;
  }
  if (!input.new_customer) throw badRequest({ customer_id: 'required' });
  const nc = input.new_customer;
  const emailTaken = () => new AppError(409, 'email_taken', 'An account with this email already exists', { fields: { 'new_customer.email': 'invalid' } });
  try {
    // A password nobody knows (not even an argon2 hash, which would take hashing inside the
    // transaction): the customer chooses theirs through the welcome link (decision 005).
    const user = await insertAccount(tx, { name: nc.name, email: nc.email, mobile: nc.mobile_number, role: 'customer', passwordHash: `!unusable:${randomToken()}` });
    if (nc.default_address) await tx.update(customers).set({ defaultAddress: nc.default_address }).where(eq(customers.userId, user.id));
    const { code, verifier } = await issueInvitation(tx, user.id);
    await audit(tx, { actorId: caller.userId, action: 'user.created', entity: 'user', entityId: user.id, after: { email: nc.email, name: nc.name, role: 'customer' }, ip: caller.ip });
    await publishUsersChanged(tx, [user.id]);
    return { id: user.id, name: user.name, invitation: { user: { name: user.name, email: user.email, language: user.language }, code, verifier } };
  } catch (err) {
    if (isUniqueViolation(err) || (err instanceof AppError && err.code === 'email_taken')) throw emailTaken();
    throw err;
  }
}

/**
 * Raises a pending request in the caller's transaction: a customer for themselves, an admin for
 * any customer (or a new one). Writes the history's first row, an audit row for staff,
 * notifies the customer and the other admins, and publishes the change. Returns the detail as
 * the caller sees it.
 */
export async function createServiceRequest(tx: Tx, caller: RequestCaller, input: TCreateServiceRequest): Promise<TServiceRequest> {
  return (await raiseRequest(tx, caller, input)).request;
}

/**
 * createServiceRequest, and the welcome invitation of a customer created on the spot. A booking
 * passes the technician it reserved (PRODUCT.md §4: "(new) → assigned, the booking reserved a
 * free technician"): the request then starts `assigned` to them — its history begins there, it
 * never was pending, so its first response is still to come.
 */
export async function raiseRequest(
  tx: Tx,
  caller: RequestCaller,
  input: TCreateServiceRequest,
  reserved?: { id: string; name: string },
): Promise<{ request: TServiceRequest; invitation?: Invitation }> {
  const { service_types, fault_types } = await getSettings(tx, ['service_types', 'fault_types']);
  const bad: Record<string, 'invalid'> = {};
  if (!service_types.some((t) => t.code === input.service_type)) bad.service_type = 'invalid';
  if (!fault_types.some((t) => t.code === input.fault_type)) bad.fault_type = 'invalid';
  // A customer naming someone else is refused before their input is judged.
  if (scopeOf(caller.role, 'create:service_request') === 'own' && ((input.customer_id && input.customer_id !== caller.userId) || input.new_customer)) {
    throw forbidden('You can raise service requests only for yourself');
  }
  if (Object.keys(bad).length) throw badRequest(bad);
  const customer = await customerFor(tx, caller, input);

  // Drawn late: the counter row stays locked until commit.
  const number = await nextNumber(tx, 'service_request', 'SR');
  const d = input.device;
  const [created] = await tx
    .insert(serviceRequests)
    .values({
      number,
      customerId: customer.id,
      ...(reserved ? { status: 'assigned' as const, technicianId: reserved.id, assignedAt: sql`now()` } : {}),
      priority: input.priority,
      location: input.location,
      address: input.address,
      serviceType: input.service_type,
      faultType: input.fault_type,
      problemDescription: input.problem_description,
      additionalNotes: input.additional_notes,
      deviceBrand: d.brand,
      deviceModel: d.model,
      deviceSerial: d.serial_number,
      warrantyStatus: d.warranty_status,
      warrantyNumber: d.warranty_number,
      warrantyExpiry: d.warranty_expiry,
      createdBy: caller.userId,
      searchText: searchTextOf({ number, serial: d.serial_number, brand: d.brand, model: d.model, problem: input.problem_description }),
    })
    .returning({ id: serviceRequests.id });
  const id = created!.id;
  const status: ServiceRequestStatus = reserved ? 'assigned' : 'pending';
  await tx
    .insert(serviceRequestHistory)
    .values({ requestId: id, fromStatus: null, toStatus: status, actorId: caller.userId, note: reserved?.name ?? null, createdAt: sql`clock_timestamp()` });
  await refreshSlaDue(tx, [id]);
  if (isStaff(caller)) {
    await audit(tx, {
      actorId: caller.userId,
      action: 'service_request.created',
      entity: 'service_request',
      entityId: id,
      after: { number, customer_id: customer.id, ...input, new_customer: undefined, ...(reserved ? { status, technician_id: reserved.id } : {}) },
      ip: caller.ip,
    });
  }
  const [actor] = await tx.select({ name: users.name }).from(users).where(eq(users.id, caller.userId));
  const params = { number, customer: customer.name, actor: actor?.name ?? '', device: `${d.brand} ${d.model}` };
  // A booking reserved its technician on the spot: the customer is told who is coming, not "soon".
  await notify(tx, { userIds: [customer.id] }, {
    type: 'success',
    title: 'notifications.sr_created.title',
    message: reserved ? 'notifications.sr_created.message_assigned' : 'notifications.sr_created.message',
    params: reserved ? { ...params, technician: reserved.name } : params,
    link: link(id),
  });
  await notify(tx, { userIds: (await activeAdmins(tx, caller.userId)).filter((a) => a !== customer.id) }, {
    type: 'info',
    title: 'notifications.sr_new.title',
    message: 'notifications.sr_new.message',
    params,
    link: link(id),
  });
  // A booking's technician hears of it once, from the appointment (appointment_job_booked).
  await publishChange(tx, 'service_request.created', { id, status, customer_id: customer.id }, [reserved?.id ?? null]);
  return { request: await loadRequest(tx, caller, id), invitation: customer.invitation };
}

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

/** What each action writes besides status and updated_at. */
function changesOf(action: ServiceRequestAction, body: Record<string, unknown>, caller: RequestCaller, technicianId: string | null): SQL | null {
  switch (action) {
    case 'assign':
      return sql`technician_id = ${technicianId}::uuid, assigned_at = now(), first_response_at = coalesce(first_response_at, now())`;
    case 'unassign':
      return sql`technician_id = null, assigned_at = null`;
    case 'start':
      return sql`started_at = coalesce(started_at, now()), first_response_at = coalesce(first_response_at, now())`;
    case 'await-parts':
      return sql`awaiting_parts_note = ${body.note as string}, ever_pending_parts = true`;
    case 'resume':
      return null;
    case 'complete':
      return sql`completed_at = now(), diagnosis = ${body.diagnosis as string}, resolution = ${body.resolution as string}`;
    case 'reopen':
      return sql`reopen_count = reopen_count + 1, completed_at = null`;
    case 'cancel':
      return sql`cancel_reason = ${body.reason as string}, cancelled_by = ${caller.userId}::uuid, cancelled_at = now()`;
  }
}

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
    const [t] = rowsOf<{ id: string; name: string }>(
      await tx.execute(sql`
        select u.id, u.name from users u join technicians t on t.user_id = u.id
        where u.id = ${b.technician_id as string}::uuid and u.role = 'technician' and u.active and t.active
        for share of u`),
    );
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
  await tx.execute(sql`
    with changed as (
      update service_requests set status = ${to}::service_request_status, updated_at = now()${changes ? sql`, ${changes}` : sql``}
      where id = ${id}::uuid returning id)
    insert into service_request_history (request_id, from_status, to_status, actor_id, note, created_at)
    select id, ${row.status}::service_request_status, ${to}::service_request_status, ${caller.userId}::uuid, ${note}, clock_timestamp() from changed`);
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

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A signature data URL's PNG bytes, checked by their magic number (400 on the field otherwise). */
function signaturePng(dataUrl: string, field: string): Buffer {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (png.length < PNG_SIGNATURE.length + 12 || !png.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) throw badRequest({ [field]: 'invalid' });
  return png;
}

/** Stores a request's signature of one kind, replacing the one it had (one per kind and request). */
export async function storeSignature(tx: Tx, requestId: string, kind: 'customer_signature' | 'technician_signature', png: Buffer, by: string): Promise<void> {
  await tx.execute(sql`delete from attachments where request_id = ${requestId}::uuid and kind = ${kind}`);
  await tx.insert(attachments).values({ requestId, kind, contentType: 'image/png', size: png.length, data: png, createdBy: by });
}

/**
 * The signatures captured on the technician's device when the work is completed: the
 * technician's own is required when a technician completes, and the customer's too unless the
 * service was remote (the customer is not there to sign). An admin completing may give them.
 */
async function storeCompletionSignatures(tx: Tx, caller: RequestCaller, row: LockedRequest, b: Record<string, unknown>) {
  const technicianSig = b.technician_signature as string | null | undefined;
  const customerSig = b.customer_signature as string | null | undefined;
  if (caller.role === 'technician') {
    const missing: Record<string, 'required'> = {};
    if (!technicianSig) missing.technician_signature = 'required';
    if (!customerSig && row.location !== 'remote') missing.customer_signature = 'required';
    if (Object.keys(missing).length) throw badRequest(missing);
  }
  if (technicianSig) await storeSignature(tx, row.id, 'technician_signature', signaturePng(technicianSig, 'technician_signature'), caller.userId);
  if (customerSig) await storeSignature(tx, row.id, 'customer_signature', signaturePng(customerSig, 'customer_signature'), caller.userId);
}

/**
 * The customer's feedback on their own completed request, once: rating, text and the signature
 * image (a PNG, stored as an attachment). Notifies the technician and the admins.
 */
export async function giveFeedback(tx: Tx, caller: RequestCaller, id: string, body: TFeedbackRequest): Promise<{ id: string }> {
  const row = await lockRequest(tx, id, caller.userId, visibilityOf(caller));
  if (!row) throw notFound('Service request');
  if (!feedbackAllowed({ ...facts(row), has_feedback: row.has_feedback }, actorOf(caller))) {
    if (row.has_feedback) throw conflict('feedback_given', `Feedback on ${row.number} was already given`);
    if (row.status !== 'completed') {
      throw new AppError(409, 'invalid_state', `${row.number} is ${row.status}: feedback is given on a completed request`, { details: { status: row.status } });
    }
    throw forbidden('Only the customer gives feedback on their request');
  }
  // Signed already on the technician's device at completion: a new signature is optional and replaces it.
  if (body.signature) await storeSignature(tx, id, 'customer_signature', signaturePng(body.signature, 'signature'), caller.userId);
  else if (!row.has_customer_signature) throw badRequest({ signature: 'required' });
  await tx
    .update(serviceRequests)
    .set({ rating: body.rating, feedback: body.feedback, feedbackAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(serviceRequests.id, id));
  if (isStaff(caller)) {
    await audit(tx, { actorId: caller.userId, action: 'service_request.feedback', entity: 'service_request', entityId: id, after: { rating: body.rating }, ip: caller.ip });
  }
  const recipients = [row.technician_id, ...(await activeAdmins(tx, caller.userId))].filter((u): u is string => !!u && u !== caller.userId);
  await notify(tx, { userIds: recipients }, {
    type: body.rating >= 4 ? 'success' : body.rating <= 2 ? 'warning' : 'info',
    title: 'notifications.sr_feedback.title',
    message: 'notifications.sr_feedback.message',
    params: { number: row.number, customer: row.customer_name, actor: row.caller_name ?? '', rating: body.rating },
    link: link(id),
  });
  await publishChange(tx, 'service_request.updated', { id, status: row.status, customer_id: row.customer_id }, [row.technician_id]);
  return { id };
}

/** The body a bulk action passes to each request. */
function bulkBody(input: TBulkRequest) {
  if (input.action === 'assign') return { technician_id: input.technician_id! };
  if (input.action === 'cancel') return { reason: input.reason! };
  return { note: input.note };
}

/** The welcome mail of a customer created on the spot, after the commit; a failure is logged, not undone (they can still use "forgot password"). */
export async function mailInvitation(ctx: AppContext, invitation: Invitation): Promise<void> {
  const link = invitationLink(ctx.config.publicOrigin, invitation);
  const { company_name } = await getSettings(ctx.db, ['company_name']);
  const mail = welcomeMail({ ...invitation.user, link, company: company_name, days: INVITATION_TTL_DAYS });
  await ctx.mailer.send({ to: invitation.user.email, ...mail, links: [link] }).catch((err) => ctx.log.error({ err }, 'could not send the welcome mail'));
}

export function createServiceRequestService(ctx: AppContext) {
  const { db } = ctx;

  /** The detail as the caller sees it, read after the change committed (outside its locks). */
  async function get(caller: RequestCaller, id: string): Promise<TServiceRequest> {
    const visibility = visibilityOf(caller);
    // A hot read: a named prepared statement per visibility scope.
    const [row] = await ctx.database.prepared<DetailRow>(`service_request_detail_${visibility.scope}`, requestQuery(id, visibility));
    if (!row) throw notFound('Service request');
    return detailOf(row, actorOf(caller));
  }

  return {
    get,

    async options(caller: RequestCaller): Promise<TServiceRequestOptions> {
      const lists = await getSettings(db, ['service_types', 'fault_types']);
      const [own] = await db.select({ address: customers.defaultAddress }).from(customers).where(eq(customers.userId, caller.userId));
      return { ...lists, default_address: own?.address ?? null };
    },

    async create(caller: RequestCaller, input: TCreateServiceRequest): Promise<TServiceRequest> {
      const { request, invitation } = await db.transaction((tx) => raiseRequest(tx, caller, input));
      if (invitation) await mailInvitation(ctx, invitation);
      return request;
    },

    async list(caller: RequestCaller, q: TServiceRequestListQuery, opts: ListRequestsOptions = {}): Promise<TServiceRequestList> {
      const page = await listRequests(ctx.database, caller, q, opts);
      const actor = actorOf(caller);
      return { items: page.rows.map((r) => summaryOf(r, actor)), next_cursor: page.next_cursor, total: page.total, total_capped: page.total_capped };
    },

    /** Every matching request (at most `max`), for the CSV export: same filters and sort. */
    async listAll(caller: RequestCaller, q: Omit<ListQueryInput, 'limit' | 'cursor'>, max: number): Promise<TServiceRequestSummary[]> {
      const page = await listRequests(ctx.database, caller, { ...q, limit: max }, { countCap: 0 });
      const actor = actorOf(caller);
      return page.rows.map((r) => summaryOf(r, actor));
    },

    async act<A extends ServiceRequestAction>(caller: RequestCaller, id: string, action: A, body: ServiceRequestActionBody<A>): Promise<TServiceRequest> {
      await db.transaction((tx) => applyRequestAction(tx, caller, id, action, body));
      return get(caller, id);
    },

    async feedback(caller: RequestCaller, id: string, body: TFeedbackRequest): Promise<TServiceRequest> {
      await db.transaction((tx) => giveFeedback(tx, caller, id, body));
      return get(caller, id);
    },

    /** Each id in its own transaction, through exactly the same rules as alone. */
    async bulk(caller: RequestCaller, input: TBulkRequest): Promise<TBulkResult> {
      const results: TBulkResult['results'] = [];
      const body = bulkBody(input);
      for (const id of input.ids) {
        try {
          const done = await db.transaction((tx) => applyRequestAction(tx, caller, id, input.action, body as never));
          results.push({ id, ok: true, status: done.status });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          results.push({ id, ok: false, error: { code: err.code, message: err.message } });
        }
      }
      return { results };
    },

    /** A signature or photo of a request the caller may see. */
    async attachment(caller: RequestCaller, id: string, attachmentId: string): Promise<{ contentType: string; data: Buffer }> {
      const visibility = visibilityOf(caller);
      const [row] = rowsOf<{ content_type: string; data: Buffer | Uint8Array }>(
        await db.execute(sql`
          select a.content_type, a.data from attachments a join service_requests r on r.id = a.request_id
          where a.id = ${attachmentId}::uuid and a.request_id = ${id}::uuid and ${visibleSql(visibility)}`),
      );
      if (!row) throw notFound('Attachment');
      return { contentType: row.content_type, data: Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data) };
    },
  };
}

export type ServiceRequestService = ReturnType<typeof createServiceRequestService>;
