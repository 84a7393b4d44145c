import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { REALTIME_CLOSE } from '@portal/shared';
import { FakeSocket } from '../../test-utils/fake-socket';
import { RealtimeClient, type RealtimeClientOptions } from './realtime-client';
import { invalidateAfterReconnect, invalidateForEvent, registerRealtimeInvalidation, resetRealtimeInvalidations } from './invalidation';

const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;

let token: string | null = 'token-1';

function makeClient(overrides: Partial<RealtimeClientOptions> = {}) {
  return new RealtimeClient({
    url: 'ws://portal.test/api/realtime',
    getToken: () => token,
    WebSocket: FakeSocket,
    ...overrides,
  });
}

/** Opens the latest socket and lets the server accept its auth. */
function acceptConnection(socket = latest()) {
  socket.open();
  socket.replyAll();
  return socket;
}

describe('RealtimeClient', () => {
  let client: RealtimeClient;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    token = 'token-1';
  });
  afterEach(() => {
    client?.stop();
    vi.useRealTimers();
  });

  it('authenticates first, then joins the subscribed topics', () => {
    client = makeClient();
    client.subscribe('notifications', () => {});
    client.start();
    const socket = latest();
    expect(socket.url).toBe('ws://portal.test/api/realtime');
    socket.open();
    expect(socket.frames()).toEqual([{ type: 'auth', token: 'token-1', ref: expect.any(String) }]);
    socket.replyAll();
    expect(client.getStatus()).toBe('open');
    expect(socket.frames('join')).toEqual([{ type: 'join', topic: 'notifications', ref: expect.any(String) }]);
  });

  it('joins on the first subscriber and leaves after the last', () => {
    client = makeClient();
    client.start();
    const socket = acceptConnection();
    const offA = client.subscribe('service_requests', () => {});
    const offB = client.subscribe('service_requests', () => {});
    vi.advanceTimersByTime(1_100);
    expect(socket.frames('join')).toHaveLength(1);
    offA();
    vi.advanceTimersByTime(1_100);
    expect(socket.frames('leave')).toHaveLength(0);
    offB();
    vi.advanceTimersByTime(1_100);
    expect(socket.frames('leave')).toEqual([{ type: 'leave', topic: 'service_requests', ref: expect.any(String) }]);
  });

  it('hands events to the handlers of their topic', () => {
    client = makeClient();
    const seen: string[] = [];
    client.subscribe('notifications', (event) => seen.push(event.event));
    client.subscribe('stock', () => seen.push('wrong topic'));
    client.start();
    const socket = acceptConnection();
    socket.receive({ type: 'event', topic: 'notifications', event: 'notification.created', payload: { ids: ['a'] } });
    expect(seen).toEqual(['notification.created']);
  });

  it('reconnects after 1 s, 2 s, 5 s, then every 10 s, and starts over after a good auth', () => {
    client = makeClient();
    client.start();
    expect(FakeSocket.all).toHaveLength(1);
    const gaps: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      latest().serverClose(1006);
      const before = FakeSocket.all.length;
      let waited = 0;
      while (FakeSocket.all.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      gaps.push(waited);
    }
    expect(gaps).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000]);

    acceptConnection();
    latest().serverClose(1006);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(7);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(8);
  });

  it('sends a heartbeat every 30 s and reconnects when one is not answered within 10 s', () => {
    client = makeClient();
    client.start();
    const socket = acceptConnection();
    vi.advanceTimersByTime(30_000);
    expect(socket.frames('heartbeat')).toHaveLength(1);
    socket.replyAll();
    vi.advanceTimersByTime(30_000);
    expect(socket.frames('heartbeat')).toHaveLength(2);
    // No reply this time.
    vi.advanceTimersByTime(9_999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(socket.closedByClient).toBe(true);
    expect(client.getStatus()).toBe('reconnecting');
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('reconnects when a join is not answered within 10 s', () => {
    client = makeClient();
    client.start();
    const socket = acceptConnection();
    client.subscribe('appointments', () => {});
    expect(socket.frames('join')).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(socket.closedByClient).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('reconnects when the auth frame is not answered within 10 s', () => {
    client = makeClient();
    client.start();
    latest().open();
    vi.advanceTimersByTime(10_000);
    expect(latest().closedByClient).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('never sends more than 2 frames a second, and drops none of them', () => {
    client = makeClient();
    const topics = ['notifications', 'service_requests', 'appointments', 'transfers', 'stock'] as const;
    for (const topic of topics) client.subscribe(topic, () => {});
    client.start();
    const socket = latest();
    socket.open();
    socket.replyAll(); // auth accepted: five joins queue up
    token = 'token-2';
    client.reauthenticate();
    vi.advanceTimersByTime(10_000);
    const frames = socket.frames();
    expect(frames.filter((f) => f.type === 'join').map((f) => (f as { topic: string }).topic).sort()).toEqual([...topics].sort());
    expect(frames.filter((f) => f.type === 'auth')).toHaveLength(2);
    // Every window of one second holds at most two frames.
    const times = socket.sent.map((s) => s.at);
    for (let i = 2; i < times.length; i += 1) expect(times[i]! - times[i - 2]!).toBeGreaterThanOrEqual(1_000);
    // The re-auth went ahead of the queued joins.
    expect(frames[1]!.type).toBe('join');
    expect(frames[2]).toEqual({ type: 'auth', token: 'token-2', ref: expect.any(String) });
  });

  it('sends a fresh auth frame when the token is refreshed', () => {
    client = makeClient();
    client.start();
    const socket = acceptConnection();
    token = 'token-2';
    client.reauthenticate();
    vi.advanceTimersByTime(1_100);
    expect(socket.frames('auth').map((f) => (f as { token: string }).token)).toEqual(['token-1', 'token-2']);
    socket.replyAll();
    expect(client.getStatus()).toBe('open');
  });

  it('sends the refreshed token once the first auth (with the old one) is answered', () => {
    client = makeClient();
    client.start();
    const socket = latest();
    socket.open(); // auth with token-1 goes out
    token = 'token-2';
    client.reauthenticate();
    expect(socket.frames('auth')).toHaveLength(1);
    socket.replyAll();
    vi.advanceTimersByTime(1_100);
    expect(socket.frames('auth').map((f) => (f as { token: string }).token)).toEqual(['token-1', 'token-2']);
  });

  it('joins every subscribed topic again after a reconnect, and reports the reconnect', () => {
    client = makeClient();
    const reconnected = vi.fn();
    client.onReconnected(reconnected);
    client.subscribe('notifications', () => {});
    client.subscribe('transfers', () => {});
    client.start();
    const first = acceptConnection();
    vi.advanceTimersByTime(1_100);
    expect(first.frames('join')).toHaveLength(2);
    expect(reconnected).not.toHaveBeenCalled();

    first.serverClose(1006);
    vi.advanceTimersByTime(1_000);
    const second = acceptConnection();
    vi.advanceTimersByTime(1_100);
    expect(second.frames('join').map((f) => (f as { topic: string }).topic).sort()).toEqual(['notifications', 'transfers']);
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it('reports a revoked session (4003) and stays closed', () => {
    client = makeClient();
    const revoked = vi.fn();
    client.onRevoked(revoked);
    client.start();
    const socket = acceptConnection();
    socket.receive({ type: 'close', code: REALTIME_CLOSE.sessionRevoked, message: 'revoked' });
    socket.serverClose(REALTIME_CLOSE.sessionRevoked);
    expect(revoked).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(client.getStatus()).toBe('idle');
  });

  it('asks for a token refresh on 4001 and reconnects with the new token', async () => {
    const onUnauthenticated = vi.fn(async () => {
      token = 'token-2';
      return true;
    });
    client = makeClient({ onUnauthenticated });
    client.start();
    acceptConnection();
    latest().serverClose(REALTIME_CLOSE.unauthenticated);
    await vi.advanceTimersByTimeAsync(0);
    expect(onUnauthenticated).toHaveBeenCalledWith('token-1');
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    expect(latest().frames('auth')).toEqual([{ type: 'auth', token: 'token-2', ref: expect.any(String) }]);
  });

  it('refreshes once per streak of 4001 closes, then backs off', async () => {
    const onUnauthenticated = vi.fn(async () => true);
    client = makeClient({ onUnauthenticated });
    client.start();
    latest().open();
    latest().receive({ type: 'reply', ref: latest().frames()[0]!.ref, status: 'error', code: 'unauthenticated' });
    await vi.advanceTimersByTimeAsync(0);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    latest().serverClose(REALTIME_CLOSE.unauthenticated);
    await vi.advanceTimersByTimeAsync(0);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('stops on stop() and does not reconnect', () => {
    client = makeClient();
    client.start();
    const socket = acceptConnection();
    client.stop();
    expect(socket.closedByClient).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('does not connect without a token', () => {
    token = null;
    client = makeClient();
    client.start();
    expect(FakeSocket.all).toHaveLength(0);
    expect(client.getStatus()).toBe('idle');
    token = 'token-1';
    client.start();
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('realtime invalidation', () => {
  afterEach(() => resetRealtimeInvalidations());

  it('invalidates the queries an event maps to, and all of them after a reconnect', async () => {
    registerRealtimeInvalidation('notification.created', [['notifications']]);
    registerRealtimeInvalidation('notification.read', [['notifications']]);
    registerRealtimeInvalidation('service_request.updated', [['service-requests']]);
    const queryClient = new QueryClient();
    queryClient.setQueryData(['notifications', 'list'], 1);
    queryClient.setQueryData(['service-requests', 'mine'], 1);
    queryClient.setQueryData(['profile'], 1);
    const stale = () =>
      queryClient
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.isInvalidated)
        .map((q) => q.queryKey[0])
        .sort();

    await invalidateForEvent(queryClient, 'notification.created');
    expect(stale()).toEqual(['notifications']);
    await invalidateForEvent(queryClient, 'unknown.event');
    expect(stale()).toEqual(['notifications']);
    await invalidateAfterReconnect(queryClient);
    expect(stale()).toEqual(['notifications', 'service-requests']);
  });
});
