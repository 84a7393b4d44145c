import WebSocket from 'ws';
import type { RealtimeServerFrame, Topic } from '@portal/shared';

/** A bare realtime client for tests: speaks the protocol and records every frame it gets. */
export class TestSocket {
  readonly frames: RealtimeServerFrame[] = [];
  closeCode: number | null = null;
  private ref = 0;
  private readonly closed: Promise<number>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.frames.push(JSON.parse(data.toString())));
    this.closed = new Promise((resolve) =>
      ws.on('close', (code) => {
        this.closeCode = code;
        resolve(code);
      }),
    );
  }

  static async open(url: string): Promise<TestSocket> {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new TestSocket(ws);
  }

  /** Sends a frame and waits for the server's reply to it. */
  async request(frame: Record<string, unknown>) {
    const ref = String(++this.ref);
    this.ws.send(JSON.stringify({ ...frame, ref }));
    return this.waitFor((f) => f.type === 'reply' && f.ref === ref);
  }

  /** Authenticates and joins topics; throws unless every step is acknowledged. */
  async signIn(token: string, topics: Topic[] = ['notifications']) {
    const auth = await this.request({ type: 'auth', token });
    if (auth.type !== 'reply' || auth.status !== 'ok') throw new Error(`auth refused: ${JSON.stringify(auth)}`);
    for (const topic of topics) {
      const joined = await this.request({ type: 'join', topic });
      if (joined.type !== 'reply' || joined.status !== 'ok') throw new Error(`join ${topic} refused: ${JSON.stringify(joined)}`);
    }
    return this;
  }

  events(event?: string) {
    return this.frames.filter((f) => f.type === 'event' && (!event || f.event === event));
  }

  async waitFor(predicate: (f: RealtimeServerFrame) => boolean, ms = 2000): Promise<RealtimeServerFrame> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.frames.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  waitClosed(ms = 2000): Promise<number> {
    return Promise.race([this.closed, new Promise<number>((_, reject) => setTimeout(() => reject(new Error('not closed')), ms))]);
  }

  close() {
    this.ws.close();
  }
}

/** Gives a pending event time to arrive, for asserting that it does not. */
export const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms));
