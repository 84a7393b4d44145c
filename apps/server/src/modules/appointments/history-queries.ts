import { sql } from 'drizzle-orm';
import type { AppointmentEvent, AppointmentStatus, TAppointmentHistoryEntry } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { toIso } from '../../db/sql.js';

/**
 * Writes one entry of an appointment's history, in the caller's transaction — every writer of
 * appointments (booking, the actions, a request's reassignment or cancellation, the demo) calls
 * this beside its change, so the history is the whole story. Stamped with the clock, not the
 * transaction's start, so two entries of one transaction keep their order.
 */
export async function recordAppointmentEvent(
  tx: DbOrTx,
  e: {
    appointmentId: string;
    event: AppointmentEvent;
    from: AppointmentStatus | null;
    to: AppointmentStatus;
    startsAt: string | number;
    previousStartsAt?: string | number | null;
    technicianId: string;
    actorId: string | null;
    note?: string | null;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into appointment_history (appointment_id, event, from_status, to_status, starts_at, previous_starts_at, technician_id, actor_id, note, created_at)
    values (${e.appointmentId}::uuid, ${e.event}, ${e.from}::appointment_status, ${e.to}::appointment_status, ${toIso(e.startsAt)}::timestamptz,
      ${e.previousStartsAt == null ? null : toIso(e.previousStartsAt)}::timestamptz, ${e.technicianId}::uuid, ${e.actorId}::uuid, ${e.note ?? null},
      clock_timestamp())`);
}

/** A history entry as the detail statement reads it (times as epoch milliseconds). */
export interface HistoryRow {
  event: TAppointmentHistoryEntry['event'];
  from_status: AppointmentStatus | null;
  to_status: AppointmentStatus;
  starts_ms: number;
  previous_ms: number | null;
  technician_id: string | null;
  technician_name: string | null;
  actor_id: string | null;
  actor_name: string | null;
  note: string | null;
  at_ms: number;
}

/**
 * The appointment `a`'s history as one JSON array, oldest first, with the names of the
 * technician and the actor — a subquery for the detail statement (appointments/queries.ts).
 */
export const HISTORY_JSON_SQL = sql`(
  select coalesce(json_agg(hx order by hx.sort_at, hx.sort_id), '[]'::json)
  from (
    select h.event, h.from_status, h.to_status,
      (extract(epoch from h.starts_at) * 1000)::float8 as starts_ms,
      (extract(epoch from h.previous_starts_at) * 1000)::float8 as previous_ms,
      h.technician_id, t.name as technician_name, h.actor_id, ac.name as actor_name, h.note,
      (extract(epoch from h.created_at) * 1000)::float8 as at_ms,
      h.created_at as sort_at, h.id as sort_id
    from appointment_history h
    left join users t on t.id = h.technician_id
    left join users ac on ac.id = h.actor_id
    where h.appointment_id = a.id
  ) hx)`;

export function historyEntryOf(r: HistoryRow): TAppointmentHistoryEntry {
  return {
    event: r.event,
    from_status: r.from_status,
    to_status: r.to_status,
    starts_at: toIso(Number(r.starts_ms)),
    previous_starts_at: r.previous_ms == null ? null : toIso(Number(r.previous_ms)),
    technician: r.technician_id ? { id: r.technician_id, name: r.technician_name ?? '' } : null,
    actor: r.actor_id ? { id: r.actor_id, name: r.actor_name ?? '' } : null,
    note: r.note,
    at: toIso(Number(r.at_ms)),
  };
}
