import type { ServiceRequestActor, ServiceRequestStatus } from './service-request-status.js';

/**
 * Who may do which field work on a service request, and when (issue #10, PRODUCT.md §3): the
 * server refuses with these rules and every read returns `work_actions` computed by them, so the
 * UI offers exactly what the server would accept. Kept apart from the schemas (field-work.ts) so
 * that a screen that only asks the rules does not load zod (issue #26).
 */

/** What the work rules need of a request. */
export interface WorkFacts {
  status: ServiceRequestStatus;
  technician_id: string | null;
  /** An entry of the work log is open (work is running). */
  work_running: boolean;
  /** The latest quality check is about the current completion. */
  checked_since_completion: boolean;
  /** The request's technician has a van to take parts from. */
  has_van: boolean;
}

export const WORK_ACTIONS = ['log_work', 'edit_diagnostic', 'use_parts', 'request_parts', 'quality_check', 'add_photos'] as const;
export type WorkAction = (typeof WORK_ACTIONS)[number];
export type WorkActions = Record<WorkAction, boolean>;

/** The statuses each work action is open in (for whoever may work on the request). */
export const WORK_ACTION_STATUSES: Record<Exclude<WorkAction, 'quality_check'>, readonly ServiceRequestStatus[]> = {
  // Start (an `assigned` request starts with its first entry), pause and resume.
  log_work: ['assigned', 'in_progress'],
  edit_diagnostic: ['assigned', 'in_progress', 'pending_parts'],
  use_parts: ['in_progress', 'pending_parts'],
  // Asking for parts moves the request to `pending_parts`.
  request_parts: ['in_progress'],
  add_photos: ['assigned', 'in_progress', 'pending_parts'],
};

/** The request's own technician, or an admin (PRODUCT.md §1: "start / log work / … own assigned | yes"). */
export function mayWorkOn(request: Pick<WorkFacts, 'technician_id'>, actor: ServiceRequestActor): boolean {
  return actor.role === 'admin' || (actor.role === 'technician' && request.technician_id === actor.userId);
}

/** Why a work action is refused: 'forbidden' (never for this caller), 'invalid_state', or null when allowed. */
export function workRefusal(request: WorkFacts, actor: ServiceRequestActor, action: WorkAction): 'forbidden' | 'invalid_state' | null {
  if (action === 'quality_check') {
    if (actor.role !== 'admin') return 'forbidden';
    return request.status === 'completed' && !request.checked_since_completion ? null : 'invalid_state';
  }
  if (!mayWorkOn(request, actor)) return 'forbidden';
  const statuses: readonly ServiceRequestStatus[] =
    action === 'add_photos' && actor.role === 'admin' ? [...WORK_ACTION_STATUSES.add_photos, 'completed'] : WORK_ACTION_STATUSES[action];
  if (!statuses.includes(request.status)) return 'invalid_state';
  if ((action === 'use_parts' || action === 'request_parts') && !request.has_van) return 'invalid_state';
  return null;
}

export function workActions(request: WorkFacts, actor: ServiceRequestActor): WorkActions {
  return Object.fromEntries(WORK_ACTIONS.map((a) => [a, workRefusal(request, actor, a) === null])) as WorkActions;
}
