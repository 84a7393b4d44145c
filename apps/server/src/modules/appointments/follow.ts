import { sql } from 'drizzle-orm';
import type { AppointmentStatus } from '@portal/shared';
import type { Tx } from '../../db/client.js';
import { isExclusionViolation } from '../../lib/db-errors.js';
import { rowsOf } from '../inventory/ledger.js';
import { getSettings } from '../settings/service.js';
import { dayBounds, dayOf, fitsHours, formatInstant } from '../booking/availability.js';
import { loadTechnicianDays, lockTechnician } from '../booking/queries.js';
import { publishAppointment, slotUnavailable } from './service.js';

/**
 * The appointment follows its request to a new technician (dispatch, issue #9): called from
 * the request's `assign` in the same transaction, before anything is written. Each live
 * appointment (scheduled or confirmed) of the request moves to `technician` when they are free
 * for its time — within their working hours, not on time off, no other appointment — checked
 * after locking their row as booking does, the exclusion constraint having the last word.
 * Otherwise 409 slot_unavailable naming the time, and the whole reassignment is refused.
 */
export async function moveAppointmentsToTechnician(tx: Tx, requestId: string, technician: { id: string; name: string }): Promise<string[]> {
  const live = rowsOf<{ id: string; number: string; status: AppointmentStatus; customer_id: string; technician_id: string; starts: number; ends: number }>(
    await tx.execute(sql`
      select id, number, status, customer_id, technician_id,
        (extract(epoch from starts_at) * 1000)::float8 as starts, (extract(epoch from ends_at) * 1000)::float8 as ends
      from appointments
      where service_request_id = ${requestId}::uuid and status in ('scheduled', 'confirmed') and technician_id <> ${technician.id}::uuid
      for update`),
  );
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
      await tx.transaction(async (sp) => {
        await sp.execute(sql`update appointments set technician_id = ${technician.id}::uuid, updated_at = now() where id = ${a.id}::uuid`);
      });
    } catch (err) {
      if (isExclusionViolation(err)) throw refuse();
      throw err;
    }
    await publishAppointment(tx, 'appointment.updated', { id: a.id, status: a.status, customer_id: a.customer_id, technician_id: technician.id }, [a.technician_id]);
  }
  return live.map((a) => a.id);
}
