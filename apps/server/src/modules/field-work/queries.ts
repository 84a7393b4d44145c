import { sql } from 'drizzle-orm';
import type { TDiagnosticInput, TQualityCheckInput, TServiceRequest } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { epochMs } from '../../db/sql.js';
import { requestVisibleTo, type RequestCaller } from '../service-requests/index.js';

/**
 * The statements of the technician's work on a request (issue #10). The work record itself (work
 * log entries, part lines as the detail shows them) is read and opened/closed by service-requests.
 */

export interface WorkRow {
  id: string;
  number: string;
  status: TServiceRequest['status'];
  customer_id: string;
  technician_id: string | null;
  technician_name: string | null;
  technician_language: string | null;
  van_id: string | null;
  work_running: boolean;
  checked_since_completion: boolean;
}

/**
 * Locks a request the caller may see and reads what the work rules need of it (null: none the
 * caller may see). `for update of r` locks the request only, so changes of one request take turns.
 */
export async function lockRequestForWork(tx: DbOrTx, caller: RequestCaller, id: string): Promise<WorkRow | null> {
  const [row] = rowsOf<WorkRow>(
    await tx.execute(sql`
      select r.id, r.number, r.status, r.customer_id, r.technician_id, tu.name as technician_name, tu.language as technician_language,
        (select v.id from warehouses v where v.technician_id = r.technician_id and v.kind = 'van' and v.active limit 1) as van_id,
        exists (select 1 from work_log_entries w where w.request_id = r.id and w.ended_at is null) as work_running,
        (r.qc_at is not null and r.completed_at is not null and r.qc_at >= r.completed_at) as checked_since_completion
      from service_requests r left join users tu on tu.id = r.technician_id
      where r.id = ${id}::uuid and ${requestVisibleTo(caller, 'r')}
      for update of r`),
  );
  return row ?? null;
}

/** An inventory item's price and tax rate now, as text (null: no such item). */
export async function findItemPrice(tx: DbOrTx, itemId: string): Promise<{ price: string; tax_rate: string } | null> {
  const [item] = rowsOf<{ price: string; tax_rate: string }>(await tx.execute(sql`select price::text, tax_rate::text from inventory_items where id = ${itemId}::uuid`));
  return item ?? null;
}

/** A part line of a request at the item's price and tax rate; returns its id. */
export async function insertPartLine(
  tx: DbOrTx,
  p: { requestId: string; itemId: string; vanId: string; quantity: string; price: string; taxRate: string; actorId: string },
): Promise<string> {
  const [line] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into request_parts (request_id, item_id, warehouse_id, quantity, unit_price, tax_rate, created_by)
      values (${p.requestId}::uuid, ${p.itemId}::uuid, ${p.vanId}::uuid, ${p.quantity}::numeric, ${p.price}::numeric, ${p.taxRate}::numeric, ${p.actorId}::uuid)
      returning id`),
  );
  return line!.id;
}

/** Deletes a part line of the request; returns what went back (null: no such line on it). */
export async function deletePartLine(tx: DbOrTx, requestId: string, lineId: string): Promise<{ item_id: string; warehouse_id: string; quantity: string } | null> {
  const [line] = rowsOf<{ item_id: string; warehouse_id: string; quantity: string }>(
    await tx.execute(sql`delete from request_parts where id = ${lineId}::uuid and request_id = ${requestId}::uuid returning item_id, warehouse_id, quantity::text`),
  );
  return line ?? null;
}

/** The id of the request's open work log entry (null: none open). */
export async function findOpenWorkEntryId(tx: DbOrTx, requestId: string): Promise<string | null> {
  const [open] = rowsOf<{ id: string }>(await tx.execute(sql`select id from work_log_entries where request_id = ${requestId}::uuid and ended_at is null`));
  return open?.id ?? null;
}

/** What a device time on a work log entry is checked against (epoch ms, by the database's clock). */
export interface EntryClock {
  now_ms: number;
  /** When the request was assigned to its technician (its creation, if never). */
  since_ms: number;
  started_ms: number;
  /** The latest end of the request's other entries (null: none). */
  previous_end_ms: number | null;
}

export async function entryClockOf(tx: DbOrTx, requestId: string, entryId: string): Promise<EntryClock> {
  const [clock] = rowsOf<EntryClock>(
    await tx.execute(sql`
      select ${epochMs('now()')} as now_ms, ${epochMs('coalesce(r.assigned_at, r.created_at)')} as since_ms,
        ${epochMs('w.started_at')} as started_ms,
        (select ${epochMs('max(o.ended_at)')} from work_log_entries o where o.request_id = r.id and o.id <> w.id) as previous_end_ms
      from service_requests r join work_log_entries w on w.request_id = r.id
      where r.id = ${requestId}::uuid and w.id = ${entryId}::uuid`),
  );
  return clock!;
}

/** An entry started at a device time (never later than now). */
export async function setWorkEntryStart(tx: DbOrTx, entryId: string, at: string): Promise<void> {
  await tx.execute(sql`update work_log_entries set started_at = least(${at}::timestamptz, now()) where id = ${entryId}::uuid`);
}

/** An entry ended at a device time (never later than now, never before its start). */
export async function setWorkEntryEnd(tx: DbOrTx, entryId: string, at: string): Promise<void> {
  await tx.execute(sql`update work_log_entries set ended_at = greatest(least(${at}::timestamptz, now()), started_at) where id = ${entryId}::uuid`);
}

/** Sets a work log entry's note. */
export async function setWorkEntryNote(tx: DbOrTx, entryId: string, note: string): Promise<void> {
  await tx.execute(sql`update work_log_entries set note = ${note} where id = ${entryId}::uuid`);
}

/** Writes the diagnostic; returns the columns as they were before (read in the same statement). */
export async function updateDiagnostic(tx: DbOrTx, id: string, body: TDiagnosticInput): Promise<Record<string, unknown> | undefined> {
  const [before] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
            update service_requests r set symptoms = ${body.symptoms}, diagnosis = ${body.diagnosis}, resolution = ${body.resolution},
              diagnostic_notes = ${body.notes}, labor_hours = ${body.labor_hours}::numeric, updated_at = now()
            from (select symptoms, diagnosis, resolution, diagnostic_notes, labor_hours::text from service_requests where id = ${id}::uuid) old
            where r.id = ${id}::uuid
            returning old.*`),
  );
  return before;
}

/** The oldest active main warehouse: where a parts request takes from unless told (null: none). */
export async function findMainWarehouseId(tx: DbOrTx): Promise<string | null> {
  const [main] = rowsOf<{ id: string }>(await tx.execute(sql`select id from warehouses where kind = 'main' and active order by created_at limit 1`));
  return main?.id ?? null;
}

/** The transfer the request now waits for. */
export async function setAwaitingTransfer(tx: DbOrTx, id: string, transferId: string): Promise<void> {
  await tx.execute(sql`update service_requests set awaiting_transfer_id = ${transferId}::uuid where id = ${id}::uuid`);
}

/** Records the result of a quality check by `by`, checked at clock_timestamp(). */
export async function recordQualityCheck(tx: DbOrTx, id: string, body: TQualityCheckInput, by: string): Promise<void> {
  await tx.execute(sql`
          update service_requests set qc_result = ${body.result}::quality_check_result, qc_notes = ${body.notes}, qc_by = ${by}::uuid,
            qc_at = clock_timestamp(), updated_at = now()
          where id = ${id}::uuid`);
}
