import { sql } from 'drizzle-orm';
import type { ServiceKind } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/** A booked appointment, as the booking inserts it. */
export interface NewAppointment {
  number: string;
  customerId: string;
  requestId: string;
  technicianId: string;
  serviceKind: ServiceKind;
  /** The slot (epoch ms). */
  start: number;
  end: number;
  address: string | null | undefined;
  notes: string | null | undefined;
  createdBy: string;
}

/**
 * Inserts the booked appointment (scheduled) and returns its id; the exclusion constraint on the
 * technician's time refuses a slot taken meanwhile (the booking then tries the next technician).
 */
export async function insertAppointment(db: DbOrTx, a: NewAppointment): Promise<string> {
  const [appointment] = rowsOf<{ id: string }>(
    await db.execute(sql`
            insert into appointments (number, customer_id, service_request_id, technician_id, service_kind, starts_at, ends_at, address, notes, created_by)
            values (${a.number}, ${a.customerId}::uuid, ${a.requestId}::uuid, ${a.technicianId}::uuid, ${a.serviceKind}::service_location,
              ${new Date(a.start).toISOString()}::timestamptz, ${new Date(a.end).toISOString()}::timestamptz,
              ${a.address}, ${a.notes}, ${a.createdBy}::uuid)
            returning id`),
  );
  return appointment!.id;
}
