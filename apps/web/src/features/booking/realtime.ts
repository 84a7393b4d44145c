import { registerRealtimeInvalidation, useRealtimeSubscription } from '../../lib/realtime';
import { availabilityKey } from './api/get-availability';

// Somebody else's booking, move or cancellation changes which slots are free.
for (const event of ['appointment.created', 'appointment.updated']) registerRealtimeInvalidation(event, [availabilityKey]);

const ignore = () => {};

export function useAvailabilityLive(): void {
  useRealtimeSubscription('appointments', ignore);
}
