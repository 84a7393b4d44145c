import { sql } from 'drizzle-orm';
import type { TCreateTimeOff, TTimeOff, TWeeklyHours } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { isoSql } from '../../db/sql.js';

export interface BookedRow {
  id: string;
  number: string;
  starts_at: string;
  ends_at: string;
  status: 'scheduled' | 'confirmed';
}

/** The booked (scheduled/confirmed), not yet ended appointments of a technician, optionally only those overlapping a range. */
export async function findBookedAppointments(tx: DbOrTx, technicianId: string, range?: { from: string; to: string }): Promise<BookedRow[]> {
  return rowsOf<BookedRow>(
    await tx.execute(sql`
      select id, number, ${isoSql('starts_at')} as starts_at, ${isoSql('ends_at')} as ends_at, status
      from appointments
      where technician_id = ${technicianId}::uuid and status in ('scheduled', 'confirmed') and ends_at > now()
        ${range ? sql`and starts_at < ${range.to}::timestamptz and ends_at > ${range.from}::timestamptz` : sql``}
      order by starts_at, id`),
  );
}

export interface TechnicianScheduleRow {
  id: string;
  name: string;
  weekly_hours: TWeeklyHours;
}

/** A technician (a user with the technician role) with their weekly hours, or null. */
export async function findTechnicianSchedule(db: DbOrTx, technicianId: string): Promise<TechnicianScheduleRow | null> {
  const [row] = rowsOf<TechnicianScheduleRow>(
    await db.execute(sql`
        select t.user_id as id, u.name, t.weekly_hours from technicians t join users u on u.id = t.user_id
        where t.user_id = ${technicianId}::uuid and u.role = 'technician'`),
  );
  return row ?? null;
}

/** Replaces a technician's weekly hours. */
export async function updateWeeklyHours(tx: DbOrTx, technicianId: string, weeklyHours: TWeeklyHours): Promise<void> {
  await tx.execute(sql`update technicians set weekly_hours = ${JSON.stringify(weeklyHours)}::jsonb where user_id = ${technicianId}::uuid`);
}

/**
 * A technician's time off ending after `from` (now when absent) and, with `to`, starting before
 * it; in start order, at most 500.
 */
export async function listTimeOff(db: DbOrTx, technicianId: string, from: string | undefined, to: string | undefined): Promise<TTimeOff[]> {
  return rowsOf<TTimeOff>(
    await db.execute(sql`
          select id, technician_id, ${isoSql('starts_at')} as starts_at, ${isoSql('ends_at')} as ends_at, reason, ${isoSql('created_at')} as created_at
          from technician_time_off
          where technician_id = ${technicianId}::uuid
            and ends_at > ${from ?? sql`now()`}::timestamptz
            ${to ? sql`and starts_at < ${to}::timestamptz` : sql``}
          order by starts_at, id
          limit 500`),
  );
}

/** Inserts a technician's time off; answers the new row. */
export async function insertTimeOff(tx: DbOrTx, technicianId: string, from: string, to: string, reason: TCreateTimeOff['reason']): Promise<TTimeOff | undefined> {
  const [row] = rowsOf<TTimeOff>(
    await tx.execute(sql`
            insert into technician_time_off (technician_id, starts_at, ends_at, reason)
            values (${technicianId}::uuid, ${from}::timestamptz, ${to}::timestamptz, ${reason})
            returning id, technician_id, ${isoSql('starts_at')} as starts_at, ${isoSql('ends_at')} as ends_at, reason, ${isoSql('created_at')} as created_at`),
  );
  return row;
}

export interface RemovedTimeOffRow {
  id: string;
  starts_at: string;
  ends_at: string;
  reason: string | null;
}

/** Deletes one time off of the technician; answers the deleted row, or null when there was none. */
export async function deleteTimeOff(tx: DbOrTx, technicianId: string, timeOffId: string): Promise<RemovedTimeOffRow | null> {
  const [row] = rowsOf<RemovedTimeOffRow>(
    await tx.execute(sql`
            delete from technician_time_off where id = ${timeOffId}::uuid and technician_id = ${technicianId}::uuid
            returning id, ${isoSql('starts_at')} as starts_at, ${isoSql('ends_at')} as ends_at, reason`),
  );
  return row ?? null;
}
