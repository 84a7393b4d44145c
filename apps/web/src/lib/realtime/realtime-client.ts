import {
  REALTIME_BACKOFF_MS,
  REALTIME_CLIENT_EVENTS_PER_SECOND,
  REALTIME_CLOSE,
  REALTIME_HEARTBEAT_MS,
  REALTIME_JOIN_TIMEOUT_MS,
  type RealtimeClientFrame,
  type RealtimeEvent,
  type RealtimeServerFrame,
  type Topic,
} from '@portal/shared';

/** The part of the browser's WebSocket the client uses (a fake one in the tests). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketFactory = new (url: string) => WebSocketLike;

const WS_OPEN = 1;

export type RealtimeStatus =
  /** Not started, stopped, or the session was revoked. */
  | 'idle'
  /** Socket opening or the auth frame awaiting its reply. */
  | 'connecting'
  /** Authenticated: joins and events flow. */
  | 'open'
  /** Lost: waiting for the next back-off step. */
  | 'reconnecting';

export type RealtimeEventHandler = (event: RealtimeEvent) => void;

export interface RealtimeClientOptions {
  /** ws:// or wss:// URL of REALTIME_PATH (a function, so it is read at connect time). */
  url: string | (() => string);
  /** The current access token, read for every auth frame; null = signed out. */
  getToken: () => string | null;
  /** Defaults to the browser's WebSocket. */
  WebSocket?: WebSocketFactory;
  /**
   * The server closed with 4001 (no valid token). The auth layer refreshes the session and
   * resolves true when a new token is there; the client then reconnects at once.
   */
  onUnauthenticated?: (staleToken: string | null) => Promise<boolean>;
  heartbeatMs?: number;
  replyTimeoutMs?: number;
  backoffMs?: readonly number[];
  framesPerSecond?: number;
}

interface Pending {
  type: RealtimeClientFrame['type'];
  topic?: Topic;
  timer: ReturnType<typeof setTimeout> | null;
}

/** A little slack over one second, so network jitter cannot bunch three frames into one. */
const RATE_WINDOW_MS = 1_050;

/**
 * One WebSocket per tab to `/api/realtime`, following the protocol in
 * packages/shared/src/realtime.ts: auth first (and again on every token refresh), joins for
 * the topics somebody subscribed to, a heartbeat every 30 s, reconnection with back-off, and
 * never more than REALTIME_CLIENT_EVENTS_PER_SECOND frames a second (frames queue, none is
 * dropped). It knows nothing of React, queries or sign-out: it reports, the app decides.
 */
export class RealtimeClient {
  private readonly options: Required<Omit<RealtimeClientOptions, 'onUnauthenticated' | 'WebSocket'>> &
    Pick<RealtimeClientOptions, 'onUnauthenticated' | 'WebSocket'>;
  private ws: WebSocketLike | null = null;
  private status: RealtimeStatus = 'idle';
  private started = false;
  private authenticated = false;
  /** Set once the first connection since start() authenticated; later ones are "re"connects. */
  private everConnected = false;
  private attempt = 0;
  /** One token refresh per streak of 4001 closes; a successful auth ends the streak. */
  private refreshTried = false;
  private tokenInUse: string | null = null;
  private refCounter = 0;
  private readonly pending = new Map<string, Pending>();
  private queue: RealtimeClientFrame[] = [];
  /** When the latest frames went out on this socket, for the rate limit. */
  private readonly sentAt: number[] = [];
  private drainTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** The server's `close` frame names the reason just before the socket closes. */
  private closeCodeFromServer: number | null = null;
  private readonly subscribers = new Map<Topic, Set<RealtimeEventHandler>>();
  /** Topics joined on this socket (or about to be: the join is queued or awaits its reply). */
  private readonly serverTopics = new Set<Topic>();
  private readonly eventListeners = new Set<RealtimeEventHandler>();
  private readonly statusListeners = new Set<(status: RealtimeStatus) => void>();
  private readonly reconnectedListeners = new Set<() => void>();
  private readonly revokedListeners = new Set<() => void>();

