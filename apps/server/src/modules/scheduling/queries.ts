import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { Interval, TechnicianDay } from './availability.js';

/** Epoch milliseconds of a timestamptz, as a JSON number from both drivers. */
const ms = (col: string) => sql.raw(`(extract(epoch from ${col}) * 1000)::float8`);

export interface DayFilter {
  /** The day's bounds (dayBounds): busy time overlapping them is loaded. */
  day: Interval;
  /** Only technicians with this skill (a service-type code). */
  serviceType?: string;
  /** Only this technician (rescheduling, schedule checks). */
  technicianId?: string;
  /** Leave this appointment out of the busy time (it is the one being moved). */
  exceptAppointmentId?: string;
}

/**
 * The inputs of `freeSlots` in one statement: every active technician who fits, their weekly
 * hours, and their time off and live appointments overlapping the day (each a small index
 * range read: technician_time_off_tech_idx, appointments_technician_idx).
 */
export async function loadTechnicianDays(db: DbOrTx, f: DayFilter): Promise<TechnicianDay[]> {
  const from = new Date(f.day.start).toISOString();
  const to = new Date(f.day.end).toISOString();
  // Appointments never last a day (slots are minutes long): the lower bound keeps the index range short.
  const rows = rowsOf<{ id: string; name: string; weekly_hours: TechnicianDay['weekly_hours']; time_off: [number, number][]; booked: [number, number][] }>(
    await db.execute(sql`
      select t.user_id as id, u.name, t.weekly_hours,
        coalesce((
          select json_agg(json_build_array(${ms('o.starts_at')}, ${ms('o.ends_at')}))
          from technician_time_off o
          where o.technician_id = t.user_id and o.starts_at < ${to}::timestamptz and o.ends_at > ${from}::timestamptz
        ), '[]'::json) as time_off,
        coalesce((
          select json_agg(json_build_array(${ms('a.starts_at')}, ${ms('a.ends_at')}))
          from appointments a
          where a.technician_id = t.user_id and a.status in ('scheduled', 'confirmed')
            and a.starts_at < ${to}::timestamptz and a.starts_at > ${from}::timestamptz - interval '1 day' and a.ends_at > ${from}::timestamptz
            ${f.exceptAppointmentId ? sql`and a.id <> ${f.exceptAppointmentId}::uuid` : sql``}
        ), '[]'::json) as booked
      from technicians t
      join users u on u.id = t.user_id
      where t.active and u.active and u.role = 'technician'
        ${f.serviceType !== undefined ? sql`and ${f.serviceType} = any(t.skills)` : sql``}
        ${f.technicianId ? sql`and t.user_id = ${f.technicianId}::uuid` : sql``}`),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    weekly_hours: r.weekly_hours ?? {},
    busy: [...r.time_off, ...r.booked].map(([start, end]) => ({ start, end })),
    appointments_today: r.booked.length,
  }));
}

/**
 * Locks a technician's row for the rest of the transaction (or savepoint): bookings of one
 * technician take turns, and so do changes of their hours and time off, so a check made after
 * the lock sees everything committed before it.
 */
export async function lockTechnician(tx: DbOrTx, technicianId: string): Promise<{ id: string; name: string } | null> {
  const [row] = rowsOf<{ id: string; name: string }>(
    await tx.execute(sql`
      select t.user_id as id, u.name from technicians t join users u on u.id = t.user_id
      where t.user_id = ${technicianId}::uuid
      for update of t`),
  );
  return row ?? null;
}
