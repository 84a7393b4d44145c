import type { TSession } from '@portal/shared';
import { apiFetch, isApiError } from '../../lib/api-client';
import { clearSession, getSession, readStoredSession, setSession, syncFromStorage } from '../../lib/session-store';
import { shouldRefresh } from './refresh-timing';

const LOCK_NAME = 'portal.session.refresh';
let inflight: Promise<TSession | null> | null = null;

/** One refresh at a time in this tab, and — where Web Locks exist — across the browser's tabs. */
function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks?.request) return locks.request(LOCK_NAME, fn) as Promise<T>;
  return fn();
}

export function requestRefreshToken(refreshToken: string): Promise<TSession> {
  return apiFetch<TSession>('/api/auth/token', {
    method: 'POST',
    query: { grant_type: 'refresh_token' },
    body: { refresh_token: refreshToken },
    auth: false,
  });
}

export interface RefreshOptions {
  /** Refresh even if the token is not near its expiry (a call answered 401). */
  force?: boolean;
  /** The access token that was refused: if the stored one differs, another tab already refreshed. */
  staleAccessToken?: string;
}

async function refreshNow(options: RefreshOptions): Promise<TSession | null> {
  // Another tab may have refreshed (or signed out) while this one waited for the lock.
  syncFromStorage();
  const before = readStoredSession() ?? getSession();
  if (!before) return null;
  if (!options.force && !shouldRefresh(before.expires_at, Date.now())) return before;
  if (options.force && options.staleAccessToken && before.access_token !== options.staleAccessToken) return before;

  try {
    const next = await requestRefreshToken(before.refresh_token);
    setSession(next, 'TOKEN_REFRESHED');
    return next;
  } catch (error) {
    if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) {
      // Our refresh token was spent — maybe by another tab that won the race and stored a
      // newer session. Adopt that one; sign out only if there is none.
      const latest = readStoredSession();
      if (latest && latest.refresh_token !== before.refresh_token) {
        syncFromStorage();
        return latest;
      }
      clearSession('expired');
      return null;
    }
    throw error; // network trouble or a server error: keep the session, try on the next tick
  }
}

/**
 * Refreshes the session when it is due (or `force`d). Returns the session to use afterwards,
 * or null when there is none (signed out). Network failures reject and keep the session.
 */
export function refreshSession(options: RefreshOptions = {}): Promise<TSession | null> {
  if (inflight) return inflight;
  inflight = exclusive(() => refreshNow(options)).finally(() => {
    inflight = null;
  });
  return inflight;
}
