import { LRUCache } from 'lru-cache';
import type { Query } from 'drizzle-orm';
import type { Database } from './client.js';

/** The trigger's notifications drop a stale answer at once; this only bounds a lost one. */
export const READ_CACHE_TTL_MS = 15_000;
const MAX_ENTRIES = 5_000;
/** What the answers may take together, counted as the length of their JSON. */
const MAX_SIZE = 16 * 1024 * 1024;

/**
 * The rows of hot detail reads (`GET /api/items/:id` and the like), kept per instance so that a
 * record opened again needs no database round trip (issue #26; decision 021). An answer is kept
 * under its statement's name and bound values, so it serves exactly the calls that would have run
 * the same statement with the same values — the caller's visibility scope is one of those values
 * — and it is computed afresh after any change to the data: every table's `data_changed` trigger
 * (migration 0018) reaches `Database.onDataChanged`, which drops everything. The instance that
 * writes hears its own change before the write returns, so it never reads its own old data;
 * other instances hear it within the bus latency, as they hear realtime events.
 *
 * Only statements whose answer depends on nothing but the data and their values may come through
 * here: nothing of the clock (`now()`) — the caller computes what depends on the time from the
 * rows. A read that began before a change is not kept (`generation`). The rows are frozen: they
 * are shared by every later caller, so a caller that changed them would change the next answer.
 */
export class ReadCache {
  private readonly answers = new LRUCache<string, readonly unknown[]>({
    max: MAX_ENTRIES,
    maxSize: MAX_SIZE,
    sizeCalculation: (rows) => Math.max(1, JSON.stringify(rows).length),
    ttl: READ_CACHE_TTL_MS,
  });
  private generation = 0;
  private stopWatching: (() => Promise<void>) | null = null;

  constructor(private readonly database: Pick<Database, 'prepared' | 'onDataChanged'>) {}

  /** Starts keeping answers: until then (and after stop) every read goes to the database. */
  async start(): Promise<void> {
    this.stopWatching = await this.database.onDataChanged(() => this.clear());
  }

  async stop(): Promise<void> {
    const stop = this.stopWatching;
    this.stopWatching = null;
    this.clear();
    await stop?.();
  }

  /** The statement's rows: the kept answer, or the database's (kept for the next caller). */
  async rows<T>(statement: Query & { name: string }): Promise<T[]> {
    if (!this.stopWatching) return this.database.prepared<T>(statement.name, statement);
    const key = `${statement.name}\u0000${JSON.stringify(statement.params)}`;
    const kept = this.answers.get(key);
    if (kept) return kept as T[];
    const generation = this.generation;
    const rows = await this.database.prepared<T>(statement.name, statement);
    if (generation === this.generation && this.stopWatching !== null) this.answers.set(key, deepFreeze(rows));
    return rows;
  }

  /** Drops every answer, and any read now under way will not be kept. */
  clear(): void {
    this.generation++;
    this.answers.clear();
  }

  get size(): number {
    return this.answers.size;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
