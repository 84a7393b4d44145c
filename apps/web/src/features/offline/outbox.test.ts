import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeSession } from '../../test-utils/session-factory';
import { clearSession, setSession } from '../../lib/session-store';
import { Outbox, type OutboxItem } from './outbox';
import { replayOutbox, sendItem } from './replay';
import { outboxOf, sendOrQueue } from './runtime';
import { memoryStorage, setOfflineStorage } from './storage';

// The outbox on the in-memory storage (the test DOM has no IndexedDB; fake-indexeddb is not
// installed): the same contract, with structured clones as IndexedDB keeps them.

const REQUEST = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const path = (rest: string, id = REQUEST) => `/api/service-requests/${id}/${rest}`;

let n = 0;
function item(overrides: Partial<OutboxItem> = {}): OutboxItem {
  n += 1;
  return {
    id: `key-${n}`,
    userId: 'tech',
    requestId: REQUEST,
    kind: 'diagnostic',
    method: 'PUT',
    path: path('diagnostic'),
    body: { notes: `note ${n}` },
    at: new Date(Date.UTC(2025, 0, 1, 10, n)).toISOString(),
    state: 'pending',
    ...overrides,
  };
}

interface Call {
  url: string;
  init: RequestInit;
  answer: (response: Response | Error) => void;
}

