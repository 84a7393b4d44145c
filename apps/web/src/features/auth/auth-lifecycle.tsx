import { useEffect, useState, type ReactNode } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { TOKEN_REFRESH_TICK_MS } from '@portal/shared';
import { isApiError } from '../../lib/api-client';
import { fetchCurrentUser } from '../../lib/current-user';
import { i18n } from '../../lib/i18n';
import { withRetry } from '../../lib/retry';
import { clearSession, getSession, onAuthStateChange, updateSessionUser } from '../../lib/session-store';
import { toastError } from '../../lib/toast';
import { PageLoader } from '../../components/page-loader';
import { shouldRefresh } from './refresh-timing';
import { refreshSession } from './session-refresh';
import { isSigningOut, signOut } from './sign-out';
import { goToSignIn, leaveNotice } from './sign-in-handoff';

const FORCED_REFRESH_COOLDOWN_MS = 10_000;
let lastForcedRefresh = 0;

function notifySessionEnded(): void {
  toastError('toast.authFailed', i18n.t('toast.sessionExpired'));
  // Said again on the sign-in page, where the app sends a visitor without a session.
  leaveNotice('sign-in', { kind: 'error', title: 'toast.authFailed', body: 'toast.sessionExpired' });
}

/**
 * What the auth layer does when a call was answered 401: refresh the session once and report
 * whether the call is worth repeating. A second 401 soon after means the session is gone.
 */
export async function handleUnauthorized(): Promise<boolean> {
  const session = getSession();
  if (!session) return false;
  const now = Date.now();
  if (now - lastForcedRefresh < FORCED_REFRESH_COOLDOWN_MS) {
    clearSession('expired');
    notifySessionEnded();
    return false;
  }
  lastForcedRefresh = now;
  try {
    const next = await refreshSession({ force: true, staleAccessToken: session.access_token });
    if (!next) notifySessionEnded();
    return next !== null;
  } catch {
    return false;
  }
}

/**
 * The realtime server refused the socket's token (close 4001): refresh the session so the
 * socket can authenticate again. True when there is a new token to try.
 */
export async function refreshForRealtime(staleToken: string | null): Promise<boolean> {
  const session = getSession();
  if (!session) return false;
  try {
    const next = await refreshSession({ force: true, ...(staleToken ? { staleAccessToken: staleToken } : {}) });
    if (!next) notifySessionEnded();
    return next !== null;
  } catch {
    return false; // offline: the socket backs off and tries again
  }
}

/**
 * The realtime server says the session was revoked (close 4003: signed out elsewhere, the
 * password changed, a refresh token reused). The one place that decides: this tab signs out.
 */
export function handleSessionRevoked(): void {
  if (!getSession() || isSigningOut()) return;
  clearSession('expired');
  notifySessionEnded();
}

async function tick(): Promise<void> {
  const session = getSession();
  if (!session || !shouldRefresh(session.expires_at, Date.now())) return;
  try {
    const next = await refreshSession();
    if (!next) notifySessionEnded();
  } catch {
    // Offline or the server hiccuped: the next tick tries again.
  }
}

/** Reads the profile behind a stored session: the role or name may have changed meanwhile. */
async function verifyProfile(onProfileMissing: () => void): Promise<void> {
  const session = getSession();
  if (!session || session.recovery) return;
  try {
    const user = await withRetry(() => fetchCurrentUser());
    const current = getSession();
    if (current && current.user.id === user.id && hashKey([current.user]) !== hashKey([user])) {
      updateSessionUser(user);
    }
  } catch (error) {
    if (isApiError(error) && error.code === 'profile_not_found') onProfileMissing();
    else if (isApiError(error) && error.status === 401 && (await handleUnauthorized())) {
      await verifyProfile(onProfileMissing);
    }
  }
}

/**
 * Keeps the session alive for the whole app: refreshes it on the 30 s tick (and at once when
 * a stored one is already due), checks the stored profile on load, and forgets cached server
 * data when the session ends. Renders a loader until a due refresh on load has settled.
 */
export function AuthLifecycle({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(() => {
    const session = getSession();
    return !session || !shouldRefresh(session.expires_at, Date.now());
  });

  useEffect(() => {
    if (!ready) void tick().finally(() => setReady(true));
    const id = setInterval(() => void tick(), TOKEN_REFRESH_TICK_MS);
    return () => clearInterval(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per app start
  }, []);

  useEffect(() => {
    if (!ready) return;
    void verifyProfile(async () => {
      await signOut();
      goToSignIn({ notice: { kind: 'error', title: 'toast.authFailed', body: 'toast.profileNotFound' } });
    });
  }, [ready]);

  useEffect(
    () =>
      onAuthStateChange((event) => {
        if (event === 'SIGNED_OUT') queryClient.clear();
      }),
    [queryClient],
  );

  return ready ? children : <PageLoader fullScreen />;
}
