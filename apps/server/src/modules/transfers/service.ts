import {
  scopeOf,
  TRANSFER_TRANSITIONS,
  transferActions,
  transferRefusal,
  type TCreateTransferRequest,
  type TransferAction,
  type TransferActor,
  type TTransfer,
  type TTransferDocumentQuery,
  type TTransferList,
  type TTransferListQuery,
  type TTransferSummary,
} from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { nextNumber } from '../../lib/numbers.js';
import { applyMovements } from '../inventory/index.js';
import { notify } from '../notifications/index.js';
import { audienceFor, publish } from '../realtime/index.js';
import { getSettings } from '../settings/index.js';
import {
  findActiveUsers,
  findItemStates,
  findTransfer,
  findWarehouseStates,
  insertTransfer,
  insertTransferEvent,
  insertTransferLines,
  listTransfers,
  lockTransfer,
  readTransferDetail,
  recordTransition,
  requestsWaitingForParts,
  timelineOf,
  warehouseOf,
  type FullTransferRow,
  type TransferRow,
  type Visibility,
} from './queries.js';

/** Who acts on transfers: what services need of the caller (seeding and benchmarks pass their own). */
export type TransferCaller = Pick<Actor, 'userId' | 'role' | 'ip'>;

const STATUS_AFTER: Record<TransferAction, 'approved' | 'rejected' | 'cancelled' | 'completed'> = {
  approve: 'approved',
  reject: 'rejected',
  cancel: 'cancelled',
  receive: 'completed',
};

const DONE: Record<TransferAction, string> = { approve: 'approved', reject: 'rejected', cancel: 'cancelled', receive: 'received' };

/** Which transfers the caller may see, by the scope of their read:transfer (no query). */
function visibilityOf(caller: TransferCaller): Visibility {
  const scope = scopeOf(caller.role, 'read:transfer');
  return scope === 'any' ? { scope: 'any' } : scope === 'own' ? { scope: 'van', userId: caller.userId } : { scope: 'none' };
}

/** The caller as the state machine sees them; their van comes with the transfer row. */
const actorOf = (caller: TransferCaller, row: Pick<TransferRow, 'caller_van_id'>): TransferActor => ({
  userId: caller.userId,
  role: caller.role,
  vanWarehouseId: caller.role === 'technician' ? row.caller_van_id : null,
});

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

function summaryOf(r: TransferRow, actor: TransferActor): TTransferSummary {
  const base = {
    id: r.id,
    number: r.number,
    status: r.status,
    from_warehouse: warehouseOf(r, 'from'),
    to_warehouse: warehouseOf(r, 'to'),
    notes: r.notes,
    requested_by: { id: r.requested_by, name: r.requested_by_name },
    requested_at: r.requested_at,
    decided_by: person(r.decided_by, r.decided_by_name),
    decided_at: r.decided_at,
    rejection_reason: r.rejection_reason,
    received_by: person(r.received_by, r.received_by_name),
    received_at: r.received_at,
    cancelled_by: person(r.cancelled_by, r.cancelled_by_name),
    cancelled_at: r.cancelled_at,
    parts_request: r.to_kind === 'van',
    line_count: r.line_count,
  };
  return { ...base, allowed_actions: transferActions(base, actor) };
}

function readTransfer(row: FullTransferRow, actor: TransferActor): TTransfer {
  const { line_count: _count, ...summary } = summaryOf(row, actor);
  return { ...summary, lines: row.lines, timeline: timelineOf(row) };
}

/** The transfer as the caller sees it now (one statement), or 404. */
async function loadTransfer(db: DbOrTx, caller: TransferCaller, id: string): Promise<TTransfer> {
  const row = await findTransfer(db, id, caller.userId, visibilityOf(caller), { full: true });
  if (!row) throw notFound('Transfer');
  return readTransfer(row, actorOf(caller, row));
}

/** The people a transfer concerns: its requester and the technicians of the vans it touches. */
const concerned = (r: Pick<TransferRow, 'requested_by' | 'from_technician_id' | 'to_technician_id'>) =>
  [r.requested_by, r.from_technician_id, r.to_technician_id].filter((id): id is string => !!id);

