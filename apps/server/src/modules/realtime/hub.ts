import type { RawData, WebSocket } from 'ws';
import {
  REALTIME_CLOSE,
  REALTIME_HEARTBEAT_MS,
  REALTIME_REF_MAX_LENGTH,
  TRACKING_TOPIC,
  ZRealtimeClientFrame,
  can,
  type CapabilityAction,
  type RealtimeCloseCode,
  type RealtimeServerFrame,
  type RealtimeTrackingEvent,
  type Role,
  type TRealtimeClientFrame,
  type Topic,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { EVENTS_CHANNEL, onLocalEvent, parseBusMessage, type BusMessage, type DomainEvent } from './events.js';

/** What a role must hold to join a topic: the same capability its REST reads need. */
const TOPIC_ACCESS: Record<Topic, CapabilityAction> = {
  notifications: 'read:notification',
  service_requests: 'read:service_request',
  appointments: 'read:appointment',
  transfers: 'read:transfer',
  stock: 'read:stock',
  // Every role holds manage:profile (own): settings reach every signed-in user.
  settings: 'manage:profile',
  // Imports, backups and restores: admins only.
  data: 'manage:data',
};

// A socket must authenticate promptly, and may not flood the server (the client sends ≤ 2/s).
const AUTH_TIMEOUT_MS = 10_000;
const MAX_FRAMES_PER_SECOND = 10;
// A socket silent for two heartbeats is gone.
const IDLE_TIMEOUT_MS = REALTIME_HEARTBEAT_MS * 2 + 10_000;

interface Subscriber {
  userId: string;
  sessionId: string;
  role: Role;
  /** Unix seconds: the access token's expiry; the client re-authenticates before it. */
  expiresAt: number;
}

/** The request a tracking link opens, or null for a malformed, unknown or revoked one (issue #28). */
export type TrackingResolver = (token: string) => Promise<string | null>;

/** An anonymous socket following one request through its tracking link. */
interface Tracker {
  token: string;
  requestId: string;
}

class Connection {
  subscriber: Subscriber | null = null;
  tracker: Tracker | null = null;
  readonly topics = new Set<Topic>();
  private frames: number[] = [];
  private expiryTimer: NodeJS.Timeout | null = null;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly socket: WebSocket,
    private readonly hub: RealtimeHub,
  ) {
    this.expiryTimer = setTimeout(() => this.close(REALTIME_CLOSE.unauthenticated, 'Authenticate first'), AUTH_TIMEOUT_MS);
    this.touch();
  }

  send(frame: RealtimeServerFrame | RealtimeTrackingEvent) {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  close(code: RealtimeCloseCode, message: string) {
    this.send({ type: 'close', code, message });
    this.socket.close(code, message);
    this.dispose();
  }

  dispose() {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.hub.connections.delete(this);
  }

  touch() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.socket.terminate(), IDLE_TIMEOUT_MS);
  }

  /** False when the socket sent more frames in the last second than allowed. */
  countFrame(): boolean {
    const now = Date.now();
    this.frames = this.frames.filter((t) => now - t < 1000);
    this.frames.push(now);
    return this.frames.length <= MAX_FRAMES_PER_SECOND;
  }

  authenticated(subscriber: Subscriber) {
    if (this.subscriber && this.subscriber.userId !== subscriber.userId) this.topics.clear();
    this.subscriber = subscriber;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    const ms = Math.max(0, subscriber.expiresAt * 1000 - Date.now());
    this.expiryTimer = setTimeout(() => this.close(REALTIME_CLOSE.unauthenticated, 'Access token expired'), ms);
  }

  /** Follows one request, anonymously; a tracking link does not expire (it is revoked instead). */
  tracking(tracker: Tracker) {
    this.tracker = tracker;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
  }
}

/**
 * The sockets of this instance. Every instance LISTENs on one PostgreSQL channel, so an event
 * published by any instance reaches the subscribers of all of them; each event goes only to
 * sockets whose user is in its audience (the same rules as REST reads) and joined its topic.
 */
export class RealtimeHub {
  readonly connections = new Set<Connection>();
  private unlisten: (() => Promise<void>) | null = null;
  private stopLocal: (() => void) | null = null;
  private resolveTracking: TrackingResolver | null = null;

  constructor(readonly ctx: AppContext) {}

  /**
   * Opens the anonymous tracking subscription (issue #28). The app passes in how a tracking link
   * is read (the service-requests module, layers above this one), so the hub imports nothing upwards.
   */
  trackWith(resolve: TrackingResolver) {
    this.resolveTracking = resolve;
  }

