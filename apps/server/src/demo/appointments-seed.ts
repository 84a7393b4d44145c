import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Tx } from '../db/client.js';
import { nextNumber } from '../lib/numbers.js';
import { rowsOf } from '../db/rows.js';
import { recordAppointmentEvent, scheduleReminders } from '../modules/appointments/index.js';
import { getSettings } from '../modules/settings/index.js';

/**
 * Demo appointments around today (PRODUCT.md §11): one for every assigned or in-progress demo
 * request, on working days (Sunday–Thursday in the company zone) within the demo working hours
 * (09:00–16:00), each technician's visits on hours of their own so none overlap. A technician's
 * visits go to today, the next working day, the previous one, the one after next… so whatever
 * the day and hour of a fresh start, there are past visits (confirmed, for the technician to
 * complete or mark missed) and coming ones (alternately scheduled and confirmed, with their
 * reminders) — "this week" left a start on Thursday afternoon with nothing coming.
 */
export async function seedAppointments(tx: Tx): Promise<void> {
  const { time_zone } = await getSettings(tx, ['time_zone']);
  const requests = rowsOf<{ id: string; customer_id: string; technician_id: string; location: 'home' | 'remote' | 'office'; address: string | null }>(
    await tx.execute(sql`
      select id, customer_id, technician_id, location, address from service_requests
      where status in ('assigned', 'in_progress') and technician_id is not null
      order by created_at, id`),
  );
  const now = DateTime.now().setZone(time_zone);
  const days = visitDays(now.startOf('day'));
  const perTechnician = new Map<string, number>();
  for (const [i, r] of requests.entries()) {
    const k = perTechnician.get(r.technician_id) ?? 0;
    perTechnician.set(r.technician_id, k + 1);
    // Technician's k-th visit: day k of `days`, hour 09:00 + 2·⌊k/days⌋ (+1 for odd requests' spread).
    const start = days[k % days.length]!.set({ hour: 9 + ((2 * Math.floor(k / days.length) + (i % 2)) % 7) });
    const end = start.plus({ hours: 1 });
    const past = start < now;
    const status = past ? 'confirmed' : i % 2 ? 'confirmed' : 'scheduled';
    const number = await nextNumber(tx, 'appointment', 'AP');
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into appointments (number, customer_id, service_request_id, technician_id, service_kind, starts_at, ends_at, address, status, created_by)
        values (${number}, ${r.customer_id}::uuid, ${r.id}::uuid, ${r.technician_id}::uuid, ${r.location}::service_location,
          ${start.toISO()}::timestamptz, ${end.toISO()}::timestamptz, ${r.location === 'home' ? (r.address ?? '—') : null}, ${status}::appointment_status, ${r.customer_id}::uuid)
        on conflict on constraint appointments_no_overlap do nothing
        returning id`),
    );
    if (!row) continue;
    // Booked by the customer; the confirmed ones confirmed by their technician.
    await recordAppointmentEvent(tx, { appointmentId: row.id, event: 'booked', from: null, to: 'scheduled', startsAt: start.toMillis(), technicianId: r.technician_id, actorId: r.customer_id });
    if (status === 'confirmed') {
      await recordAppointmentEvent(tx, { appointmentId: row.id, event: 'confirm', from: 'scheduled', to: 'confirmed', startsAt: start.toMillis(), technicianId: r.technician_id, actorId: r.technician_id });
    }
    if (!past) await scheduleReminders(tx, { id: row.id, starts_at: start.toMillis() });
  }
}

const isWorkingDay = (d: DateTime) => d.weekday !== 5 && d.weekday !== 6; // Friday and Saturday off

/**
 * Working days near `today`, nearest first, alternating ahead and back: today (if a working day),
 * the next working day, the previous one, the one after next… four each way.
 */
export function visitDays(today: DateTime): DateTime[] {
  const ahead: DateTime[] = [];
  const back: DateTime[] = [];
  for (let d = today.plus({ days: 1 }); ahead.length < 4; d = d.plus({ days: 1 })) if (isWorkingDay(d)) ahead.push(d);
  for (let d = today.minus({ days: 1 }); back.length < 4; d = d.minus({ days: 1 })) if (isWorkingDay(d)) back.push(d);
  return [...(isWorkingDay(today) ? [today] : []), ...ahead.flatMap((d, i) => [d, back[i]!])];
}
