import type { TSession } from '@portal/shared';
import { type ApiError, apiFetch, isApiError } from '../../../lib/api-client';
import { fetchCurrentUser } from '../../../lib/current-user';
import { setSession } from '../../../lib/session-store';

export interface SignInInput {
  email: string;
  password: string;
}

/**
 * Password sign-in. The profile is read before the session is kept: a user whose profile row
 * is missing is signed straight out again, with the error `profile_not_found`.
 */
export async function signInWithPassword(input: SignInInput): Promise<TSession> {
  const session = await apiFetch<TSession>('/api/auth/token', {
    method: 'POST',
    query: { grant_type: 'password' },
    body: { email: input.email.trim().toLowerCase(), password: input.password },
    auth: false,
  });
  try {
    const user = await fetchCurrentUser(session.access_token);
    const signedIn = { ...session, user };
    setSession(signedIn, 'SIGNED_IN');
    return signedIn;
  } catch (error) {
    if (isApiError(error) && error.code === 'profile_not_found') {
      await apiFetch('/api/auth/logout', { method: 'POST', token: session.access_token }).catch(() => undefined);
      throw error;
    }
    if (isApiError(error)) throw error;
    // The profile could not be read for a network hiccup: the session itself is good.
    setSession(session, 'SIGNED_IN');
    return session;
  }
}

export function isProfileNotFound(error: unknown): error is ApiError {
  return isApiError(error) && error.code === 'profile_not_found';
}
