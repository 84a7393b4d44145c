import type { RealtimeClientFrame, RealtimeServerFrame } from '@portal/shared';
import type { WebSocketLike } from '../lib/realtime/realtime-client';

/** A WebSocket the test drives: it records what the client sends, and when. */
export class FakeSocket implements WebSocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  readonly sent: { at: number; frame: RealtimeClientFrame }[] = [];
  closedByClient = false;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push({ at: Date.now(), frame: JSON.parse(data) as RealtimeClientFrame });
  }

  close(): void {
    this.closedByClient = true;
    this.readyState = 3;
  }

  // --- the server's side ---
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  receive(frame: RealtimeServerFrame): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  /** Answers `ok` to every frame sent so far that has not been answered. */
  replyAll(): void {
    for (const { frame } of this.sent.slice(this.answered)) {
      this.receive({ type: 'reply', ref: frame.ref, status: 'ok' });
    }
    this.answered = this.sent.length;
  }
  private answered = 0;

  serverClose(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }

  frames(type?: RealtimeClientFrame['type']): RealtimeClientFrame[] {
    return this.sent.map((s) => s.frame).filter((f) => !type || f.type === type);
  }
}

