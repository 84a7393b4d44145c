import { apiFetch } from '../../lib/api-client';
import { isNetworkError } from '../../lib/retry';
import { getSession, type AuthEvent } from '../../lib/session-store';
import { isUnsent, Outbox, type OutboxItem, type OutboxKind, type OutboxMeta } from './outbox';
import { replayOutbox, sendItem, type ReplayDeps, type ReplayResult } from './replay';
import { offlineStorage } from './storage';
import { technicianOf } from './technician';

export { technicianOf };

const outboxes = new Map<string, Outbox>();

export function outboxOf(userId: string): Outbox {
  let outbox = outboxes.get(userId);
  if (!outbox) {
    outbox = new Outbox(offlineStorage(), userId);
    outboxes.set(userId, outbox);
  }
  return outbox;
}

/** The signed-in technician's outbox; null for other roles. */
export function currentOutbox(): Outbox | null {
  const userId = technicianOf(getSession());
  return userId ? outboxOf(userId) : null;
}

/** A key made on the device; randomUUID exists only on https and localhost, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const requestPath = (requestId: string, rest: string) => `/api/service-requests/${encodeURIComponent(requestId)}/${rest}`;

export interface WorkRequest {
  requestId: string;
  kind: OutboxKind;
  method: 'POST' | 'PUT' | 'DELETE';
  /** The whole API path. */
  path: string;
  body?: unknown;
  /** A photo: multipart with these fields and the file. */
  upload?: { file: Blob; fileName: string; fields: Record<string, string> };
  meta?: OutboxMeta;
  /**
   * Work is running and this action ends it (complete, await parts): when it has to wait in the
   * outbox, a pause at the device's time goes first, or the server would close the entry at
   * the time the action reaches it.
   */
  pauseFirst?: boolean;
}

export type SendResult<T> = { queued: false; data: T } | { queued: true };

const WORK_LOG_KINDS: readonly OutboxKind[] = ['work-start', 'work-stop'];

function itemOf(request: WorkRequest, userId: string, at: string, options: { stamped: boolean }): OutboxItem {
  // The work log keeps the device's time (the server's `at`); other actions are timed by the server.
  const body = options.stamped && WORK_LOG_KINDS.includes(request.kind) ? { ...(request.body as object), at } : request.body;
  return {
    id: newIdempotencyKey(),
    userId,
    requestId: request.requestId,
    kind: request.kind,
    method: request.method,
    path: request.path,
    ...(body !== undefined ? { body } : {}),
    ...(request.upload ? { upload: { fileName: request.upload.fileName, fields: request.upload.fields } } : {}),
    at,
    state: 'pending',
    ...(request.meta ? { meta: request.meta } : {}),
  };
}

/**
 * A technician's work action: sent at once when online, else kept in the outbox. It also waits
 * there when earlier actions on the same request still do (their order matters), and when the
 * network fails on the way (a fetch TypeError, never a 4xx) — with the same key and body, so if
 * the server did get it, the replay changes nothing.
 */
export async function sendOrQueue<T>(request: WorkRequest): Promise<SendResult<T>> {
  const outbox = currentOutbox();
  if (!outbox) {
    const body = request.upload ? formOf(request.upload) : request.body;
    return { queued: false, data: await apiFetch<T>(request.path, { method: request.method, body: body ?? (request.method === 'DELETE' ? undefined : {}) }) };
  }
  await outbox.ready;
  const at = new Date().toISOString();
  const offline = !navigator.onLine;
  const behind = outbox.list().some((item) => item.requestId === request.requestId && isUnsent(item));
  if (offline || behind) {
    if (request.pauseFirst) {
      await outbox.enqueue(
        itemOf({ requestId: request.requestId, kind: 'work-stop', method: 'POST', path: requestPath(request.requestId, 'work-log/stop'), body: { note: null } }, outbox.userId, at, { stamped: true }),
      );
    }
    await outbox.enqueue(itemOf(request, outbox.userId, at, { stamped: true }), request.upload?.file);
    if (!offline) void requestReplay();
    return { queued: true };
  }
  const item = itemOf(request, outbox.userId, at, { stamped: false });
  try {
    return { queued: false, data: (await sendItem(item, request.upload?.file)) as T };
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    await outbox.enqueue(item, request.upload?.file);
    return { queued: true };
  }
}

function formOf(upload: NonNullable<WorkRequest['upload']>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', upload.file instanceof File ? upload.file : new File([upload.file], upload.fileName, { type: upload.file.type }));
  return form;
}

// ---------------------------------------------------------------------------------------
// Replay: on reconnect, at start, after a token refresh, and when an action joins a queue
// while online. One run at a time; a call during a run asks for one more afterwards.

export interface ReplayHooks extends Omit<ReplayDeps, 'send'> {
  onDone?: (result: ReplayResult, outbox: Outbox) => void;
}

let hooks: ReplayHooks = {};
let running: Promise<void> | null = null;
let again = false;

export function configureReplay(next: ReplayHooks): void {
  hooks = next;
}

/**
 * Back from a long time offline, the access token has expired: sending now would only earn 401s
 * (and two in a row sign the user out). The auth layer renews it within its 30 s tick, and its
 * TOKEN_REFRESHED starts the replay (REPLAY_EVENTS).
 */
function tokenExpired(): boolean {
  const session = getSession();
  return !!session && session.expires_at * 1000 <= Date.now() + 5_000;
}

export function requestReplay(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      const outbox = currentOutbox();
      if (!outbox || !navigator.onLine || tokenExpired()) return;
      const result = await replayOutbox(outbox, { send: sendItem, ...hooks });
      if (result.sent || result.failed) hooks.onDone?.(result, outbox);
      if (result.stopped) return;
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

/** The events that make a replay worth trying: the session is back or renewed. */
export const REPLAY_EVENTS: readonly AuthEvent[] = ['SIGNED_IN', 'TOKEN_REFRESHED'];
