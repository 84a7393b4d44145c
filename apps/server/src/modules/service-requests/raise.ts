import { INVITATION_TTL_DAYS, scopeOf, type Language, type ServiceRequestStatus, type TCreateServiceRequest, type TServiceRequest } from '@portal/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { nextNumber } from '../../lib/numbers.js';
import { welcomeMail } from '../../mail/templates.js';
import { randomToken, invitationLink, issueInvitation, publishUsersChanged } from '../auth/index.js';
import { refreshSlaDue } from './sla-due.js';
import { enqueueCustomerMail, notify } from '../notifications/index.js';
import { getSettings } from '../settings/index.js';
import { insertAccount } from '../users/index.js';
import { link, publishChange } from './announce.js';
import { isStaff, type RequestCaller } from './caller.js';
import { loadRequest } from './mappers.js';
import {
  activeAdmins,
  findActiveCustomer,
  findUserName,
  findUserRef,
  insertFirstHistoryRow,
  insertServiceRequest,
  setCustomerDefaultAddress,
} from './queries.js';

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
    const me = await findUserRef(tx, caller.userId);
    if (!me) throw notFound('User');
    return me;
  }
  if (scope !== 'any') throw forbidden('You may not raise service requests');
  if (input.customer_id) {
    const c = await findActiveCustomer(tx, input.customer_id);
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
    if (nc.default_address) await setCustomerDefaultAddress(tx, user.id, nc.default_address);
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
  const id = await insertServiceRequest(tx, { number, customerId: customer.id, reserved, input, createdBy: caller.userId });
  const status: ServiceRequestStatus = reserved ? 'assigned' : 'pending';
  await insertFirstHistoryRow(tx, { requestId: id, toStatus: status, actorId: caller.userId, note: reserved?.name ?? null });
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
  const actor = await findUserName(tx, caller.userId);
  const params = { number, customer: customer.name, actor: actor?.name ?? '', device: `${d.brand} ${d.model}` };
  // A booking reserved its technician on the spot: the customer is told who is coming, not "soon".
  await notify(tx, { userIds: [customer.id] }, {
    type: 'success',
    title: 'notifications.sr_created.title',
    message: reserved ? 'notifications.sr_created.message_assigned' : 'notifications.sr_created.message',
    params: reserved ? { ...params, technician: reserved.name } : params,
    link: link(id),
  });
  // The customer's e-mail (issue #28) goes out after the commit, from the jobs table.
  await enqueueCustomerMail(tx, { kind: 'request_received', requestId: id, dedupeKey: `request_received:${id}` });
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

/** The welcome mail of a customer created on the spot, after the commit; a failure is logged, not undone (they can still use "forgot password"). */
export async function mailInvitation(ctx: AppContext, invitation: Invitation): Promise<void> {
  const link = invitationLink(ctx.config.publicOrigin, invitation);
  const { company_name } = await getSettings(ctx.db, ['company_name']);
  const mail = welcomeMail({ ...invitation.user, link, company: company_name, days: INVITATION_TTL_DAYS });
  await ctx.mailer.send({ to: invitation.user.email, ...mail, links: [link] }).catch((err) => ctx.log.error({ err }, 'could not send the welcome mail'));
}
