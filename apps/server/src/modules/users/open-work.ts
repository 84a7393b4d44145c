import { sql } from 'drizzle-orm';
import { OPEN_REQUEST_STATUSES, type TTechnicianBusyDetails } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { rowsOf } from '../../db/rows.js';
import { isoSql } from '../../db/sql.js';

/** How many of the blocking records a refusal lists (the count says how many there are in all). */
const LISTED = 50;

/**
 * What a technician still holds: open service requests assigned to them and their live
 * appointments still to come. Deactivating them, or giving them another
 * role, would strand this work, so both are refused while the list is not empty.
 */
export async function openWorkOf(tx: DbOrTx, technicianId: string): Promise<TTechnicianBusyDetails & { total: number }> {
  const requests = rowsOf<{ id: string; number: string; status: string; total: number }>(
    await tx.execute(sql`
      select r.id, r.number, r.status::text as status, count(*) over ()::int as total
      from service_requests r
      where r.technician_id = ${technicianId}::uuid
        and r.status in (${sql.join(OPEN_REQUEST_STATUSES.map((s) => sql`${s}`), sql`, `)})
      order by r.created_at, r.id
      limit ${LISTED}`),
  );
  // Their live appointments still to come: a customer is expecting them.
  const appointments = rowsOf<TTechnicianBusyDetails['appointments'][number] & { total: number }>(
    await tx.execute(sql`
      select a.id, a.number, ${isoSql('a.starts_at')} as starts_at, count(*) over ()::int as total
      from appointments a
      where a.technician_id = ${technicianId}::uuid and a.status in ('scheduled', 'confirmed') and a.starts_at > now()
      order by a.starts_at, a.id
      limit ${LISTED}`),
  );
  return {
    requests: requests.map(({ id, number, status }) => ({ id, number, status })),
    appointments: appointments.map(({ id, number, starts_at }) => ({ id, number, starts_at })),
    total: (requests[0]?.total ?? 0) + (appointments[0]?.total ?? 0),
  };
}

/** 409 technician_busy, listing the work in the way, unless there is none. */
export async function refuseIfBusy(tx: DbOrTx, technicianId: string): Promise<void> {
  const work = await openWorkOf(tx, technicianId);
  if (work.total === 0) return;
  throw new AppError(409, 'technician_busy', 'This technician still has open service requests or future appointments. Reassign or close them first.', {
    details: { requests: work.requests, appointments: work.appointments, total: work.total },
  });
}