/** fetch that waits for the test to answer each call, so the test sees what is in flight. */
function controlledFetch() {
  const calls: Call[] = [];
  const fetchMock = vi.fn((url: string | URL | Request, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      calls.push({ url: String(url), init: init ?? {}, answer: (r) => (r instanceof Error ? reject(r) : resolve(r)) });
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const header = (call: Call, name: string) => (call.init.headers as Record<string, string>)[name];
const settle = () => new Promise((r) => setTimeout(r, 20));

let online = true;
beforeEach(() => {
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
});
afterEach(() => clearSession('expired'));

describe('the outbox', () => {
  it('keeps actions in the order they were done, across a reload', async () => {
    const storage = memoryStorage();
    const outbox = new Outbox(storage, 'tech');
    const [a, b, c] = [item(), item({ kind: 'part-add', method: 'POST', path: path('parts') }), item({ requestId: OTHER })];
    for (const queued of [a, b, c]) await outbox.enqueue(queued!);
    expect(outbox.list().map((i) => i.id)).toEqual([a!.id, b!.id, c!.id]);

    // The app closed while b was on its way and after a was applied: a is gone, b goes again.
    await outbox.update(a!.id, { state: 'sent' });
    await outbox.update(b!.id, { state: 'syncing' });
    const reloaded = new Outbox(storage, 'tech');
    await reloaded.ready;
    expect(reloaded.list().map((i) => [i.id, i.state])).toEqual([
      [b!.id, 'pending'],
      [c!.id, 'pending'],
    ]);
    // Another user's outbox on the same device is another list.
    const other = new Outbox(storage, 'someone-else');
    await other.ready;
    expect(other.list()).toEqual([]);
  });

  it('cancels a part used and returned before it was sent, never one on its way', async () => {
    const outbox = new Outbox(memoryStorage(), 'tech');
    const used = item({ kind: 'part-add', method: 'POST', path: path('parts') });
    const sending = item({ kind: 'part-add', method: 'POST', path: path('parts') });
    await outbox.enqueue(used);
    await outbox.enqueue(sending);
    await outbox.update(sending.id, { state: 'syncing' });
    expect(await outbox.cancel(used.id)).toBe(true);
    expect(await outbox.cancel(sending.id)).toBe(false);
    expect(outbox.list().map((i) => i.id)).toEqual([sending.id]);
  });
});

describe('replayOutbox', () => {
  it('sends one request at a time, in order, each with its own Idempotency-Key', async () => {
    const calls = controlledFetch();
    const outbox = new Outbox(memoryStorage(), 'tech');
    const first = item({ kind: 'work-start', method: 'POST', path: path('work-log/start'), body: { note: 'on site', at: '2025-01-01T10:00:00.000Z' } });
    const second = item({ kind: 'part-add', method: 'POST', path: path('parts'), body: { item_id: OTHER, quantity: '1' } });
    await outbox.enqueue(first);
    await outbox.enqueue(second);
    const refresh = vi.fn(async () => {});

    const run = replayOutbox(outbox, { send: sendItem, refresh });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await settle();
    // The second waits for the first's answer.
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(first.path);
    expect(header(calls[0]!, 'Idempotency-Key')).toBe(first.id);
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual(first.body);
    expect(outbox.snapshot().progress).toEqual({ done: 0, total: 2 });
    calls[0]!.answer(jsonResponse(201, {}));

    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(header(calls[1]!, 'Idempotency-Key')).toBe(second.id);
    expect(outbox.snapshot().progress).toEqual({ done: 1, total: 2 });
    calls[1]!.answer(jsonResponse(201, {}));

    await expect(run).resolves.toEqual({ sent: 2, failed: 0, stopped: false });
    expect(refresh).toHaveBeenCalledWith([REQUEST]);
    expect(outbox.list()).toEqual([]);
    expect(outbox.snapshot().progress).toBeNull();
  });

  it('sends a photo as multipart with its key, from the Blob kept beside the item', async () => {
    const calls = controlledFetch();
    const outbox = new Outbox(memoryStorage(), 'tech');
    const photo = item({ kind: 'photo', method: 'POST', path: path('attachments'), body: undefined, upload: { fileName: 'battery.png', fields: { kind: 'photo' } } });
    await outbox.enqueue(photo, new Blob(['png bytes'], { type: 'image/png' }));
    const run = replayOutbox(outbox, { send: sendItem });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const form = calls[0]!.init.body as FormData;
    expect(form.get('kind')).toBe('photo');
    expect((form.get('file') as File).name).toBe('battery.png');
    expect(header(calls[0]!, 'Idempotency-Key')).toBe(photo.id);
    expect(header(calls[0]!, 'Content-Type')).toBeUndefined();
    calls[0]!.answer(jsonResponse(201, {}));
    await expect(run).resolves.toMatchObject({ sent: 1 });
  });

  it('marks a refused action failed with its reason and goes on with the rest', async () => {
    const calls = controlledFetch();
    const outbox = new Outbox(memoryStorage(), 'tech');
    const [a, b, c] = [item(), item({ kind: 'part-add', method: 'POST', path: path('parts') }), item({ kind: 'action', method: 'POST', path: path('complete') })];
    for (const queued of [a, b, c]) await outbox.enqueue(queued!);

    const run = replayOutbox(outbox, { send: sendItem });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.answer(jsonResponse(200, {}));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    calls[1]!.answer(jsonResponse(409, { error: { code: 'insufficient_stock', message: 'The van holds 0', details: { available: '0' } } }));
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    calls[2]!.answer(jsonResponse(200, {}));

    await expect(run).resolves.toEqual({ sent: 2, failed: 1, stopped: false });
    // The sent ones left; the refused one stays, with the server's reason, until dismissed.
    expect(outbox.list()).toHaveLength(1);
    expect(outbox.list()[0]).toMatchObject({ id: b!.id, state: 'failed', error: { status: 409, code: 'insufficient_stock', details: { available: '0' } } });
    await outbox.dismiss(b!.id);
    expect(outbox.list()).toEqual([]);
  });

  it('stops at a network failure and keeps that action and the ones after it', async () => {
    const calls = controlledFetch();
    const outbox = new Outbox(memoryStorage(), 'tech');
    const [a, b, c] = [item(), item(), item()];
    for (const queued of [a, b, c]) await outbox.enqueue(queued!);

    const run = replayOutbox(outbox, { send: sendItem });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.answer(jsonResponse(200, {}));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    calls[1]!.answer(new TypeError('Failed to fetch'));

    await expect(run).resolves.toEqual({ sent: 1, failed: 0, stopped: true });
    expect(calls).toHaveLength(2);
    expect(outbox.list().map((i) => [i.id, i.state])).toEqual([
      [b!.id, 'pending'],
      [c!.id, 'pending'],
    ]);
  });

  it('keeps an action whose key the server is still applying (409 idempotency_in_progress) for the next run', async () => {
    const calls = controlledFetch();
    const outbox = new Outbox(memoryStorage(), 'tech');
    const a = item();
    await outbox.enqueue(a);
    const run = replayOutbox(outbox, { send: sendItem });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.answer(jsonResponse(409, { error: { code: 'idempotency_in_progress', message: 'still running', retry_after: 1 } }));
    await expect(run).resolves.toEqual({ sent: 0, failed: 0, stopped: true });
    expect(outbox.list().map((i) => [i.id, i.state])).toEqual([[a.id, 'pending']]);
  });

  it('keeps an action answered 401 when the session cannot be renewed, and sends it again when it can', async () => {
    const calls = controlledFetch();
    const outbox = new Outbox(memoryStorage(), 'tech');
    const a = item();
    await outbox.enqueue(a);
    const onUnauthorized = vi.fn(async () => true);
    const run = replayOutbox(outbox, { send: sendItem, onUnauthorized });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.answer(jsonResponse(401, { error: { code: 'unauthenticated', message: 'expired' } }));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    // The same key the second time: the server applies it once whatever happened to the first.
    expect(header(calls[1]!, 'Idempotency-Key')).toBe(a.id);
    calls[1]!.answer(jsonResponse(200, {}));
    await expect(run).resolves.toEqual({ sent: 1, failed: 0, stopped: false });
  });
});

describe('sendOrQueue', () => {
  let user = 0;
  function signInTechnician(): string {
    user += 1;
    const id = `00000000-0000-4000-8000-00000000010${user}`;
    setSession(makeSession({ user: { id, role: 'technician' } }), 'SIGNED_IN');
    return id;
  }
  beforeEach(() => setOfflineStorage(memoryStorage()));

  it('offline, queues a work-log start with the device time and a key made on the device', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const userId = signInTechnician();
    online = false;
    const result = await sendOrQueue({ requestId: REQUEST, kind: 'work-start', method: 'POST', path: path('work-log/start'), body: { note: 'on site' }, meta: { number: 'SR-1' } });
    expect(result).toEqual({ queued: true });
    expect(fetchMock).not.toHaveBeenCalled();
    const [queued] = outboxOf(userId).list();
    expect(queued).toMatchObject({ kind: 'work-start', state: 'pending', requestId: REQUEST, meta: { number: 'SR-1' } });
    expect(queued!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(queued!.body).toEqual({ note: 'on site', at: queued!.at });
  });

  it('online, sends at once with a key; a network failure on the way queues it with the same key and body', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const userId = signInTechnician();
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { id: 'line' }));
    await expect(sendOrQueue({ requestId: REQUEST, kind: 'part-add', method: 'POST', path: path('parts'), body: { item_id: OTHER, quantity: '1' } })).resolves.toEqual({
      queued: false,
      data: { id: 'line' },
    });
    const sentKey = (fetchMock.mock.calls[0]![1]!.headers as Record<string, string>)['Idempotency-Key'];
    expect(sentKey).toMatch(/^[0-9a-f-]{36}$/);

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(sendOrQueue({ requestId: REQUEST, kind: 'part-add', method: 'POST', path: path('parts'), body: { item_id: OTHER, quantity: '2' } })).resolves.toEqual({ queued: true });
    const tried = fetchMock.mock.calls[1]![1]!;
    const [queued] = outboxOf(userId).list();
    expect(queued!.id).toBe((tried.headers as Record<string, string>)['Idempotency-Key']);
    expect(JSON.stringify(queued!.body)).toBe(tried.body);
  });

  it('a refusal is the caller’s to show, not queued', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const userId = signInTechnician();
    fetchMock.mockResolvedValueOnce(jsonResponse(409, { error: { code: 'insufficient_stock', message: 'no' } }));
    await expect(sendOrQueue({ requestId: REQUEST, kind: 'part-add', method: 'POST', path: path('parts'), body: {} })).rejects.toMatchObject({ status: 409 });
    expect(outboxOf(userId).list()).toEqual([]);
  });

  it('queues behind earlier actions on the same request even when online, and a pause goes before a completion', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => new Promise(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    const userId = signInTechnician();
    online = false;
    await sendOrQueue({ requestId: REQUEST, kind: 'work-start', method: 'POST', path: path('work-log/start'), body: { note: null } });
    await sendOrQueue({
      requestId: REQUEST,
      kind: 'action',
      method: 'POST',
      path: path('complete'),
      body: { diagnosis: 'd', resolution: 'r' },
      meta: { action: 'complete' },
      pauseFirst: true,
    });
    expect(outboxOf(userId).list().map((i) => [i.kind, i.path])).toEqual([
      ['work-start', path('work-log/start')],
      ['work-stop', path('work-log/stop')],
      ['action', path('complete')],
    ]);
    // The completion's body is as typed: only the work log carries the device time.
    expect(outboxOf(userId).list()[2]!.body).toEqual({ diagnosis: 'd', resolution: 'r' });
  });

  it('sends another role’s work straight to the server, without a key', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    setSession(makeSession({ user: { role: 'admin' } }), 'SIGNED_IN');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, {}));
    await expect(sendOrQueue({ requestId: REQUEST, kind: 'diagnostic', method: 'PUT', path: path('diagnostic'), body: {} })).resolves.toEqual({ queued: false, data: {} });
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>)['Idempotency-Key']).toBeUndefined();
  });
});
