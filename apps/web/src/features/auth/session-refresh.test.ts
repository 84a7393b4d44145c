import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeSession } from '../../test-utils/session-factory';
import { clearSession, getSession, getLastSignOutReason, SESSION_STORAGE_KEY, setSession } from '../../lib/session-store';
import { refreshSession } from './session-refresh';

const soon = () => Math.floor(Date.now() / 1000) + 30;

describe('refreshSession', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    clearSession('user');
    localStorage.clear();
  });

  it('does nothing while the token has more than 3 ticks to live', async () => {
    const session = makeSession();
    setSession(session, 'SIGNED_IN');
    await expect(refreshSession()).resolves.toEqual(session);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('swaps the refresh token for a new session when due', async () => {
    const session = makeSession({ expires_at: soon() });
    setSession(session, 'SIGNED_IN');
    const next = makeSession({ user: session.user });
    fetchMock.mockResolvedValue(jsonResponse(200, next));

    await expect(refreshSession()).resolves.toEqual(next);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/token?grant_type=refresh_token');
    expect(JSON.parse(String(init!.body))).toEqual({ refresh_token: session.refresh_token });
    expect(getSession()).toEqual(next);
  });

  it('shares one call between concurrent callers', async () => {
    setSession(makeSession({ expires_at: soon() }), 'SIGNED_IN');
    fetchMock.mockResolvedValue(jsonResponse(200, makeSession()));
    await Promise.all([refreshSession(), refreshSession(), refreshSession()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('adopts the session another tab stored when its own refresh token was already spent', async () => {
    const session = makeSession({ expires_at: soon() });
    setSession(session, 'SIGNED_IN');
    const winner = makeSession({ user: session.user });
    fetchMock.mockImplementation(async () => {
      // The other tab won the race: it stored its new session, ours is now spent.
      localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(winner));
      return jsonResponse(401, { error: { code: 'session_revoked', message: 'Session revoked' } });
    });

    await expect(refreshSession()).resolves.toEqual(winner);
    expect(getSession()).toEqual(winner);
  });

  it('skips the call when another tab already refreshed before it got its turn', async () => {
    setSession(makeSession({ expires_at: soon() }), 'SIGNED_IN');
    const fresh = makeSession();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(fresh));
    await expect(refreshSession()).resolves.toEqual(fresh);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs out when the refresh is refused and no other tab has a newer session', async () => {
    setSession(makeSession({ expires_at: soon() }), 'SIGNED_IN');
    fetchMock.mockResolvedValue(jsonResponse(401, { error: { code: 'session_revoked', message: 'Session revoked' } }));
    await expect(refreshSession()).resolves.toBeNull();
    expect(getSession()).toBeNull();
    expect(getLastSignOutReason()).toBe('expired');
  });

  it('keeps the session when the network fails, to try again on the next tick', async () => {
    const session = makeSession({ expires_at: soon() });
    setSession(session, 'SIGNED_IN');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(refreshSession()).rejects.toBeInstanceOf(TypeError);
    expect(getSession()).toEqual(session);
  });
});
