import type { Tx } from '../../db/client.js';
import { isExclusionViolation } from '../../lib/db-errors.js';
import { getSettings } from '../settings/index.js';
import { dayBounds, dayOf, fitsHours, formatInstant, loadTechnicianDays, lockTechnician } from '../scheduling/index.js';
import { AppError } from '../../lib/errors.js';
import { dropPending } from '../jobs/index.js';
import { recordAppointmentEvent } from './history-queries.js';
import { cancelAppointmentWithRequest, lockAppointmentsToMove, lockLiveAppointments, setAppointmentTechnician } from './queries.js';
import { publishAppointment, REMINDER_JOB, slotUnavailable } from './service.js';

/**
 * The appointment follows its request to a new technician (dispatch, issue #9): called from
 * the request's `assign` in the same transaction, before anything is written. Each live
 * appointment (scheduled or confirmed) of the request moves to `technician` when they are free
 * for its time — within their working hours, not on time off, no other appointment — checked
 * after locking their row as booking does, the exclusion constraint having the last word.
 * Otherwise 409 slot_unavailable naming the time, and the whole reassignment is refused.
 */
export async function moveAppointmentsToTechnician(tx: Tx, requestId: string, technician: { id: string; name: string }, actorId: string): Promise<string[]> {
  const live = await lockAppointmentsToMove(tx, requestId, technician.id);
  if (!live.length) return [];
  const { time_zone: zone } = await getSettings(tx, ['time_zone']);
  await lockTechnician(tx, technician.id);
  for (const a of live) {
    const slot = { start: a.starts, end: a.ends };
    const [day] = await loadTechnicianDays(tx, { day: dayBounds(dayOf(a.starts, zone), zone), technicianId: technician.id, exceptAppointmentId: a.id });
    const free = !!day && fitsHours(day.weekly_hours, slot, zone) && !day.busy.some((b) => b.start < slot.end && slot.start < b.end);
    const refuse = () => slotUnavailable(`${technician.name} is not free at ${formatInstant(a.starts, zone)} (appointment ${a.number}): choose another technician or reschedule first`);
    if (!free) throw refuse();
    try {
      // In a savepoint: the exclusion constraint's refusal leaves the request's transaction usable.
      await tx.transaction(async (sp) => {
        await setAppointmentTechnician(sp, a.id, technician.id);
      });
      await recordAppointmentEvent(tx, { appointmentId: a.id, event: 'reassigned', from: a.status, to: a.status, startsAt: a.starts, technicianId: technician.id, actorId });
    } catch (err) {
      if (isExclusionViolation(err)) throw refuse();
      throw err;
    }
    await publishAppointment(tx, 'appointment.updated', { id: a.id, status: a.status, customer_id: a.customer_id, technician_id: technician.id }, [a.technician_id]);
  }
  return live.map((a) => a.id);
}

/**
 * Unassigning a request whose appointment is still booked would leave the customer expecting a
 * technician who no longer has the job: refused (409 appointment_booked, naming it). The admin
 * reassigns (the appointment follows) or cancels the appointment first.
 */
export async function refuseUnassignWhileBooked(tx: Tx, requestId: string, requestNumber: string): Promise<void> {
  const [a] = await lockLiveAppointments(tx, requestId);
  if (!a) return;
  const { time_zone: zone } = await getSettings(tx, ['time_zone']);
  throw new AppError(
    409,
    'appointment_booked',
    `${requestNumber} has appointment ${a.number} booked for ${formatInstant(a.starts, zone)}: reassign the request (the appointment follows) or cancel the appointment first`,
    { details: { appointments: [{ id: a.id, number: a.number }] } },
  );
}

/**
 * A cancelled request's booked appointments are cancelled with it, in its transaction, with the
 * same reason; their reminders are dropped. The request's own cancellation tells the customer
 * and the technician, so this only publishes the appointments' change.
 */
export async function cancelAppointmentsWithRequest(tx: Tx, requestId: string, reason: string, actorId: string): Promise<void> {
  for (const a of await lockLiveAppointments(tx, requestId)) {
    await cancelAppointmentWithRequest(tx, a.id, reason, actorId);
    await recordAppointmentEvent(tx, { appointmentId: a.id, event: 'cancel', from: a.status, to: 'cancelled', startsAt: a.starts, technicianId: a.technician_id, actorId, note: reason });
    await dropPending(tx, REMINDER_JOB, a.id);
    await publishAppointment(tx, 'appointment.cancelled', { id: a.id, status: 'cancelled', customer_id: a.customer_id, technician_id: a.technician_id });
  }
}
