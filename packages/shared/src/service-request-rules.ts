import { can } from './capabilities.js';
import type { Role } from './roles.js';
import type { ServiceRequestActor, ServiceRequestStatus } from './service-request-status.js';

/**
 * The service-request state machine (PRODUCT.md §4), once: the server checks every change with
 * `requestRefusal`, every read carries `requestActions` as `allowed_actions`, and the web app
 * shows exactly those buttons. Kept apart from the schemas (service-requests.ts) so that a screen
 * that only asks the rules does not load zod (issue #26).
 */

/** PRODUCT.md §5: the customer dashboard's "active". */
export const ACTIVE_REQUEST_STATUSES: readonly ServiceRequestStatus[] = ['assigned', 'in_progress', 'pending_parts'];
/** Not finished: neither completed nor cancelled. */
export const OPEN_REQUEST_STATUSES: readonly ServiceRequestStatus[] = ['pending', 'assigned', 'in_progress', 'pending_parts'];

export const PRIORITIES = ['low', 'medium', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const SERVICE_LOCATIONS = ['home', 'remote', 'office'] as const;
export type ServiceLocation = (typeof SERVICE_LOCATIONS)[number];
export const WARRANTY_STATUSES = ['in_warranty', 'out_of_warranty', 'unknown'] as const;
export type WarrantyStatus = (typeof WARRANTY_STATUSES)[number];

/** The names of `POST /api/service-requests/:id/<action>` and of `allowed_actions`, in button order. */
export const SERVICE_REQUEST_ACTIONS = ['assign', 'unassign', 'start', 'await-parts', 'resume', 'complete', 'reopen', 'cancel'] as const;
export type ServiceRequestAction = (typeof SERVICE_REQUEST_ACTIONS)[number];

interface Rule {
  /** The statuses the action starts from, per role that may take it (a role not listed never may). */
  from: Partial<Record<Role, readonly ServiceRequestStatus[]>>;
  /** The status afterwards; `assign` on an assigned request is a reassignment and stays `assigned`. */
  to: ServiceRequestStatus;
}

/**
 * PRODUCT.md §4's table. Row rules (a customer's own request, a technician's assigned one) are
 * the visibility rules of reads: a request the caller may not see is a 404 before this table
 * is consulted, so here a role either may act on the requests it sees, or may not at all.
 */
export const SERVICE_REQUEST_RULES: Record<ServiceRequestAction, Rule> = {
  assign: { from: { admin: ['pending', 'assigned'] }, to: 'assigned' },
  unassign: { from: { admin: ['assigned'] }, to: 'pending' },
  start: { from: { technician: ['assigned'], admin: ['assigned'] }, to: 'in_progress' },
  'await-parts': { from: { technician: ['in_progress'], admin: ['in_progress'] }, to: 'pending_parts' },
  resume: { from: { technician: ['pending_parts'], admin: ['pending_parts'] }, to: 'in_progress' },
  complete: { from: { technician: ['in_progress'], admin: ['in_progress'] }, to: 'completed' },
  // Quality check failed: back to work.
  reopen: { from: { admin: ['completed'] }, to: 'in_progress' },
  cancel: {
    from: { customer: ['pending', 'assigned'], admin: ['pending', 'assigned', 'in_progress', 'pending_parts'] },
    to: 'cancelled',
  },
};

/** The capability each action needs (the route's access and the role part of the rules agree). */
export const SERVICE_REQUEST_ACTION_ACCESS = {
  assign: 'assign:service_request:any',
  unassign: 'assign:service_request:any',
  start: 'work:service_request',
  'await-parts': 'work:service_request',
  resume: 'work:service_request',
  complete: 'work:service_request',
  reopen: 'check:service_request:any',
  cancel: 'cancel:service_request',
} as const;

/** What the state machine needs to know about a request. */
export interface ServiceRequestFacts {
  status: ServiceRequestStatus;
  customer_id: string;
  technician_id: string | null;
}

/**
 * Why `actor` may not take `action` on `request` now, or null when they may:
 *  - `forbidden`      the role may never take it on this request (403)
 *  - `invalid_state`  the request's status does not allow it (409, naming the status)
 * The role check comes first, so a customer starting work is told "not allowed", not "wrong state".
 */
export function requestRefusal(
  request: ServiceRequestFacts,
  actor: ServiceRequestActor,
  action: ServiceRequestAction,
): 'forbidden' | 'invalid_state' | null {
  const from = SERVICE_REQUEST_RULES[action].from[actor.role];
  if (!from || !can(actor.role, SERVICE_REQUEST_ACTION_ACCESS[action])) return 'forbidden';
  // Own and assigned rows: also enforced by visibility, repeated so the table stands alone.
  if (actor.role === 'customer' && request.customer_id !== actor.userId) return 'forbidden';
  if (actor.role === 'technician' && request.technician_id !== actor.userId) return 'forbidden';
  if (!from.includes(request.status)) return 'invalid_state';
  return null;
}

/** The actions `actor` may take on `request` now, in button order. */
export function requestActions(request: ServiceRequestFacts, actor: ServiceRequestActor): ServiceRequestAction[] {
  return SERVICE_REQUEST_ACTIONS.filter((action) => requestRefusal(request, actor, action) === null);
}

/** Feedback: the customer, on their own completed request, once. */
export function feedbackAllowed(request: ServiceRequestFacts & { has_feedback: boolean }, actor: ServiceRequestActor): boolean {
  return (
    can(actor.role, 'feedback:service_request:own') &&
    request.customer_id === actor.userId &&
    request.status === 'completed' &&
    !request.has_feedback
  );
}