async function publishChange(tx: Tx, r: Pick<TransferRow, 'id' | 'status' | 'from_technician_id' | 'to_technician_id'>, event: string) {
  await publish(tx, {
    topic: 'transfers',
    event,
    audience: audienceFor('read:transfer', { own: [r.from_technician_id, r.to_technician_id] }),
    payload: { ids: [r.id], status: r.status },
  });
}

/**
 * Creates a pending transfer in the caller's transaction. A technician may only ask for parts
 * from a main or branch warehouse into their own van (request:transfer:own); supervisors and
 * admins between any two warehouses. Notifies every supervisor and admin (not the requester)
 * and the technician of a van involved.
 */
export async function createTransfer(tx: Tx, caller: TransferCaller, input: TCreateTransferRequest): Promise<TTransfer> {
  const whs = await findWarehouseStates(tx, [input.from_warehouse_id, input.to_warehouse_id]);
  const from = whs.find((w) => w.id === input.from_warehouse_id);
  const to = whs.find((w) => w.id === input.to_warehouse_id);
  const missing: Record<string, 'invalid'> = {};
  if (!from) missing.from_warehouse_id = 'invalid';
  if (!to) missing.to_warehouse_id = 'invalid';
  const itemIds = input.lines.map((l) => l.item_id);
  const items = await findItemStates(tx, itemIds);
  input.lines.forEach((line, i) => {
    if (!items.some((it) => it.id === line.item_id)) missing[`lines.${i}.item_id`] = 'invalid';
  });
  if (Object.keys(missing).length) throw badRequest(missing);

  if (scopeOf(caller.role, 'request:transfer') === 'own') {
    // A parts request: into the technician's own van, out of a main or branch warehouse.
    if (to!.technicianId !== caller.userId) {
      throw forbidden('A parts request can only go into your own van');
    }
    if (from!.kind === 'van') {
      throw new AppError(400, 'validation_failed', 'Parts are requested from a main or branch warehouse, not from a van', {
        fields: { from_warehouse_id: 'invalid' },
      });
    }
  }
  for (const w of [from!, to!]) {
    if (!w.active) {
      throw new AppError(409, 'warehouse_inactive', `Warehouse ${w.code} is deactivated`, { details: { warehouse_id: w.id, warehouse_code: w.code } });
    }
  }
  const inactive = items.find((it) => !it.active);
  if (inactive) {
    throw new AppError(409, 'item_inactive', `Item ${inactive.code} is deactivated and cannot be moved`, {
      details: { item_id: inactive.id, item_code: inactive.code },
    });
  }

  // Drawn last: the counter row stays locked until commit, so keep the rest short.
  const number = await nextNumber(tx, 'transfer', 'TR');
  const [created] = await insertTransfer(tx, { number, fromWarehouseId: from!.id, toWarehouseId: to!.id, notes: input.notes ?? null, requestedBy: caller.userId });
  const id = created!.id;
  await insertTransferLines(tx, input.lines.map((l) => ({ transferId: id, itemId: l.item_id, quantity: l.quantity })));
  await insertTransferEvent(tx, { transferId: id, fromStatus: null, toStatus: 'pending', actorId: caller.userId, note: input.notes ?? null });
  await audit(tx, {
    actorId: caller.userId,
    action: 'transfer.created',
    entity: 'transfer',
    entityId: id,
    after: { number, from_warehouse_id: from!.id, to_warehouse_id: to!.id, notes: input.notes ?? null, lines: input.lines },
    ip: caller.ip,
  });

  const row = (await findTransfer(tx, id, caller.userId, { scope: 'any' }, { full: true }))!;
  const approvers = await findActiveUsers(tx, ['whs_supervisor', 'admin'], caller.userId);
  const params = { number, from: row.from_name, to: row.to_name, actor: row.requested_by_name };
  await notify(tx, { userIds: approvers.map((u) => u.id) }, {
    type: 'info',
    title: 'notifications.transfer_requested.title',
    message: 'notifications.transfer_requested.message',
    params,
    link: `/dashboard/transfers/${id}`,
  });
  const technicians = [row.from_technician_id, row.to_technician_id].filter((t): t is string => !!t && t !== caller.userId);
  await notify(tx, { userIds: technicians }, {
    type: 'info',
    title: 'notifications.transfer_requested.title',
    message: 'notifications.transfer_requested.message',
    params,
    link: `/dashboard/transfers/${id}`,
  });
  await publishChange(tx, row, 'transfer.created');
  return readTransfer(row, actorOf(caller, row));
}

