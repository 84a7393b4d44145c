import { registerRealtimeInvalidation, useRealtimeSubscription } from '../../lib/realtime';
import { serviceRequestKeys } from './api/keys';

// A request raised or changed makes every service-request query stale (lists, details, device
// histories); the events carry ids only, so each refetch goes through the server's row rules.
for (const event of ['service_request.created', 'service_request.updated']) {
  registerRealtimeInvalidation(event, [serviceRequestKeys.lists(), ['service-requests', 'detail']]);
}

const ignore = () => {};

/** Joins the topic whose events keep the open service-request screens fresh. */
export function useServiceRequestsLive(): void {
  useRealtimeSubscription('service_requests', ignore);
}
