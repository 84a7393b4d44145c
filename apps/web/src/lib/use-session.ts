import { useSyncExternalStore } from 'react';
import type { TSession, TUser } from '@portal/shared';
import { getSession, subscribeSnapshot } from './session-store';

// The session store's React side, apart from it so that the sign-in page (no React) can use the store.

export function useSession(): TSession | null {
  return useSyncExternalStore(subscribeSnapshot, getSession, getSession);
}

/** The signed-in user; only for components rendered behind the sign-in guard. */
export function useCurrentUser(): TUser {
  const session = useSession();
  if (!session) throw new Error('useCurrentUser() needs a signed-in session');
  return session.user;
}
