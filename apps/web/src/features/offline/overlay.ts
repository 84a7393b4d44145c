import {
  requestActions,
  SERVICE_REQUEST_RULES,
  workActions,
  type Role,
  type ServiceRequestAction,
  type ServiceRequestStatus,
  type TAttachment,
  type TPartLine,
  type TServiceRequest,
  type TWorkLogEntry,
} from '@portal/shared';
import type { OutboxItem } from './outbox';

/** Ids of what the task shows for a queued action: `queued:<item id>` (`:<kind>` for a signature). */
const QUEUED = 'queued:';
export const queuedId = (itemId: string, suffix?: string) => `${QUEUED}${itemId}${suffix ? `:${suffix}` : ''}`;
export const isQueuedId = (id: string) => id.startsWith(QUEUED);
/** The outbox item behind a queued id. */
export const itemIdOf = (id: string) => id.slice(QUEUED.length).split(':')[0]!;

export interface OverlayActor {
  userId: string;
  role: Role;
  name: string;
}

type Draft = TServiceRequest & { work: TServiceRequest['work'] };

const seconds = (from: string, to: string) => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));

function openEntry(r: Draft, item: OutboxItem, actor: OverlayActor, note: string | null): void {
  if (r.work.open_entry_id) return;
  const entry: TWorkLogEntry = { id: queuedId(item.id), technician: { id: actor.userId, name: actor.name }, started_at: item.at, ended_at: null, seconds: 0, note };
  r.work.work_log = [...r.work.work_log, entry];
  r.work.open_entry_id = entry.id;
}

function closeEntry(r: Draft, at: string, note: string | null): void {
  const open = r.work.open_entry_id;
  if (!open) return;
  r.work.work_log = r.work.work_log.map((entry) =>
    entry.id === open
      ? { ...entry, ended_at: at, seconds: seconds(entry.started_at, at), note: note ? (entry.note ? `${entry.note}\n${note}` : note) : entry.note }
      : entry,
  );
  r.work.open_entry_id = null;
}

function moveTo(r: Draft, status: ServiceRequestStatus, at: string): void {
  if (r.status === 'assigned' && status === 'in_progress') {
    r.work.started_at ??= at;
    r.first_response_at ??= at;
  }
  r.status = status;
}

const noteOf = (body: unknown) => ((body as { note?: string | null } | undefined)?.note ?? null) || null;

function applyAction(r: Draft, item: OutboxItem, actor: OverlayActor): void {
  const action = item.meta?.action as ServiceRequestAction | undefined;
  if (!action || !(action in SERVICE_REQUEST_RULES)) return;
  const body = (item.body ?? {}) as Record<string, string | null | undefined>;
  if (action === 'await-parts' || action === 'complete' || action === 'cancel') closeEntry(r, item.at, null);
  moveTo(r, SERVICE_REQUEST_RULES[action].to, item.at);
  if (action === 'start' || action === 'resume') openEntry(r, item, actor, noteOf(body));
  if (action === 'await-parts') r.work.awaiting_parts_note = body.note ?? null;
  if (action === 'complete') {
    r.work.diagnosis = body.diagnosis ?? r.work.diagnosis;
    r.work.resolution = body.resolution ?? r.work.resolution;
    r.work.completed_at = item.at;
    r.completed_at = item.at;
    // The signatures drawn on the device show as the server will keep them: attachments.
    for (const kind of ['technician_signature', 'customer_signature'] as const) {
      const image = body[kind];
      if (!image) continue;
      const signature: TAttachment = { id: queuedId(item.id, kind), kind, content_type: 'image/png', size: 0, caption: null, created_at: item.at, url: image, thumb_url: image };
      r.work.attachments = [...r.work.attachments, signature];
    }
  }
}

function applyItem(r: Draft, item: OutboxItem, actor: OverlayActor): void {
  const body = (item.body ?? {}) as Record<string, string | null | undefined>;
  switch (item.kind) {
    case 'work-start':
      if (r.status === 'assigned') moveTo(r, 'in_progress', item.at);
      openEntry(r, item, actor, noteOf(body));
      break;
    case 'work-stop':
      closeEntry(r, item.at, noteOf(body));
      break;
    case 'diagnostic':
      r.work.symptoms = body.symptoms ?? null;
      r.work.diagnosis = body.diagnosis ?? null;
      r.work.resolution = body.resolution ?? null;
      r.work.diagnostic_notes = body.notes ?? null;
      r.work.labor_hours = body.labor_hours ?? null;
      break;
    case 'part-add': {
      const part = item.meta?.part;
      if (!part) break;
      // Prices are the server's to say (as they are when it takes the part): none until then.
      const line: TPartLine = {
        id: queuedId(item.id),
        item_id: part.item_id,
        item_code: part.item_code,
        item_name: part.item_name,
        unit: part.unit,
        warehouse_id: r.work.van_id ?? '',
        quantity: part.quantity,
        unit_price: '',
        tax_rate: '',
        subtotal: '',
        tax_amount: '',
        total: '',
        created_at: item.at,
      };
      r.work.parts = [...r.work.parts, line];
      break;
    }
    case 'part-remove':
      r.work.parts = r.work.parts.filter((line) => line.id !== item.meta?.lineId);
      break;
    case 'photo': {
      const photo: TAttachment = { id: queuedId(item.id), kind: 'photo', content_type: 'image/*', size: 0, caption: null, created_at: item.at, url: '', thumb_url: '' };
      r.work.attachments = [...r.work.attachments, photo];
      break;
    }
    case 'action':
      applyAction(r, item, actor);
      break;
  }
}

/**
 * The task as it will be once the server has this request's queued actions: what the screen
 * shows while they wait (status, work log, diagnostic, parts, photos, signatures), and the
 * buttons the shared rules then allow. Failed items are left out: they did not happen.
 * `now` counts a running entry started on the device.
 */
export function applyOutbox(request: TServiceRequest, items: readonly OutboxItem[], actor: OverlayActor, now: number = Date.now()): TServiceRequest {
  const mine = items.filter((item) => item.requestId === request.id && item.state !== 'failed');
  if (!mine.length) return request;
  const r: Draft = { ...request, work: { ...request.work } };
  for (const item of mine) applyItem(r, item, actor);
  const nowIso = new Date(now).toISOString();
  r.work.work_log = r.work.work_log.map((entry) => (isQueuedId(entry.id) && entry.ended_at === null ? { ...entry, seconds: seconds(entry.started_at, nowIso) } : entry));
  r.work.duration_seconds = r.work.work_log.reduce((sum, entry) => sum + entry.seconds, 0);
  const technicianId = r.technician?.id ?? null;
  r.allowed_actions = requestActions({ status: r.status, customer_id: r.customer.id, technician_id: technicianId }, actor);
  r.work_actions = workActions(
    { status: r.status, technician_id: technicianId, work_running: r.work.open_entry_id !== null, checked_since_completion: false, has_van: r.work.van_id !== null },
    actor,
  );
  return r;
}

/** How much of each item the queued, not yet refused part uses take from the van. */
export function queuedPartUse(items: readonly OutboxItem[]): Map<string, number> {
  const used = new Map<string, number>();
  for (const item of items) {
    const part = item.kind === 'part-add' && item.state !== 'failed' && item.state !== 'sent' ? item.meta?.part : undefined;
    if (part) used.set(part.item_id, (used.get(part.item_id) ?? 0) + Number(part.quantity));
  }
  return used;
}
