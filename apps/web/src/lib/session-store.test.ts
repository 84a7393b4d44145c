import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession } from '../test-utils/session-factory';
import {
  clearSession,
  getSession,
  onAuthStateChange,
  readStoredSession,
  SESSION_STORAGE_KEY,
  setSession,
  updateSessionUser,
} from './session-store';

/** What the browser does in this tab when another tab writes the session. */
function otherTabWrites(value: unknown) {
  if (value === null) localStorage.removeItem(SESSION_STORAGE_KEY);
  else localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(value));
  window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
}

describe('session store', () => {
  afterEach(() => {
    clearSession('user');
    localStorage.clear();
  });

  it('keeps the session in localStorage and emits the events', () => {
    const events: string[] = [];
    const off = onAuthStateChange((event) => events.push(event));
    const session = makeSession();
    setSession(session, 'SIGNED_IN');
    expect(readStoredSession()).toEqual(session);
    updateSessionUser({ ...session.user, name: 'New name' });
    expect(getSession()?.user.name).toBe('New name');
    clearSession('user');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    off();
    expect(events).toEqual(['SIGNED_IN', 'USER_UPDATED', 'SIGNED_OUT']);
  });

  it('follows other tabs: sign-in, refresh and sign-out', () => {
    const listener = vi.fn();
    const off = onAuthStateChange(listener);
    const first = makeSession();
    otherTabWrites(first);
    expect(getSession()).toEqual(first);
    const refreshed = makeSession({ user: first.user });
    otherTabWrites(refreshed);
    expect(getSession()?.access_token).toBe(refreshed.access_token);
    otherTabWrites(null);
    expect(getSession()).toBeNull();
    off();
    expect(listener.mock.calls.map(([event]) => event)).toEqual(['SIGNED_IN', 'TOKEN_REFRESHED', 'SIGNED_OUT']);
  });

  it('ignores a stored value that is not a session', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{"access_token": 1}');
    expect(readStoredSession()).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, 'not json');
    expect(readStoredSession()).toBeNull();
  });
});
