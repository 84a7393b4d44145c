import { registerRealtimeInvalidation, useRealtimeSubscription } from '../../lib/realtime';
import { appointmentKeys } from './api/keys';

// Any appointment booked or changed makes the appointment screens stale (lists, calendars,
// details, reschedule slots); the events carry ids only, so each refetch goes through the
// server's row rules.
for (const event of ['appointment.created', 'appointment.updated']) registerRealtimeInvalidation(event, [appointmentKeys.all]);
// A request's technician or status shows on its appointments.
registerRealtimeInvalidation('service_request.updated', [appointmentKeys.all]);

const ignore = () => {};

/** Joins the topic whose events keep the open appointment screens fresh. */
export function useAppointmentsLive(): void {
  useRealtimeSubscription('appointments', ignore);
}