/**
 * One transition of the state machine (packages/shared/src/transfer-states.ts), in the caller's
 * transaction, with the transfer row locked: approve takes every line out of the source
 * (all or nothing), receive puts them into the destination. Writes the timeline, the audit
 * row, notifications (requester and van technicians, not the actor) and a realtime event.
 * Returns what the caller needs to read the transfer afterwards.
 */
export async function applyTransition(
  tx: Tx,
  caller: TransferCaller,
  id: string,
  action: TransferAction,
  note: string | null = null,
): Promise<{ id: string; actor: TransferActor }> {
  // One statement: the caller's view of the transfer, its lines, the caller's van and name, and the row lock.
  const row = await lockTransfer(tx, id, caller.userId, visibilityOf(caller));
  if (!row) throw notFound('Transfer');
  const actor = actorOf(caller, row);
  const actorName = row.caller_name ?? '';
  const facts = { status: row.status, requested_by: { id: row.requested_by }, to_warehouse: { id: row.to_id } };
  const refusal = transferRefusal(facts, actor, action);
  if (refusal === 'forbidden') throw forbidden(`You may not ${action} transfer ${row.number}`);
  if (refusal === 'invalid_state') {
    throw new AppError(
      409,
      'invalid_state',
      `Transfer ${row.number} is ${row.status}: only a ${TRANSFER_TRANSITIONS[action].from} transfer can be ${DONE[action]}`,
      { details: { status: row.status } },
    );
  }
  if (refusal === 'own_request') throw conflict('own_transfer', `You requested ${row.number} yourself: another supervisor or an admin must ${action} it`);

  // Everything but the stock first: the ledger's row locks on the stock levels are the hot
  // ones (many transfers draw on the same items), so they are taken last and held only
  // until the commit that follows.
  const to = STATUS_AFTER[action];
  // The new status, its timeline entry and its audit row in one statement.
  await recordTransition(tx, { id, action, from: row.status, to, actorId: caller.userId, note }, {
    actorId: caller.userId,
    action: `transfer.${to}`,
    entity: 'transfer',
    entityId: id,
    before: { status: row.status },
    after: { status: to, ...(note ? { note } : {}) },
    ip: caller.ip,
  });
  const kind = to === 'completed' ? 'received' : to;
  await notify(tx, { userIds: concerned(row).filter((u) => u !== caller.userId) }, {
    type: action === 'reject' ? 'warning' : action === 'cancel' ? 'info' : 'success',
    title: `notifications.transfer_${kind}.title`,
    message: `notifications.transfer_${kind}.message`,
    params: { number: row.number, from: row.from_name, to: row.to_name, actor: actorName, ...(note ? { reason: note } : {}) },
    link: `/dashboard/transfers/${id}`,
  });
  await publishChange(tx, { ...row, status: to }, `transfer.${to}`);

  if (action === 'approve' || action === 'receive') {
    await applyMovements(
      tx,
      row.lines.map((l) => ({
        itemId: l.item_id,
        warehouseId: action === 'approve' ? row.from_id : row.to_id,
        quantity: action === 'approve' ? `-${l.quantity}` : l.quantity,
        kind: action === 'approve' ? ('transfer_out' as const) : ('transfer_in' as const),
        documentType: 'transfer',
        documentId: id,
        documentNumber: row.number,
        actorId: caller.userId,
      })),
    );
  }
  // Only a van has a technician.
  if (action === 'receive' && row.to_technician_id) {
    await tellWaitingJobs(tx, row.to_technician_id, { id, number: row.number, to: row.to_name });
  }
  return { id, actor };
}

