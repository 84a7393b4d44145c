import { z } from 'zod';
import type { Role } from './roles.js';

/**
 * A service request's status and who acts on it: what both the request state machine
 * (service-requests.ts) and the field-work rules (field-work.ts) read, kept apart so neither
 * file imports the other for it.
 */
export const SERVICE_REQUEST_STATUSES = ['pending', 'assigned', 'in_progress', 'pending_parts', 'completed', 'cancelled'] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];
export const ZServiceRequestStatus = z.enum(SERVICE_REQUEST_STATUSES);

export interface ServiceRequestActor {
  userId: string;
  role: Role;
}
