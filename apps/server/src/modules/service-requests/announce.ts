import type { ServiceRequestStatus } from '@portal/shared';
import type { Tx } from '../../db/client.js';
import { audienceFor, publish } from '../realtime/index.js';

/** A request's page, the link of its notifications. */
export const link = (id: string) => `/dashboard/service-requests/${id}`;

export async function publishChange(tx: Tx, event: string, r: { id: string; status: ServiceRequestStatus; customer_id: string }, technicians: (string | null)[]) {
  await publish(tx, {
    topic: 'service_requests',
    event,
    audience: audienceFor('read:service_request', { own: [r.customer_id], assigned: technicians }),
    payload: { ids: [r.id], status: r.status },
  });
}