  constructor(options: RealtimeClientOptions) {
    this.options = {
      heartbeatMs: REALTIME_HEARTBEAT_MS,
      replyTimeoutMs: REALTIME_JOIN_TIMEOUT_MS,
      backoffMs: REALTIME_BACKOFF_MS,
      framesPerSecond: REALTIME_CLIENT_EVENTS_PER_SECOND,
      ...options,
    };
  }

  /** Wires in the auth layer after construction (src/lib cannot import the features). */
  configure(options: Pick<RealtimeClientOptions, 'onUnauthenticated'>): void {
    this.options.onUnauthenticated = options.onUnauthenticated;
  }

  getStatus(): RealtimeStatus {
    return this.status;
  }

  /** Connects (signed in). Calling it again while running does nothing. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.everConnected = false;
    this.attempt = 0;
    this.refreshTried = false;
    this.connect();
  }

  /** Disconnects for good (signed out). Subscriptions stay, for the next start(). */
  stop(): void {
    this.started = false;
    this.clearTimer('reconnectTimer');
    this.dropSocket();
    this.setStatus('idle');
  }

  /** Sends a fresh auth frame (the session's token was refreshed). */
  reauthenticate(): void {
    if (!this.ws || !this.started) return;
    const token = this.options.getToken();
    if (!token) return;
    // An auth frame still waiting in the queue just takes the new token.
    const queued = this.queue.find((frame) => frame.type === 'auth');
    if (queued && queued.type === 'auth') {
      queued.token = token;
      this.tokenInUse = token;
      return;
    }
    // The first auth is on its way: once it is answered, the newer token follows.
    if (!this.authenticated) return;
    this.tokenInUse = token;
    this.enqueue({ type: 'auth', token, ref: this.nextRef() }, true);
  }

  /** Handles events of `topic`; the topic is joined on the first subscriber, left after the last. */
  subscribe(topic: Topic, handler: RealtimeEventHandler): () => void {
    let handlers = this.subscribers.get(topic);
    if (!handlers) {
      handlers = new Set();
      this.subscribers.set(topic, handlers);
    }
    handlers.add(handler);
    if (handlers.size === 1) this.join(topic);
    return () => {
      const set = this.subscribers.get(topic);
      if (!set?.delete(handler)) return;
      if (set.size === 0) {
        this.subscribers.delete(topic);
        this.leave(topic);
      }
    };
  }

  /** Every event of every joined topic. */
  onEvent(listener: RealtimeEventHandler): () => void {
    return listen(this.eventListeners, listener);
  }

  onStatus(listener: (status: RealtimeStatus) => void): () => void {
    return listen(this.statusListeners, listener);
  }

  /** Authenticated again after a lost connection: whatever happened meanwhile was missed. */
  onReconnected(listener: () => void): () => void {
    return listen(this.reconnectedListeners, listener);
  }

  /** The server closed with 4003: the session is gone. The auth layer decides what follows. */
  onRevoked(listener: () => void): () => void {
    return listen(this.revokedListeners, listener);
  }

  private setStatus(status: RealtimeStatus): void {
    if (this.status === status) return;
    this.status = status;
    notify(this.statusListeners, status);
  }

  private nextRef(): string {
    this.refCounter += 1;
    return String(this.refCounter);
  }

  private url(): string {
    return typeof this.options.url === 'function' ? this.options.url() : this.options.url;
  }

  // --- connection -------------------------------------------------------------------------

