import { can } from './capabilities.js';
import type { Role } from './roles.js';

/**
 * Transfers between warehouses (PRODUCT.md §3, §4) and parts requests (a technician's
 * transfer into their own van). The state machine lives here, once: the server checks every
 * transition with `transferRefusal` and the web app shows exactly `transferActions`.
 * Free of zod (the schemas are in transfers.ts), so a screen that only shows statuses loads no
 * schemas.
 */

export const TRANSFER_STATUSES = ['pending', 'approved', 'completed', 'rejected', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const TRANSFER_ACTIONS = ['approve', 'reject', 'cancel', 'receive'] as const;
export type TransferAction = (typeof TRANSFER_ACTIONS)[number];

/** PRODUCT.md §4: pending → approved | rejected | cancelled, approved → completed. Nothing else. */
export const TRANSFER_TRANSITIONS: Record<TransferAction, { from: TransferStatus; to: TransferStatus }> = {
  approve: { from: 'pending', to: 'approved' },
  reject: { from: 'pending', to: 'rejected' },
  cancel: { from: 'pending', to: 'cancelled' },
  receive: { from: 'approved', to: 'completed' },
};

/** Between approval and receipt the stock is in transit (in neither warehouse's available stock). */
export const TRANSFER_OPEN_STATUSES: readonly TransferStatus[] = ['pending', 'approved'];

/** What the state machine needs to know about a transfer. */
export interface TransferFacts {
  status: TransferStatus;
  requested_by: { id: string };
  to_warehouse: { id: string };
}

/** Who is acting: their role, and their van if they are a technician. */
export interface TransferActor {
  userId: string;
  role: Role;
  vanWarehouseId?: string | null;
}

/**
 * Why `actor` may not take `action` on `transfer` now, or null when they may:
 *  - `invalid_state`  the transfer's status does not allow it (409, naming the status)
 *  - `own_request`    a requester approving or rejecting their own transfer (409)
 *  - `forbidden`      the role's capabilities do not reach this transfer (403)
 * The role check comes first, so a technician is told "not allowed", not "wrong state".
 */
export function transferRefusal(
  transfer: TransferFacts,
  actor: TransferActor,
  action: TransferAction,
): 'invalid_state' | 'own_request' | 'forbidden' | null {
  const isRequester = transfer.requested_by.id === actor.userId;
  let allowed: boolean;
  switch (action) {
    case 'approve':
    case 'reject':
      allowed = can(actor.role, 'approve:transfer:any');
      break;
    case 'cancel':
      allowed = can(actor.role, 'cancel:transfer:any') || (can(actor.role, 'cancel:transfer:own') && isRequester);
      break;
    case 'receive':
      allowed =
        can(actor.role, 'receive:transfer:any') ||
        (can(actor.role, 'receive:transfer:own') && !!actor.vanWarehouseId && transfer.to_warehouse.id === actor.vanWarehouseId);
      break;
  }
  if (!allowed) return 'forbidden';
  if (transfer.status !== TRANSFER_TRANSITIONS[action].from) return 'invalid_state';
  if ((action === 'approve' || action === 'reject') && isRequester) return 'own_request';
  return null;
}

/** The actions `actor` may take on `transfer` now, in a fixed order (for buttons). */
export function transferActions(transfer: TransferFacts, actor: TransferActor): TransferAction[] {
  return TRANSFER_ACTIONS.filter((action) => transferRefusal(transfer, actor, action) === null);
}
