import { sql } from 'drizzle-orm';
import {
  workRefusal,
  type TAddPart,
  type TDiagnosticInput,
  type TPartLine,
  type TPartsRequest,
  type TQualityCheckInput,
  type TServiceRequest,
  type TWorkLogEntry,
  type TWorkLogNote,
  type WorkAction,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { applyMovements } from '../inventory/index.js';
import { rowsOf } from '../../db/rows.js';
import { notify } from '../notifications/index.js';
import { createTransfer } from '../transfers/index.js';
import { applyRequestAction, publishChange, type RequestCaller, type ServiceRequestService, requestVisibleTo, closeWorkEntry, openWorkEntry, partLine, workEntry } from '../service-requests/index.js';

/**
 * The technician's work on a request (issue #10): the work log, the diagnostic, parts from the
 * van, a parts request, the quality check. Each change locks the request, checks the shared
 * work rules (packages/shared/src/field-work.ts: 404 for a request the caller may not see, 403
 * for a role that may never, 409 naming the status), writes, audits staff and publishes the
 * request's change so open pages refresh — all in one transaction.
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

export async function lockForWork(tx: Tx, caller: RequestCaller, id: string): Promise<WorkRow> {
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
  if (!row) throw notFound('Service request');
  return row;
}

const WHAT: Record<WorkAction, string> = {
  log_work: 'log work on',
  edit_diagnostic: 'edit the diagnostic of',
  use_parts: 'use parts on',
  request_parts: 'request parts for',
  quality_check: 'check',
  add_photos: 'add photos to',
};

export function checkWork(row: WorkRow, caller: RequestCaller, action: WorkAction) {
  const refusal = workRefusal(
    { status: row.status, technician_id: row.technician_id, work_running: row.work_running, checked_since_completion: row.checked_since_completion, has_van: !!row.van_id },
    { userId: caller.userId, role: caller.role },
    action,
  );
  if (refusal === 'forbidden') throw forbidden(`You may not ${WHAT[action]} ${row.number}`);
  if (refusal === 'invalid_state') {
    if ((action === 'use_parts' || action === 'request_parts') && !row.van_id) {
      throw conflict('no_van', `${row.number}: ${row.technician_name ?? 'the request'} has no van to take parts from`);
    }
    if (action === 'quality_check' && row.checked_since_completion) throw conflict('already_checked', `${row.number} was already checked since it was completed`);
    throw new AppError(409, 'invalid_state', `${row.number} is ${row.status}: you cannot ${WHAT[action]} it now`, { details: { status: row.status } });
  }
}

const staff = (caller: RequestCaller) => caller.role !== 'customer';

async function changed(tx: Tx, row: WorkRow) {
  await publishChange(tx, 'service_request.updated', { id: row.id, status: row.status, customer_id: row.customer_id }, [row.technician_id]);
}

/**
 * A part used on a request, from a van: the line (with the item's price and tax rate now) and its
 * `consumption` movement through the ledger, which refuses more than the van holds (and an
 * inactive item) so the caller's transaction rolls back. Returns the line's id.
 */
export async function recordPartUse(
  tx: Tx,
  p: { requestId: string; number: string; vanId: string; itemId: string; quantity: string; actorId: string },
): Promise<string> {
  const [item] = rowsOf<{ price: string; tax_rate: string }>(await tx.execute(sql`select price::text, tax_rate::text from inventory_items where id = ${p.itemId}::uuid`));
  if (!item) throw badRequest({ item_id: 'invalid' });
  const [line] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into request_parts (request_id, item_id, warehouse_id, quantity, unit_price, tax_rate, created_by)
      values (${p.requestId}::uuid, ${p.itemId}::uuid, ${p.vanId}::uuid, ${p.quantity}::numeric, ${item.price}::numeric, ${item.tax_rate}::numeric, ${p.actorId}::uuid)
      returning id`),
  );
  await applyMovements(tx, [
    { itemId: p.itemId, warehouseId: p.vanId, quantity: `-${p.quantity}`, kind: 'consumption', documentType: 'service_request', documentId: p.requestId, documentNumber: p.number, actorId: p.actorId },
  ]);
  return line!.id;
}

export function createFieldWorkService(ctx: AppContext, requests: ServiceRequestService) {
  const { db } = ctx;

  return {
    /** Start (an `assigned` request moves to in_progress) or resume after a pause: opens a work log entry. */
    async startWork(caller: RequestCaller, id: string, body: TWorkLogNote): Promise<TWorkLogEntry> {
      const entryId = await db.transaction(async (tx) => {
        const row = await lockForWork(tx, caller, id);
        checkWork(row, caller, 'log_work');
        if (row.work_running) throw conflict('work_log_open', `Work on ${row.number} is already running`);
        if (row.status === 'assigned') {
          // The state machine's start opens the entry (and writes history, notifications, realtime).
          await applyRequestAction(tx, caller, id, 'start', { note: body.note });
          const [open] = rowsOf<{ id: string }>(await tx.execute(sql`select id from work_log_entries where request_id = ${id}::uuid and ended_at is null`));
          if (body.note) await tx.execute(sql`update work_log_entries set note = ${body.note} where id = ${open!.id}::uuid`);
          return open!.id;
        }
        const opened = await openWorkEntry(tx, id, row.technician_id ?? caller.userId, body.note);
        if (!opened) throw conflict('work_log_open', `Work on ${row.number} is already running`);
        if (staff(caller)) await audit(tx, { actorId: caller.userId, action: 'service_request.work_started', entity: 'service_request', entityId: id, after: { entry: opened }, ip: caller.ip });
        await changed(tx, row);
        return opened;
      });
      return workEntry(db, entryId);
    },

    /** Pause: closes the open entry. */
    async stopWork(caller: RequestCaller, id: string, body: TWorkLogNote): Promise<TWorkLogEntry> {
      const entryId = await db.transaction(async (tx) => {
        const row = await lockForWork(tx, caller, id);
        checkWork(row, caller, 'log_work');
        const closed = await closeWorkEntry(tx, id, body.note);
        if (!closed) throw conflict('no_open_work_log', `No work is running on ${row.number}`);
        await audit(tx, { actorId: caller.userId, action: 'service_request.work_stopped', entity: 'service_request', entityId: id, after: { entry: closed }, ip: caller.ip });
        await changed(tx, row);
        return closed;
      });
      return workEntry(db, entryId);
    },

    async putDiagnostic(caller: RequestCaller, id: string, body: TDiagnosticInput): Promise<TServiceRequest> {
      await db.transaction(async (tx) => {
        const row = await lockForWork(tx, caller, id);
        checkWork(row, caller, 'edit_diagnostic');
        const [before] = rowsOf<Record<string, unknown>>(
          await tx.execute(sql`
            update service_requests r set symptoms = ${body.symptoms}, diagnosis = ${body.diagnosis}, resolution = ${body.resolution},
              diagnostic_notes = ${body.notes}, labor_hours = ${body.labor_hours}::numeric, updated_at = now()
            from (select symptoms, diagnosis, resolution, diagnostic_notes, labor_hours::text from service_requests where id = ${id}::uuid) old
            where r.id = ${id}::uuid
            returning old.*`),
        );
        await audit(tx, { actorId: caller.userId, action: 'service_request.diagnostic', entity: 'service_request', entityId: id, before, after: body, ip: caller.ip });
        await changed(tx, row);
      });
      return requests.get(caller, id);
    },

    /** A part from the request technician's van: a `consumption` movement through the ledger (409 insufficient_stock when the van holds less). */
    async addPart(caller: RequestCaller, id: string, body: TAddPart): Promise<TPartLine> {
      const newLine = await db.transaction(async (tx) => {
        const row = await lockForWork(tx, caller, id);
        checkWork(row, caller, 'use_parts');
        const lineId = await recordPartUse(tx, { requestId: id, number: row.number, vanId: row.van_id!, itemId: body.item_id, quantity: body.quantity, actorId: caller.userId });
        await audit(tx, { actorId: caller.userId, action: 'service_request.part_used', entity: 'service_request', entityId: id, after: { line: lineId, ...body }, ip: caller.ip });
        await changed(tx, row);
        return lineId;
      });
      return partLine(db, newLine);
    },

    /** Removes a part line: the `return` movement puts it back into the van it came from. */
    async removePart(caller: RequestCaller, id: string, lineId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await lockForWork(tx, caller, id);
        checkWork(row, caller, 'use_parts');
        const [line] = rowsOf<{ item_id: string; warehouse_id: string; quantity: string }>(
          await tx.execute(sql`delete from request_parts where id = ${lineId}::uuid and request_id = ${id}::uuid returning item_id, warehouse_id, quantity::text`),
        );
        if (!line) throw notFound('Part line');
        await applyMovements(tx, [
          { itemId: line.item_id, warehouseId: line.warehouse_id, quantity: line.quantity, kind: 'return', documentType: 'service_request', documentId: id, documentNumber: row.number, actorId: caller.userId },
        ]);
        await audit(tx, { actorId: caller.userId, action: 'service_request.part_returned', entity: 'service_request', entityId: id, before: { line: lineId, ...line }, ip: caller.ip });
        await changed(tx, row);
      });
    },

    /**
     * One tap while working: a parts request (a transfer into the technician's van, from the main
     * warehouse unless another is named) and the request waits for it in `pending_parts`.
     */
    async requestParts(caller: RequestCaller, id: string, body: TPartsRequest): Promise<TServiceRequest> {
      await db.transaction(async (tx) => {
        const row = await lockForWork(tx, caller, id);
        checkWork(row, caller, 'request_parts');
        let from = body.from_warehouse_id ?? null;
        if (!from) {
          const [main] = rowsOf<{ id: string }>(await tx.execute(sql`select id from warehouses where kind = 'main' and active order by created_at limit 1`));
          if (!main) throw badRequest({ from_warehouse_id: 'required' });
          from = main.id;
        }
        // As the technician asking into their own van (an admin asks on their behalf).
        const transfer = await createTransfer(tx, caller, {
          from_warehouse_id: from,
          to_warehouse_id: row.van_id!,
          notes: `${row.number}${body.note ? ` — ${body.note}` : ''}`,
          lines: body.lines,
        });
        const named = transfer.lines.map((l) => `${l.item_code} × ${l.quantity}`).join(', ');
        await applyRequestAction(tx, caller, id, 'await-parts', { note: `${transfer.number}: ${named}${body.note ? ` — ${body.note}` : ''}` });
        await tx.execute(sql`update service_requests set awaiting_transfer_id = ${transfer.id}::uuid where id = ${id}::uuid`);
      });
      return requests.get(caller, id);
    },

    /** Admin: passed, or failed — which reopens the work (completed → in_progress) and tells the technician. */
    async qualityCheck(caller: RequestCaller, id: string, body: TQualityCheckInput): Promise<TServiceRequest> {
      await db.transaction(async (tx) => {
        const row = await lockForWork(tx, caller, id);
        checkWork(row, caller, 'quality_check');
        await tx.execute(sql`
          update service_requests set qc_result = ${body.result}::quality_check_result, qc_notes = ${body.notes}, qc_by = ${caller.userId}::uuid,
            qc_at = clock_timestamp(), updated_at = now()
          where id = ${id}::uuid`);
        await audit(tx, { actorId: caller.userId, action: `service_request.quality_${body.result}`, entity: 'service_request', entityId: id, after: body, ip: caller.ip });
        if (body.result === 'failed') {
          // The state machine's reopen: history, reopen count, the technician and the customer told.
          await applyRequestAction(tx, caller, id, 'reopen', { note: body.notes! });
        } else {
          if (row.technician_id) {
            await notify(tx, { userIds: [row.technician_id] }, {
              type: 'success',
              title: 'notifications.sr_quality_passed.title',
              message: 'notifications.sr_quality_passed.message',
              params: { number: row.number, notes: body.notes ?? '' },
              link: `/dashboard/service-requests/${id}`,
            });
          }
          await changed(tx, row);
        }
      });
      return requests.get(caller, id);
    },
  };
}

export type FieldWorkService = ReturnType<typeof createFieldWorkService>;
