import type { ServiceRequestActor, ServiceRequestStatus } from '@portal/shared';
import type { Actor } from '../../context.js';

/** Who acts on requests: what services need of the caller (the demo seed and the benchmark pass their own). */
export type RequestCaller = Pick<Actor, 'userId' | 'role' | 'ip'>;

const STAFF = new Set(['technician', 'admin', 'whs_supervisor']);
export const isStaff = (caller: RequestCaller) => STAFF.has(caller.role);
export const actorOf = (caller: RequestCaller): ServiceRequestActor => ({ userId: caller.userId, role: caller.role });
export const facts = (r: { status: ServiceRequestStatus; customer_id: string; technician_id: string | null }) => ({
  status: r.status,
  customer_id: r.customer_id,
  technician_id: r.technician_id,
});