  private connect(): void {
    this.reconnectTimer = null;
    if (!this.started) return;
    const token = this.options.getToken();
    if (!token) {
      // Signed out meanwhile: the auth layer starts us again on the next sign-in.
      this.stop();
      return;
    }
    const Factory = this.options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketFactory | undefined);
    if (!Factory) return;
    this.setStatus('connecting');
    let ws: WebSocketLike;
    try {
      ws = new Factory(this.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    this.authenticated = false;
    this.closeCodeFromServer = null;
    this.serverTopics.clear();
    this.queue = [];
    // The server counts frames per connection.
    this.sentAt.length = 0;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      const current = this.options.getToken();
      if (!current) {
        this.stop();
        return;
      }
      this.tokenInUse = current;
      this.enqueue({ type: 'auth', token: current, ref: this.nextRef() }, true);
    };
    ws.onmessage = (message) => {
      if (this.ws !== ws) return;
      this.receive(message.data);
    };
    ws.onerror = () => {
      // A close event follows; it decides.
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.closed(event.code);
    };
  }

  /** Forgets the socket: no handler of it fires any more. */
  private dropSocket(): void {
    const ws = this.ws;
    this.ws = null;
    this.authenticated = false;
    this.queue = [];
    this.serverTopics.clear();
    for (const pending of this.pending.values()) if (pending.timer) clearTimeout(pending.timer);
    this.pending.clear();
    this.clearTimer('drainTimer');
    this.clearTimer('heartbeatTimer');
    if (ws) {
      ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
      try {
        ws.close(1000);
      } catch {
        // already closed
      }
    }
  }

  private closed(code: number): void {
    const reason = this.closeCodeFromServer ?? code;
    const staleToken = this.tokenInUse;
    this.dropSocket();
    if (!this.started) return;
    if (reason === REALTIME_CLOSE.sessionRevoked) {
      this.started = false;
      this.setStatus('idle');
      notify(this.revokedListeners);
      return;
    }
    if (reason === REALTIME_CLOSE.unauthenticated && this.options.onUnauthenticated && !this.refreshTried) {
      this.refreshTried = true;
      this.setStatus('reconnecting');
      const refresh = this.options.onUnauthenticated(staleToken).catch(() => false);
      void refresh.then((refreshed) => {
        if (!this.started || this.ws || this.reconnectTimer) return;
        if (refreshed) this.connect();
        else this.scheduleReconnect();
      });
      return;
    }
    this.scheduleReconnect();
  }

  /** The connection is dead (a reply never came): start over. */
  private lost(): void {
    this.dropSocket();
    if (this.started) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (!this.started) return;
    const steps = this.options.backoffMs;
    const delay = steps[Math.min(this.attempt, steps.length - 1)] ?? 10_000;
    this.attempt += 1;
    this.setStatus('reconnecting');
    this.clearTimer('reconnectTimer');
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private clearTimer(name: 'drainTimer' | 'heartbeatTimer' | 'reconnectTimer'): void {
    const timer = this[name];
    if (timer === null) return;
    if (name === 'heartbeatTimer') clearInterval(timer);
    else clearTimeout(timer);
    this[name] = null;
  }

  // --- incoming ---------------------------------------------------------------------------

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let frame: RealtimeServerFrame;
    try {
      frame = JSON.parse(data) as RealtimeServerFrame;
    } catch {
      return;
    }
    if (!frame || typeof frame !== 'object') return;
    if (frame.type === 'reply') this.reply(frame);
    else if (frame.type === 'event') this.dispatch(frame);
    else if (frame.type === 'close') this.closeCodeFromServer = frame.code;
  }

  private reply(frame: Extract<RealtimeServerFrame, { type: 'reply' }>): void {
    const pending = this.pending.get(frame.ref);
    if (!pending) return;
    this.pending.delete(frame.ref);
    if (pending.timer) clearTimeout(pending.timer);
    const ok = frame.status === 'ok';
    switch (pending.type) {
      case 'auth':
        // The server closes with 4001 after a refused token; act on it now.
        if (!ok) this.closed(REALTIME_CLOSE.unauthenticated); else if (!this.authenticated) this.authenticatedNow();
        return;
      case 'join':
        if (!ok && pending.topic) {
          this.serverTopics.delete(pending.topic);
          console.warn(`realtime: join ${pending.topic} refused (${frame.code ?? 'error'})`);
        }
        return;
      default:
        return;
    }
  }

