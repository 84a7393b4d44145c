import { apiFetch, isApiError } from '../../lib/api-client';
import { clearSession, getSession } from '../../lib/session-store';
import { goToSignIn } from './sign-in-handoff';

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

/** Sign-out as the user asked for it: always ends on the sign-in page, which says how it went. */
export async function signOutToSignIn(): Promise<void> {
  const ok = await signOut();
  goToSignIn({ notice: ok ? { kind: 'success', title: 'toast.signedOut' } : { kind: 'error', title: 'toast.signOutFailed' } });
}
