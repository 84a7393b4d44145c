import type { TSession, TSignupRequest } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { setSession } from '../../../lib/session-store';

export async function signUp(input: TSignupRequest): Promise<TSession> {
  const session = await apiFetch<TSession>('/api/auth/signup', { method: 'POST', body: input, auth: false });
  setSession(session, 'SIGNED_IN');
  return session;
}
