import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiFetch, isApiError } from '../../lib/api-client';
import { clearSession, getSession } from '../../lib/session-store';
import { toastError, toastSuccess } from '../../lib/toast';
import { paths } from '../../lib/paths';

let signingOut = false;

/** True while this tab is signing out: the server ending the session then is expected. */
export function isSigningOut(): boolean {
  return signingOut;
}

/** Ends the session on the server (best effort) and in every tab. True if the server agreed. */
export async function signOut(): Promise<boolean> {
  const session = getSession();
  let ok = true;
  signingOut = true;
  try {
    if (session) {
      try {
        await apiFetch('/api/auth/logout', { method: 'POST', token: session.access_token });
      } catch (error) {
        // A 401 means the server had already ended this session: that is signed out too.
        ok = isApiError(error) && error.status === 401;
      }
    }
    clearSession('user');
  } finally {
    signingOut = false;
  }
  return ok;
}

/** Sign-out as the user asked for it: always ends on /login, with a toast either way. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const ok = await signOut();
    await navigate(paths.login, { replace: true });
    if (ok) toastSuccess('toast.signedOut');
    else toastError('toast.signOutFailed');
  }, [navigate]);
}
