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
import { notify } from '../notifications/index.js';
import { createTransfer } from '../transfers/index.js';
import { applyRequestAction, publishChange, type RequestCaller, type ServiceRequestService, closeWorkEntry, openWorkEntry, partLine, workEntry } from '../service-requests/index.js';
import {
  deletePartLine,
  entryClockOf,
  findItemPrice,
  findMainWarehouseId,
  findOpenWorkEntryId,
  insertPartLine,
  lockRequestForWork,
  recordQualityCheck,
  setAwaitingTransfer,
  setWorkEntryEnd,
  setWorkEntryNote,
  setWorkEntryStart,
  updateDiagnostic,
  type WorkRow,
} from './queries.js';

/**
 * The technician's work on a request (issue #10): the work log, the diagnostic, parts from the
 * van, a parts request, the quality check. Each change locks the request, checks the shared
 * work rules (packages/shared/src/field-work.ts: 404 for a request the caller may not see, 403
 * for a role that may never, 409 naming the status), writes, audits staff and publishes the
 * request's change so open pages refresh — all in one transaction.
 */

export type { WorkRow } from './queries.js';

/** Locks a request the caller may see for a change of its work (404 otherwise). */
export async function lockForWork(tx: Tx, caller: RequestCaller, id: string): Promise<WorkRow> {
  const row = await lockRequestForWork(tx, caller, id);
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
  const item = await findItemPrice(tx, p.itemId);
  if (!item) throw badRequest({ item_id: 'invalid' });
  const lineId = await insertPartLine(tx, { requestId: p.requestId, itemId: p.itemId, vanId: p.vanId, quantity: p.quantity, price: item.price, taxRate: item.tax_rate, actorId: p.actorId });
  await applyMovements(tx, [
    { itemId: p.itemId, warehouseId: p.vanId, quantity: `-${p.quantity}`, kind: 'consumption', documentType: 'service_request', documentId: p.requestId, documentNumber: p.number, actorId: p.actorId },
  ]);
  return lineId;
}

/** How far a device's clock may run ahead of the database's before its time is refused. */
const DEVICE_CLOCK_SKEW_MS = 2 * 60_000;

/**
 * A start or pause done earlier on the device (queued offline, issue #27) keeps the device's
 * time, checked against the entry it opened or closed: not in the future beyond the skew, a
 * start not before the request was assigned nor before its earlier work ended, a pause not
 * before its start. A refusal throws (400 `at`), so the caller's transaction rolls back.
 */
async function placeAtDeviceTime(tx: Tx, row: WorkRow, entryId: string, edge: 'start' | 'end', at: string): Promise<void> {
  const clock = await entryClockOf(tx, row.id, entryId);
  const ms = Date.parse(at);
  const refuse = (why: string) => badRequest({ at: 'out_of_range' }, `The time of this ${edge === 'start' ? 'start' : 'pause'} is ${why}`);
  if (ms > clock.now_ms + DEVICE_CLOCK_SKEW_MS) throw refuse('in the future');
  if (edge === 'start') {
    if (ms < clock.since_ms) throw refuse(`before ${row.number} was assigned`);
    if (clock.previous_end_ms !== null && ms < clock.previous_end_ms) throw refuse(`before the earlier work on ${row.number} ended`);
    await setWorkEntryStart(tx, entryId, at);
  } else {
    if (ms < clock.started_ms) throw refuse('before its work started');
    await setWorkEntryEnd(tx, entryId, at);
  }
}

export function createFieldWorkService(ctx: AppContext, requests: ServiceRequestService) {
  const { db } = ctx;

  return {
    /**
     * Start (an `assigned` request moves to in_progress) or resume after a pause: opens a work log
     * entry, at `body.at` when the device says when (the request's history keeps the server's time).
     */
    async startWork(caller: RequestCaller, id: string, body: TWorkLogNote): Promise<TWorkLogEntry> {
      const entryId = await db.transaction(async (tx) => {
        const row = await lockForWork(tx, caller, id);
        checkWork(row, caller, 'log_work');
        if (row.work_running) throw conflict('work_log_open', `Work on ${row.number} is already running`);
        if (row.status === 'assigned') {
          // The state machine's start opens the entry (and writes history, notifications, realtime).
          await applyRequestAction(tx, caller, id, 'start', { note: body.note });
          const openId = await findOpenWorkEntryId(tx, id);
          if (body.note) await setWorkEntryNote(tx, openId!, body.note);
          if (body.at) await placeAtDeviceTime(tx, row, openId!, 'start', body.at);
          return openId!;
        }
        const opened = await openWorkEntry(tx, id, row.technician_id ?? caller.userId, body.note);
        if (!opened) throw conflict('work_log_open', `Work on ${row.number} is already running`);
        if (body.at) await placeAtDeviceTime(tx, row, opened, 'start', body.at);
        if (staff(caller)) await audit(tx, { actorId: caller.userId, action: 'service_request.work_started', entity: 'service_request', entityId: id, after: { entry: opened }, ip: caller.ip });
        await changed(tx, row);
        return opened;
      });
      return workEntry(db, entryId);
    },

    /** Pause: closes the open entry (at `body.at` when the device says when). */
    async stopWork(caller: RequestCaller, id: string, body: TWorkLogNote): Promise<TWorkLogEntry> {
      const entryId = await db.transaction(async (tx) => {
        const row = await lockForWork(tx, caller, id);
        checkWork(row, caller, 'log_work');
        const closed = await closeWorkEntry(tx, id, body.note);
        if (!closed) throw conflict('no_open_work_log', `No work is running on ${row.number}`);
        if (body.at) await placeAtDeviceTime(tx, row, closed, 'end', body.at);
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
        const before = await updateDiagnostic(tx, id, body);
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
        const line = await deletePartLine(tx, id, lineId);
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
          const main = await findMainWarehouseId(tx);
          if (!main) throw badRequest({ from_warehouse_id: 'required' });
          from = main;
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
        await setAwaitingTransfer(tx, id, transfer.id);
      });
      return requests.get(caller, id);
    },

    /** Admin: passed, or failed — which reopens the work (completed → in_progress) and tells the technician. */
    async qualityCheck(caller: RequestCaller, id: string, body: TQualityCheckInput): Promise<TServiceRequest> {
      await db.transaction(async (tx) => {
        const row = await lockForWork(tx, caller, id);
        checkWork(row, caller, 'quality_check');
        await recordQualityCheck(tx, id, body, caller.userId);
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