  async start() {
    this.stopLocal = onLocalEvent(this.ctx.database, (message) => this.handle(message));
    this.unlisten = await this.ctx.database.listen(EVENTS_CHANNEL, (payload) => this.dispatch(payload), {
      // Revocations sent while the listening connection was down were missed: check every socket.
      onReconnect: () => {
        for (const c of [...this.connections]) this.recheck(c).catch((err) => this.ctx.log.error({ err }, 'realtime recheck failed'));
      },
    });
  }

  async stop() {
    for (const c of [...this.connections]) c.socket.close(1001, 'Server shutting down');
    this.stopLocal?.();
    await this.unlisten?.();
  }

  accept(socket: WebSocket) {
    const conn = new Connection(socket, this);
    this.connections.add(conn);
    // Nothing a client sends may escape as a rejection: one would end the whole process.
    socket.on('message', (data, isBinary) => {
      this.onFrame(conn, data, isBinary).catch((err) => this.ctx.log.error({ err }, 'realtime frame failed'));
    });
    socket.on('close', () => conn.dispose());
    // ws reports a frame over maxPayload (app.ts) or invalid UTF-8 here, on this socket alone,
    // and closes it (1009, 1007); @fastify/websocket's own listener terminates it too.
    socket.on('error', () => conn.dispose());
  }

  private async onFrame(conn: Connection, data: RawData, isBinary: boolean) {
    let ref = '';
    const reply = (status: 'ok' | 'error', code?: string, message?: string) =>
      conn.send({ type: 'reply', ref, status, ...(code ? { code, message } : {}) });

    try {
      conn.touch();
      // Counted before anything is read, so a stream of bad frames meets the same limit.
      if (!conn.countFrame()) return conn.close(REALTIME_CLOSE.rateLimited, 'Too many messages');
      // The protocol is JSON text only. A binary frame is answered like any other malformed
      // frame rather than closing the socket: one rule for every bad frame, and the rate limit
      // above still bounds a client that keeps sending them.
      if (isBinary) return reply('error', 'validation_failed', 'Frames must be JSON text, not binary');
      const parsed = parseFrame(textOf(data));
      if (!parsed.ok) {
        ref = parsed.ref;
        return reply('error', parsed.code, parsed.message);
      }
      const frame = parsed.frame;
      ref = frame.ref ?? '';

      switch (frame.type) {
        case 'auth': {
          if (conn.tracker) return reply('error', 'validation_failed', 'A tracking socket does not sign in');
          const subscriber = await this.verify(frame.token);
          if (!subscriber) return conn.close(REALTIME_CLOSE.unauthenticated, 'Invalid or expired token');
          conn.authenticated(subscriber);
          return reply('ok');
        }
        case 'track': {
          if (conn.subscriber) return reply('error', 'validation_failed', 'A signed-in socket does not track');
          const requestId = (await this.resolveTracking?.(frame.token)) ?? null;
          // Like a refused auth frame: a malformed, unknown or revoked link, all alike.
          if (!requestId) return conn.close(REALTIME_CLOSE.unauthenticated, 'Invalid tracking link');
          conn.tracking({ token: frame.token, requestId });
          return reply('ok');
        }
        case 'heartbeat': {
          // Also the moment to notice a revoked session or a changed role — or a revoked tracking link.
          if (conn.subscriber && !(await this.recheck(conn))) return;
          if (conn.tracker && !(await this.recheckTracker(conn, conn.tracker))) return;
          return reply('ok');
        }
        case 'join':
        case 'leave': {
          if (!conn.subscriber) return reply('error', 'unauthenticated', 'Authenticate first');
          if (frame.type === 'leave') {
            conn.topics.delete(frame.topic);
            return reply('ok');
          }
          if (!can(conn.subscriber.role, TOPIC_ACCESS[frame.topic])) return reply('error', 'forbidden', 'Not allowed');
          conn.topics.add(frame.topic);
          return reply('ok');
        }
      }
    } catch (err) {
      this.ctx.log.error({ err }, 'realtime frame failed');
      return reply('error', 'internal_error', 'Something went wrong');
    }
  }

  private async verify(token: string): Promise<Subscriber | null> {
    const claims = await this.ctx.signer.verify(token);
    if (!claims || claims.recovery) return null;
    const live = await this.ctx.sessions.get(claims.sessionId);
    if (!live || !live.user.active || live.user.id !== claims.userId) return null;
    return { userId: live.user.id, sessionId: live.sessionId, role: live.user.role, expiresAt: claims.expiresAt ?? 0 };
  }

