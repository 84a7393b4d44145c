import type { Role } from '@portal/shared';
import type { Database, Db } from '../../db/client.js';
import { EVENTS_CHANNEL, onLocalPublish, parseBusMessage, type BusMessage } from '../realtime/index.js';
import { findLiveSession } from './queries.js';

/** What the access hook needs of a live session and its user. */
export interface LiveSession {
  sessionId: string;
  recovery: boolean;
  /** When the session itself ends (ms since epoch); a cached entry is never used past it. */
  sessionExpiresAt: number;
  user: {
    id: string;
    email: string;
    name: string;
    role: Role;
    mobile: string | null;
    language: 'ar' | 'en';
    active: boolean;
  };
}

/** The bus closes the window in which a stale entry can serve; this only bounds a lost event. */
export const SESSION_CACHE_TTL_MS = 15_000;
const MAX_ENTRIES = 20_000;
/** Longer than any transaction that revokes a session or changes a user should take. */
const PENDING_MS = 10_000;

/**
 * A per-instance cache of live sessions, so an authenticated request needs no database round
 * trip. It stays correct across instances because every change that could make an entry wrong
 * — a revoked session (`_sessions`), a user whose role, profile or active flag changed
 * (`_users`), a restored backup that replaced them all (`_data`) — is published on the
 * PostgreSQL bus inside the changing transaction, and every instance drops the entries it names
 * on commit. The short TTL is only a safety net for an event lost while the listening
 * connection was down (which also clears the cache).
 *
 * A read that started before an invalidation must not refill the cache with what it read:
 * `generation` counts invalidations, and a fill is kept only if none happened meanwhile.
 *
 * The bus message arrives a moment after the commit, so the instance that makes a change must
 * not serve the old entry in between (a client signs out, then calls again at once): publish()
 * tells this cache first (`expect`), which drops the entries at once and caches nothing for those
 * sessions or users until the bus message confirms the commit (or a rollback lets it lapse).
 */
export class SessionCache {
  private readonly entries = new Map<string, { live: LiveSession; fetchedAt: number }>();
  private generation = 0;
  /** Session or user id → until when nothing of it may be cached (a change not yet confirmed). */
  private readonly pending = new Map<string, number>();
  /** Until when nothing at all may be cached: a restore that replaces every session is being committed. */
  private pendingAllUntil = 0;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
  ) {}

  async start(database: Database) {
    this.stopExpecting = onLocalPublish((message) => this.expect(message));
    this.unlisten = await database.listen(EVENTS_CHANNEL, (payload) => this.onBusMessage(payload), {
      onReconnect: () => this.clear(),
    });
  }

  private stopExpecting: (() => void) | null = null;

  async stop() {
    this.stopExpecting?.();
    await this.unlisten?.();
    this.clear();
  }

  /** The live session (from memory when fresh), or null when it is revoked, expired or unknown. */
  async get(sessionId: string): Promise<LiveSession | null> {
    const now = Date.now();
    const hit = this.entries.get(sessionId);
    if (hit && now - hit.fetchedAt < this.ttlMs && hit.live.sessionExpiresAt > now) return hit.live;
    if (hit) this.entries.delete(sessionId);

    const generation = this.generation;
    const row = await findLiveSession(this.db, sessionId);
    if (!row) return null;
    const live: LiveSession = {
      sessionId: row.session.id,
      recovery: row.session.recovery,
      sessionExpiresAt: row.session.expiresAt.getTime(),
      user: {
        id: row.user.id,
        email: row.user.email,
        name: row.user.name,
        role: row.user.role,
        mobile: row.user.mobile,
        language: row.user.language,
        active: row.user.active,
      },
    };
    if (generation === this.generation && now >= this.pendingAllUntil && !this.isPending(sessionId, live.user.id, now)) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(sessionId, { live, fetchedAt: now });
    }
    return live;
  }

  /** A change to these sessions or users is being committed (see the class comment). */
  expect(message: BusMessage) {
    const until = Date.now() + PENDING_MS;
    if (message.topic === '_sessions') {
      for (const id of message.sessionIds) this.pending.set(id, until);
      this.invalidateSessions(message.sessionIds);
    } else if (message.topic === '_users') {
      for (const id of message.userIds) this.pending.set(id, until);
      this.invalidateUsers(message.userIds);
    } else if (message.topic === '_data') {
      this.pendingAllUntil = until;
      this.clear();
    }
  }

  private isPending(sessionId: string, userId: string, now: number) {
    for (const id of [sessionId, userId]) {
      const until = this.pending.get(id);
      if (until === undefined) continue;
      if (until > now) return true;
      this.pending.delete(id);
    }
    return false;
  }

  invalidateSessions(sessionIds: string[]) {
    this.generation++;
    for (const id of sessionIds) this.entries.delete(id);
  }

  invalidateUsers(userIds: string[]) {
    this.generation++;
    const changed = new Set(userIds);
    for (const [id, entry] of this.entries) if (changed.has(entry.live.user.id)) this.entries.delete(id);
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }

  private onBusMessage(raw: string) {
    const message = parseBusMessage(raw);
    if (!message) return;
    // Committed: the database now shows the change, so caching may resume.
    if (message.topic === '_sessions') {
      for (const id of message.sessionIds) this.pending.delete(id);
      this.invalidateSessions(message.sessionIds);
    } else if (message.topic === '_users') {
      for (const id of message.userIds) this.pending.delete(id);
      this.invalidateUsers(message.userIds);
    } else if (message.topic === '_data') {
      this.pendingAllUntil = 0;
      this.clear();
    }
  }
}
