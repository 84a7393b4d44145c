import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateAfterReconnect, invalidateForEvent, realtime } from '../lib/realtime';
import { getSession, onAuthStateChange } from '../lib/session-store';
import { handleSessionRevoked, refreshForRealtime } from '../features/auth';

/**
 * Ties the tab's realtime connection to the session: open while signed in (a recovery
 * session does not count), a fresh auth frame on every token refresh, closed on sign-out.
 * Events make the queries of the invalidation map stale; a reconnect makes all of them
 * stale, since events were missed meanwhile. A revoked session goes to the auth layer.
 */
export function RealtimeBridge() {
  const queryClient = useQueryClient();

  useEffect(() => {
    realtime.configure({ onUnauthenticated: refreshForRealtime });
    const sync = () => {
      const session = getSession();
      if (session && !session.recovery) realtime.start();
      else realtime.stop();
    };
    sync();
    const offAuth = onAuthStateChange((event) => {
      if (event === 'TOKEN_REFRESHED') realtime.reauthenticate();
      else if (event === 'SIGNED_IN' || event === 'SIGNED_OUT' || event === 'PASSWORD_RECOVERY') {
        // Another user in this browser, or none: start over.
        realtime.stop();
        sync();
      }
    });
    const offEvent = realtime.onEvent((event) => void invalidateForEvent(queryClient, event.event));
    const offReconnected = realtime.onReconnected(() => void invalidateAfterReconnect(queryClient));
    const offRevoked = realtime.onRevoked(handleSessionRevoked);
    return () => {
      offAuth();
      offEvent();
      offReconnected();
      offRevoked();
      realtime.stop();
    };
  }, [queryClient]);

  return null;
}
