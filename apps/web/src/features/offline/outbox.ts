import type { OfflineStorage } from './storage';

/**
 * A technician's work actions kept on the device until the server has them (issue #27): in
 * the order they were done, each with the time it was done and an idempotency key made here,
 * so that sending one again (a replay after a dropped connection) is applied once.
 */
export const OUTBOX_KINDS = ['work-start', 'work-stop', 'diagnostic', 'part-add', 'part-remove', 'photo', 'action'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * - pending: waiting to be sent
 * - syncing: being sent now
 * - sent:    the server applied it; kept until the task has been read again, so the screen
 *            never falls back to the older copy in between
 * - failed:  the server refused it (its reason kept), until the technician dismisses it
 */
export type OutboxState = 'pending' | 'syncing' | 'sent' | 'failed';

/** A refusal as the server worded it: enough to rebuild the ApiError and word it in the reader's language. */
export interface StoredRefusal {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/** What the task shows of a queued action before the server has it. */
export interface OutboxMeta {
  /** The request's number, for the header's list. */
  number?: string;
  /** A part used: the van line it came from. */
  part?: { item_id: string; item_code: string; item_name: string; unit: string; quantity: string };
  /** A part returned: the line removed. */
  lineId?: string;
  /** A state-machine action (`complete`, `await-parts`, …). */
  action?: string;
}

export interface OutboxItem {
  /** Also the Idempotency-Key header. */
  id: string;
  userId: string;
  requestId: string;
  kind: OutboxKind;
  method: 'POST' | 'PUT' | 'DELETE';
  /** The whole API path (`/api/service-requests/:id/parts`). */
  path: string;
  /** A JSON body; a photo has `upload` instead and its Blob is stored beside the item. */
  body?: unknown;
  upload?: { fileName: string; fields: Record<string, string> };
  /** When it was done on the device (ISO 8601). */
  at: string;
  state: OutboxState;
  error?: StoredRefusal;
  meta?: OutboxMeta;
}

export interface OutboxProgress {
  done: number;
  total: number;
}

export interface OutboxSnapshot {
  items: readonly OutboxItem[];
  /** While a replay runs: how far it got. */
  progress: OutboxProgress | null;
}

const itemsKey = (userId: string) => `outbox:${userId}`;
const blobKey = (itemId: string) => `outbox-blob:${itemId}`;

/** Items the server has not applied yet (failed ones wait for the technician, not the network). */
export const isUnsent = (item: OutboxItem) => item.state === 'pending' || item.state === 'syncing';

/**
 * One user's outbox: the list in memory (what the screens read, synchronously) and in storage
 * (what survives a reload). Every change is written through, in order.
 */
export class Outbox {
  readonly userId: string;
  readonly ready: Promise<void>;
  private readonly storage: OfflineStorage;
  private items: OutboxItem[] = [];
  private progress: OutboxProgress | null = null;
  private snap: OutboxSnapshot = { items: [], progress: null };
  private readonly listeners = new Set<() => void>();
  private writes: Promise<void> = Promise.resolve();

  constructor(storage: OfflineStorage, userId: string) {
    this.storage = storage;
    this.userId = userId;
    this.ready = this.load();
  }

  private async load(): Promise<void> {
    let stored: OutboxItem[] = [];
    try {
      stored = (await this.storage.get<OutboxItem[]>(itemsKey(this.userId))) ?? [];
    } catch {
      // No IndexedDB (a private window, storage blocked): the outbox lives in this tab only.
    }
    // Sent before the app closed: the server has it. Caught while sending: it goes again,
    // and its key makes that safe whether or not the server got it the first time.
    const sent = stored.filter((item) => item.state === 'sent');
    const kept = stored.filter((item) => item.state !== 'sent').map((item) => (item.state === 'syncing' ? { ...item, state: 'pending' as const } : item));
    this.items = [...kept, ...this.items];
    this.changed();
    if (sent.length || stored.some((item) => item.state === 'syncing')) await this.save();
    await Promise.all(sent.map((item) => this.storage.del(blobKey(item.id)).catch(() => {})));
  }

  snapshot(): OutboxSnapshot {
    return this.snap;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  list(): readonly OutboxItem[] {
    return this.items;
  }

  find(id: string): OutboxItem | undefined {
    return this.items.find((item) => item.id === id);
  }

  private changed(): void {
    this.snap = { items: this.items, progress: this.progress };
    for (const listener of [...this.listeners]) listener();
  }

  private save(): Promise<void> {
    const items = this.items;
    this.writes = this.writes.then(
      () => this.storage.set(itemsKey(this.userId), items).catch(() => {}),
      () => {},
    );
    return this.writes;
  }

  /** Adds an action at the end; a photo's Blob is stored first, so an item never lacks it. */
  async enqueue(item: OutboxItem, blob?: Blob): Promise<void> {
    await this.ready;
    if (blob) await this.storage.set(blobKey(item.id), blob).catch(() => {});
    this.items = [...this.items, item];
    this.changed();
    await this.save();
  }

  async update(id: string, patch: Partial<Pick<OutboxItem, 'state' | 'error'>>): Promise<void> {
    this.items = this.items.map((item) => (item.id === id ? { ...item, ...patch } : item));
    this.changed();
    await this.save();
  }

  async remove(ids: readonly string[]): Promise<void> {
    if (!ids.length) return;
    const gone = new Set(ids);
    this.items = this.items.filter((item) => !gone.has(item.id));
    this.changed();
    await this.save();
    await Promise.all(ids.map((id) => this.storage.del(blobKey(id)).catch(() => {})));
  }

  /**
   * Takes back an action not sent yet (a part used offline and returned offline: the two cancel
   * out). False when it is already on its way or done.
   */
  async cancel(id: string): Promise<boolean> {
    if (this.find(id)?.state !== 'pending') return false;
    await this.remove([id]);
    return true;
  }

  /** The technician has read why the server refused it. */
  async dismiss(id: string): Promise<void> {
    if (this.find(id)?.state === 'failed') await this.remove([id]);
  }

  blob(id: string): Promise<Blob | undefined> {
    return this.storage.get<Blob>(blobKey(id)).catch(() => undefined);
  }

  setProgress(progress: OutboxProgress | null): void {
    this.progress = progress;
    this.changed();
  }

  /** Forgets everything (signing out discards what was not sent). */
  async clear(): Promise<void> {
    await this.ready;
    const ids = this.items.map((item) => item.id);
    this.items = [];
    this.changed();
    await this.save();
    await this.storage.del(itemsKey(this.userId)).catch(() => {});
    await Promise.all(ids.map((id) => this.storage.del(blobKey(id)).catch(() => {})));
  }
}