/** How many waiting requests a parts-arrived notification names (the count says if there are more). */
const WAITING_NAMED = 10;

/**
 * Parts arrived in a technician's van (PRODUCT.md §4): one notification to the technician
 * naming their requests waiting in `pending_parts` for it — one extra query, and nothing when
 * none waits. A request that asked for parts through its own parts request
 * (`awaiting_transfer_id`, issue #10) is named alone; otherwise (parts asked for separately) every
 * waiting request of the van's technician is. One request links to itself, several to their list.
 */
async function tellWaitingJobs(tx: Tx, technicianId: string, transfer: { id: string; number: string; to: string }) {
  const waiting = await requestsWaitingForParts(tx, technicianId, transfer.id, WAITING_NAMED);
  if (!waiting.length) return;
  const count = waiting[0]!.total;
  const named = waiting.map((r) => r.number).join(', ');
  await notify(tx, { userIds: [technicianId] }, {
    type: 'success',
    title: 'notifications.parts_arrived.title',
    message: 'notifications.parts_arrived.message',
    params: { number: transfer.number, to: transfer.to, total: count, requests: count > waiting.length ? `${named}, …` : named },
    link: count === 1 ? `/dashboard/service-requests/${waiting[0]!.id}` : '/dashboard/service-requests?status=pending_parts',
  });
}

/** applyTransition, then the transfer as the caller sees it, all in the caller's transaction. */
export async function transitionTransfer(tx: Tx, caller: TransferCaller, id: string, action: TransferAction, note: string | null = null): Promise<TTransfer> {
  await applyTransition(tx, caller, id, action, note);
  return loadTransfer(tx, caller, id);
}

export function createTransferService(ctx: AppContext) {
  const { db } = ctx;

  /** The transfer as the caller sees it, by the hot read's named prepared statement, or 404. */
  async function detail(caller: TransferCaller, id: string): Promise<TTransfer> {
    const row = await readTransferDetail(ctx.reads, id, caller.userId, visibilityOf(caller));
    if (!row) throw notFound('Transfer');
    return readTransfer(row, actorOf(caller, row));
  }

  return {
    create: (caller: TransferCaller, input: TCreateTransferRequest) => db.transaction((tx) => createTransfer(tx, caller, input)),

    /**
     * The transition commits first; the transfer is read afterwards, outside its locks, by the
     * same prepared statement as `get` (the transfers benchmark's answer read back).
     */
    async transition(caller: TransferCaller, id: string, action: TransferAction, note?: string | null): Promise<TTransfer> {
      await db.transaction((tx) => applyTransition(tx, caller, id, action, note ?? null));
      return detail(caller, id);
    },

    /** A hot read (api-read benchmark): a named prepared statement per visibility scope. */
    get: detail,

    async list(caller: TransferCaller, q: TTransferListQuery): Promise<TTransferList> {
      const page = await listTransfers(db, q, caller.userId, visibilityOf(caller));
      return { items: page.rows.map((r) => summaryOf(r, actorOf(caller, r))), next_cursor: page.next_cursor, total: page.total };
    },

    /** The delivery note as a file: `{ body, contentType, fileName }`. */
    async document(caller: TransferCaller, id: string, q: TTransferDocumentQuery) {
      const transfer = await loadTransfer(db, caller, id);
      const s = await getSettings(db, ['company_name', 'time_zone']);
      const input = { transfer, companyName: s.company_name, timeZone: s.time_zone, lang: q.lang };
      // The document module (and the PDF renderer with it) loads with the first delivery note.
      const { deliveryNoteFileName, renderDeliveryNoteCsv, renderDeliveryNotePdf } = await import('./document.js');
      const fileName = deliveryNoteFileName(transfer, q.format);
      if (q.format === 'csv') return { body: renderDeliveryNoteCsv(input), contentType: 'text/csv; charset=utf-8', fileName };
      return { body: await renderDeliveryNotePdf(input), contentType: 'application/pdf', fileName };
    },
  };
}

export type TransferService = ReturnType<typeof createTransferService>;
