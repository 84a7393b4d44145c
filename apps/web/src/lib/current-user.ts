import type { TUpdateUserRequest, TUser } from '@portal/shared';
import { apiFetch } from './api-client';
import { getSession, updateSessionUser } from './session-store';

/** GET /api/auth/user — the profile behind the session (or behind `token`). */
export function fetchCurrentUser(token?: string): Promise<TUser> {
  return apiFetch<TUser>('/api/auth/user', token ? { token } : {});
}

/** PUT /api/auth/user; the session's copy of the user follows (USER_UPDATED). */
export async function updateCurrentUser(patch: TUpdateUserRequest): Promise<TUser> {
  const user = await apiFetch<TUser>('/api/auth/user', { method: 'PUT', body: patch });
  if (getSession()) updateSessionUser(user);
  return user;
}
