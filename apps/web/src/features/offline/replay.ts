import { apiFetch, isApiError, type ApiError } from '../../lib/api-client';
import type { Outbox, OutboxItem, StoredRefusal } from './outbox';

export interface ReplayDeps {
  /** Sends one item (with its Idempotency-Key); rejects as apiFetch does. */
  send: (item: OutboxItem, blob: Blob | undefined) => Promise<unknown>;
  /** A 401: refresh the session; true when the item is worth sending again. */
  onUnauthorized?: () => Promise<boolean>;
  /** After the run, for the requests it touched: read them again (awaited before sent items leave the outbox). */
  refresh?: (requestIds: string[]) => Promise<void>;
}

export interface ReplayResult {
  sent: number;
  failed: number;
  /** The run stopped early (no network, a server error): the rest waits for the next one. */
  stopped: boolean;
}

/** The multipart form of a photo, or the JSON body; with the item's key, as every replay is. */
export function sendItem(item: OutboxItem, blob: Blob | undefined): Promise<unknown> {
  let body = item.body;
  if (item.upload) {
    if (!blob) return Promise.reject(missingPhoto());
    const form = new FormData();
    for (const [name, value] of Object.entries(item.upload.fields)) form.append(name, value);
    form.append('file', blob instanceof File ? blob : new File([blob], item.upload.fileName, { type: blob.type }));
    body = form;
  }
  return apiFetch<unknown>(item.path, {
    method: item.method,
    body: body ?? (item.method === 'DELETE' ? undefined : {}),
    headers: { 'Idempotency-Key': item.id },
  });
}

/** The photo's Blob is gone from the device (storage cleared by the browser): nothing to send. */
class MissingPhoto extends Error {}
const missingPhoto = () => new MissingPhoto('photo_missing');

/**
 * The server's answer means "no" for good (the request moved on, was reassigned, the van is
 * empty, the input is wrong): the item fails with that reason. A 401 belongs to the auth layer,
 * a 408/429/5xx is a hiccup worth trying again later.
 */
function isRefusal(error: ApiError): boolean {
  // `idempotency_in_progress`: the same key is still being applied (an earlier send whose answer
  // was lost) — its answer will be there on the next run.
  if (error.code === 'idempotency_in_progress') return false;
  return error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

function refusalOf(error: ApiError): StoredRefusal {
  return { status: error.status, code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
}

type Outcome = { sent: true } | { refused: StoredRefusal } | { later: true };

async function attempt(item: OutboxItem, blob: Blob | undefined, deps: ReplayDeps): Promise<Outcome> {
  for (let tries = 0; ; tries++) {
    try {
      await deps.send(item, blob);
      return { sent: true };
    } catch (error) {
      if (error instanceof MissingPhoto) return { refused: { status: 0, code: 'photo_missing', message: error.message } };
      if (isApiError(error)) {
        if (error.status === 401 && tries === 0 && deps.onUnauthorized && (await deps.onUnauthorized())) continue;
        if (isRefusal(error)) return { refused: refusalOf(error) };
      }
      return { later: true };
    }
  }
}

/**
 * Sends the waiting items in order, one request at a time. A refused item is marked failed
 * with its reason and the run goes on (a later action on the same request is still tried: the
 * server refuses it in turn if it cannot apply). A network failure stops the run and keeps the
 * item for the next one. Afterwards the touched requests are read again, then the sent items
 * leave the outbox.
 */
export async function replayOutbox(outbox: Outbox, deps: ReplayDeps): Promise<ReplayResult> {
  await outbox.ready;
  const queue = outbox.list().filter((item) => item.state === 'pending');
  const result: ReplayResult = { sent: 0, failed: 0, stopped: false };
  if (!queue.length) return result;
  const touched = new Set<string>();
  let done = 0;
  outbox.setProgress({ done, total: queue.length });
  try {
    for (const queued of queue) {
      // Cancelled or dismissed while the run was under way.
      if (outbox.find(queued.id)?.state !== 'pending') {
        outbox.setProgress({ done: ++done, total: queue.length });
        continue;
      }
      await outbox.update(queued.id, { state: 'syncing' });
      const outcome = await attempt(queued, queued.upload ? await outbox.blob(queued.id) : undefined, deps);
      if ('later' in outcome) {
        await outbox.update(queued.id, { state: 'pending' });
        result.stopped = true;
        break;
      }
      touched.add(queued.requestId);
      if ('sent' in outcome) {
        await outbox.update(queued.id, { state: 'sent' });
        result.sent += 1;
      } else {
        await outbox.update(queued.id, { state: 'failed', error: outcome.refused });
        result.failed += 1;
      }
      outbox.setProgress({ done: ++done, total: queue.length });
    }
  } finally {
    if (touched.size && deps.refresh) await deps.refresh([...touched]).catch(() => {});
    await outbox.remove(outbox.list().filter((item) => item.state === 'sent').map((item) => item.id));
    outbox.setProgress(null);
  }
  return result;
}
