// Many realtime clients at once (the protocol of packages/shared/src/realtime.ts), for the
// realtime benchmark: each socket authenticates, joins its topics, sends a heartbeat every
// 30 s like the web client, and stamps every event with its arrival time (performance.now()
// in this process, so it compares with the send times taken here).
import WebSocket from 'ws';

export const REALTIME_PATH = '/api/realtime';
const HEARTBEAT_MS = 30_000;

export class BenchSocket {
  /** Events since the last `takeEvents()`: { at, topic, event, payload }. */
  events = [];
  closeCode = null;
  #ref = 0;
  #pending = new Map();
  #heartbeat = null;

  constructor(ws, meta) {
    this.ws = ws;
    Object.assign(this, meta);
    ws.on('message', (data) => {
      const at = performance.now();
      let frame;
      try {
        frame = JSON.parse(data.toString());
      } catch {
        return;
      }
      if (frame.type === 'event') this.events.push({ at, topic: frame.topic, event: frame.event, payload: frame.payload });
      else if (frame.type === 'reply') {
        const p = this.#pending.get(frame.ref);
        if (p) {
          this.#pending.delete(frame.ref);
          p(frame);
        }
      }
    });
    ws.on('close', (code) => {
      this.closeCode = code;
      if (this.#heartbeat) clearInterval(this.#heartbeat);
      for (const p of this.#pending.values()) p({ type: 'reply', status: 'error', code: 'closed', message: `closed with ${code}` });
      this.#pending.clear();
    });
    ws.on('error', () => {});
  }

  static open(baseUrl, meta = {}, timeoutMs = 15_000) {
    const ws = new WebSocket(baseUrl.replace(/^http/, 'ws') + REALTIME_PATH);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error('WebSocket did not open in time'));
      }, timeoutMs);
      ws.once('open', () => {
        clearTimeout(timer);
        resolve(new BenchSocket(ws, meta));
      });
      ws.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
  }

  request(frame, timeoutMs = 15_000) {
    const ref = String(++this.#ref);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(ref);
        reject(new Error(`no reply to ${frame.type} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#pending.set(ref, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      this.ws.send(JSON.stringify({ ...frame, ref }));
    });
  }

  /** Authenticates, joins the topics, and starts heartbeats (the server drops a silent socket). */
  async signIn(token, topics = ['notifications']) {
    const auth = await this.request({ type: 'auth', token });
    if (auth.status !== 'ok') throw new Error(`auth refused: ${JSON.stringify(auth)}`);
    for (const topic of topics) {
      const joined = await this.request({ type: 'join', topic });
      if (joined.status !== 'ok') throw new Error(`join ${topic} refused: ${JSON.stringify(joined)}`);
    }
    // A random phase, so 1,000 clients do not beat together.
    const first = setTimeout(() => {
      this.#beat();
      this.#heartbeat = setInterval(() => this.#beat(), HEARTBEAT_MS);
    }, Math.random() * HEARTBEAT_MS);
    this.ws.once('close', () => clearTimeout(first));
    return this;
  }

  #beat() {
    if (this.ws.readyState === WebSocket.OPEN) this.request({ type: 'heartbeat' }).catch(() => {});
  }

  takeEvents() {
    const e = this.events;
    this.events = [];
    return e;
  }

  get open() {
    return this.ws.readyState === WebSocket.OPEN;
  }

  close() {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
  }
}

/** Runs `fn` over `items` with at most `limit` at a time; resolves to the results in order. */
export async function pool(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
