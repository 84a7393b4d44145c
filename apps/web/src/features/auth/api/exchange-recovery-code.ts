import type { TSession } from '@portal/shared';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { setSession } from '../../../lib/session-store';
import { clearCodeVerifier, readCodeVerifier } from '../pkce';

const exchanges = new Map<string, Promise<TSession>>();

async function exchange(code: string, linkVerifier?: string | null): Promise<TSession> {
  // A welcome link carries its own verifier (docs/decisions/005-welcome-invitation.md); a reset
  // link's verifier is in the storage of the browser that asked.
  const verifier = linkVerifier || readCodeVerifier();
  if (!verifier) {
    // Not the browser that asked for the reset (or its storage was cleared).
    throw new ApiError({ status: 400, code: 'recovery_code_invalid', message: 'No code verifier in this browser' });
  }
  const session = await apiFetch<TSession>('/api/auth/token', {
    method: 'POST',
    query: { grant_type: 'pkce' },
    body: { auth_code: code, code_verifier: verifier },
    auth: false,
  });
  if (!linkVerifier) clearCodeVerifier();
  setSession(session, 'PASSWORD_RECOVERY');
  return session;
}

/** Exchanges a mailed code for a recovery session, once per code (codes work only once). */
export function exchangeRecoveryCode(code: string, linkVerifier?: string | null): Promise<TSession> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = exchange(code, linkVerifier);
    exchanges.set(code, pending);
  }
  return pending;
}
