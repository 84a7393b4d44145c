import type { TTechnicianBusyDetails } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { futureAppointmentsOf, openRequestsOf } from './queries.js';

/** How many of the blocking records a refusal lists (the count says how many there are in all). */
const LISTED = 50;

/**
 * What a technician still holds: open service requests assigned to them and their live
 * appointments still to come. Deactivating them, or giving them another
 * role, would strand this work, so both are refused while the list is not empty.
 */
export async function openWorkOf(tx: DbOrTx, technicianId: string): Promise<TTechnicianBusyDetails & { total: number }> {
  const requests = await openRequestsOf(tx, technicianId, LISTED);
  // Their live appointments still to come: a customer is expecting them.
  const appointments = await futureAppointmentsOf(tx, technicianId, LISTED);
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
