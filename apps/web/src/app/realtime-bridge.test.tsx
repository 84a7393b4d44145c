import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_CLOSE } from '@portal/shared';
import { registerRealtimeInvalidation } from '../lib/realtime';
import { clearSession, getSession, setSession } from '../lib/session-store';
import { FakeSocket } from '../test-utils/fake-socket';
import { makeSession } from '../test-utils/session-factory';
import { RealtimeBridge } from './realtime-bridge';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

registerRealtimeInvalidation('bridge_test.changed', [['bridge-test']]);

const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;
const tokens = (socket: FakeSocket) => socket.frames('auth').map((f) => (f as { token: string }).token);

describe('RealtimeBridge', () => {
  let container: HTMLDivElement;
  let root: Root;
  let queryClient: QueryClient;

  const isStale = () => queryClient.getQueryState(['bridge-test'])?.isInvalidated ?? false;

  async function mount() {
    queryClient = new QueryClient();
    queryClient.setQueryData(['bridge-test'], 1);
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => {
      root.render(
        <QueryClientProvider client={queryClient}>
          <RealtimeBridge />
        </QueryClientProvider>,
      );
    });
  }

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    act(() => root?.unmount());
    container?.remove();
    clearSession('user');
    localStorage.clear();
    vi.useRealTimers();
  });

  it('connects while signed in, re-authenticates on refresh, disconnects on sign-out', async () => {
    const session = makeSession();
    setSession(session, 'SIGNED_IN');
    await mount();
    const socket = latest();
    expect(socket.url).toBe(`ws://${window.location.host}/api/realtime`);
    socket.open();
    socket.replyAll();
    expect(tokens(socket)).toEqual([session.access_token]);

    const refreshed = makeSession();
    act(() => setSession(refreshed, 'TOKEN_REFRESHED'));
    vi.advanceTimersByTime(1_100);
    expect(tokens(socket)).toEqual([session.access_token, refreshed.access_token]);

    act(() => clearSession('user'));
    expect(socket.closedByClient).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('does not connect when signed out, and connects on sign-in', async () => {
    await mount();
    expect(FakeSocket.all).toHaveLength(0);
    act(() => setSession(makeSession(), 'SIGNED_IN'));
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('makes mapped queries stale on an event, and all of them after a reconnect', async () => {
    setSession(makeSession(), 'SIGNED_IN');
    await mount();
    const first = latest();
    first.open();
    first.replyAll();
    expect(isStale()).toBe(false);
    await act(async () => first.receive({ type: 'event', topic: 'notifications', event: 'bridge_test.changed', payload: {} }));
    expect(isStale()).toBe(true);

    queryClient.setQueryData(['bridge-test'], 2); // fresh again
    expect(isStale()).toBe(false);
    first.serverClose(1006);
    vi.advanceTimersByTime(1_000);
    const second = latest();
    expect(second).not.toBe(first);
    await act(async () => {
      second.open();
      second.replyAll();
    });
    expect(isStale()).toBe(true);
  });

  it('hands a revoked session (4003) to the auth layer, which signs out', async () => {
    setSession(makeSession(), 'SIGNED_IN');
    await mount();
    const socket = latest();
    socket.open();
    socket.replyAll();
    act(() => socket.serverClose(REALTIME_CLOSE.sessionRevoked));
    expect(getSession()).toBeNull();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
