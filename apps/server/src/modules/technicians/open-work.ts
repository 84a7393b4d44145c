import { sql } from 'drizzle-orm';
import { OPEN_REQUEST_STATUSES, type TTechnicianBusyDetails } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { rowsOf } from '../inventory/ledger.js';

/** How many of the blocking records a refusal lists (the count says how many there are in all). */
const LISTED = 50;

/**
 * What a technician still holds: open service requests assigned to them and (once the
 * appointments table exists) future appointments. Deactivating them, or giving them another
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
  // Extension point (issue #11): when the appointments table lands, add the technician's
  // future appointments (starts_at > now(), status scheduled/confirmed) here, so deactivation is
  // refused for them too, and list them in `appointments`.
  const appointments: TTechnicianBusyDetails['appointments'] = [];
  return {
    requests: requests.map(({ id, number, status }) => ({ id, number, status })),
    appointments,
    total: (requests[0]?.total ?? 0) + appointments.length,
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