  /**
   * Re-reads a socket's session: closes it when the session ended or the user was disabled,
   * and follows a role change (leaving topics the new role may not read). False when closed.
   */
  private async recheck(conn: Connection): Promise<boolean> {
    const subscriber = conn.subscriber;
    if (!subscriber) return true;
    const live = await this.ctx.sessions.get(subscriber.sessionId);
    if (!live || !live.user.active) {
      conn.close(REALTIME_CLOSE.sessionRevoked, 'Session ended');
      return false;
    }
    subscriber.role = live.user.role;
    for (const topic of conn.topics) if (!can(live.user.role, TOPIC_ACCESS[topic])) conn.topics.delete(topic);
    return true;
  }

  /** Closes a tracking socket whose link was revoked since it opened. False when closed. */
  private async recheckTracker(conn: Connection, tracker: Tracker): Promise<boolean> {
    const requestId = (await this.resolveTracking?.(tracker.token)) ?? null;
    if (requestId === tracker.requestId) return true;
    conn.close(REALTIME_CLOSE.sessionRevoked, 'Tracking link revoked');
    return false;
  }

  private dispatch(raw: string) {
    const message = parseBusMessage(raw);
    if (message) this.handle(message);
  }

  private handle(message: BusMessage) {
    if (message.topic === '_data') {
      // A restore replaced every session: nobody's socket stays signed in.
      // Tracking sockets too: the restored database holds other links.
      for (const c of [...this.connections]) if (c.subscriber || c.tracker) c.close(REALTIME_CLOSE.sessionRevoked, 'Session ended');
      return;
    }
    if (message.topic === '_sessions') {
      const revoked = new Set(message.sessionIds);
      for (const c of [...this.connections]) {
        if (c.subscriber && revoked.has(c.subscriber.sessionId)) c.close(REALTIME_CLOSE.sessionRevoked, 'Session ended');
      }
      return;
    }
    if (message.topic === '_users') {
      // The cache also listens, but in no set order: drop them here first so the recheck reads fresh rows.
      this.ctx.sessions.invalidateUsers(message.userIds);
      const changed = new Set(message.userIds);
      for (const c of this.connections) {
        if (c.subscriber && changed.has(c.subscriber.userId)) {
          this.recheck(c).catch((err) => this.ctx.log.error({ err }, 'realtime recheck failed'));
        }
      }
      return;
    }
    // A tracking socket learns only that its own request changed: no event name, status or id.
    const changed = message.topic === 'service_requests' ? new Set(message.payload?.ids ?? []) : null;
    for (const c of this.connections) {
      if (c.subscriber && c.topics.has(message.topic) && inAudience(c.subscriber, message)) {
        c.send({ type: 'event', topic: message.topic, event: message.event, payload: message.payload ?? {} });
      } else if (c.tracker && changed?.has(c.tracker.requestId)) {
        c.send({ type: 'event', topic: TRACKING_TOPIC, event: 'tracking.changed', payload: {} });
      }
    }
  }
}

function inAudience(s: Subscriber, e: DomainEvent): boolean {
  return (e.audience.userIds?.includes(s.userId) ?? false) || (e.audience.roles?.includes(s.role) ?? false);
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
}

type ParsedFrame =
  | { ok: true; frame: TRealtimeClientFrame }
  | { ok: false; ref: string; code: 'validation_failed' | 'not_found'; message: string };

/** A client frame checked against the protocol's schema; never throws, whatever the text. */
function parseFrame(text: string): ParsedFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, ref: '', code: 'validation_failed', message: 'Frames must be JSON' };
  }
  const result = ZRealtimeClientFrame.safeParse(value);
  if (result.success) return { ok: true, frame: result.data };
  const ref = refOf(value);
  const [first, ...others] = result.error.issues;
  // A well-formed join or leave of a topic that does not exist keeps its own answer.
  // (An issue at `topic` means the value is an object whose type matched a join or leave.)
  if (first && !others.length && first.path.join('.') === 'topic' && typeof (value as { topic: unknown }).topic === 'string') {
    return { ok: false, ref, code: 'not_found', message: 'Unknown topic' };
  }
  const problems = result.error.issues
    .slice(0, 3)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message));
  return { ok: false, ref, code: 'validation_failed', message: `Invalid frame: ${problems.join('; ')}` };
}

/** The ref of a frame that failed validation, echoed only when it is itself a valid ref. */
function refOf(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, 'ref')) return '';
  const ref = (value as { ref: unknown }).ref;
  return typeof ref === 'string' && ref.length <= REALTIME_REF_MAX_LENGTH ? ref : '';
}