  private authenticatedNow(): void {
    this.authenticated = true;
    this.attempt = 0;
    this.refreshTried = false;
    this.setStatus('open');
    for (const topic of this.subscribers.keys()) this.join(topic);
    this.clearTimer('heartbeatTimer');
    this.heartbeatTimer = setInterval(() => this.heartbeat(), this.options.heartbeatMs);
    if (this.everConnected) notify(this.reconnectedListeners);
    this.everConnected = true;
    // The token was refreshed while the first auth frame was on its way.
    const latest = this.options.getToken();
    if (latest && latest !== this.tokenInUse) this.reauthenticate();
  }

  private dispatch(event: RealtimeEvent): void {
    notify(this.eventListeners, event);
    notify(this.subscribers.get(event.topic), event);
  }

  // --- outgoing ---------------------------------------------------------------------------

  private join(topic: Topic): void {
    if (!this.authenticated || this.serverTopics.has(topic)) return;
    this.serverTopics.add(topic);
    // A leave still waiting in the queue just goes: the server never stopped sending.
    if (this.unqueue((frame) => frame.type === 'leave' && frame.topic === topic)) return;
    this.enqueue({ type: 'join', topic, ref: this.nextRef() });
  }

  private leave(topic: Topic): void {
    if (!this.authenticated || !this.serverTopics.has(topic)) return;
    this.serverTopics.delete(topic);
    if (this.unqueue((frame) => frame.type === 'join' && frame.topic === topic)) return;
    this.enqueue({ type: 'leave', topic, ref: this.nextRef() });
  }

  private heartbeat(): void {
    const waiting =
      this.queue.some((frame) => frame.type === 'heartbeat') ||
      [...this.pending.values()].some((pending) => pending.type === 'heartbeat');
    if (!waiting) this.enqueue({ type: 'heartbeat', ref: this.nextRef() });
  }

  private unqueue(match: (frame: RealtimeClientFrame) => boolean): boolean {
    const index = this.queue.findIndex(match);
    if (index < 0) return false;
    this.queue.splice(index, 1);
    return true;
  }

  private enqueue(frame: RealtimeClientFrame, first = false): void {
    if (first) this.queue.unshift(frame);
    else this.queue.push(frame);
    this.drain();
  }

  /** Sends what the rate allows now, and comes back when the window has room again. */
  private drain(): void {
    this.clearTimer('drainTimer');
    const limit = Math.max(1, this.options.framesPerSecond);
    while (this.queue.length > 0) {
      const ws = this.ws;
      if (!ws || ws.readyState !== WS_OPEN) return;
      const now = Date.now();
      // The clock went back (adjusted): the old times say nothing any more.
      if (this.sentAt.some((at) => at > now)) this.sentAt.length = 0;
      while (this.sentAt.length > 0 && now - this.sentAt[0]! >= RATE_WINDOW_MS) this.sentAt.shift();
      if (this.sentAt.length >= limit) {
        this.drainTimer = setTimeout(() => this.drain(), RATE_WINDOW_MS - (now - this.sentAt[0]!));
        return;
      }
      const frame = this.queue.shift()!;
      this.sentAt.push(now);
      this.track(frame);
      try {
        ws.send(JSON.stringify(frame));
      } catch {
        this.lost();
        return;
      }
    }
  }

  /** Auth, join and heartbeat must be answered in time, or the connection is dead. */
  private track(frame: RealtimeClientFrame): void {
    const timed = frame.type !== 'leave';
    const timer = timed ? setTimeout(() => this.lost(), this.options.replyTimeoutMs) : null;
    this.pending.set(frame.ref, { type: frame.type, ...('topic' in frame ? { topic: frame.topic } : {}), timer });
  }
}

function listen<L>(set: Set<L>, listener: L): () => void {
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

function notify<A extends unknown[]>(set: Set<(...args: A) => void> | undefined, ...args: A): void {
  if (!set) return;
  for (const listener of [...set]) {
    try {
      listener(...args);
    } catch (error) {
      console.error(error);
    }
  }
}
