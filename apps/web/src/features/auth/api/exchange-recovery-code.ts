import type { TSession } from '@portal/shared';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { setSession } from '../../../lib/session-store';
import { clearCodeVerifier, readCodeVerifier } from '../pkce';

const exchanges = new Map<string, Promise<TSession>>();

async function exchange(code: string): Promise<TSession> {
  const verifier = readCodeVerifier();
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
  clearCodeVerifier();
  setSession(session, 'PASSWORD_RECOVERY');
  return session;
}

/** Exchanges a mailed code for a recovery session, once per code (codes work only once). */
export function exchangeRecoveryCode(code: string): Promise<TSession> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = exchange(code);
    exchanges.set(code, pending);
  }
  return pending;
}
