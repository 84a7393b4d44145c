import { useEffect, useState, type ReactNode } from 'react';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { getLastSignOutReason, getSession, onAuthStateChange } from '../../lib/session-store';
import { useSession } from '../../lib/use-session';
import { clearReads, persistReads, restoreReads } from './persisted-reads';
import { offlineStorage } from './storage';
import { technicianOf } from './technician';

// Loaded when needed, not with the first screen (this file is in the public screens' chunk).
const warmOfflineCopy = (client: QueryClient) => import('./warm').then((m) => m.warmOfflineCopy(client));
const clearOutbox = (userId: string) => import('./runtime').then((m) => m.outboxOf(userId).clear());

/** A hung IndexedDB must not keep the app blank: after this, start without the kept reads. */
const RESTORE_TIMEOUT_MS = 1500;
/** The warm-up waits for the first screen's own requests to go first. */
const WARM_DELAY_MS = 3000;

const withTimeout = (work: Promise<void>) => Promise.race([work, new Promise<void>((done) => setTimeout(done, RESTORE_TIMEOUT_MS))]);

let lastTechnician: string | null = technicianOf(getSession());

// Sign-out: the technician's reads leave the device whatever the reason. The outbox goes too
// when they chose to sign out (the user menu warned them first); when the session merely
// expired, their unsent work stays for their next sign-in.
onAuthStateChange((event, session) => {
  if (event === 'SIGNED_OUT' && lastTechnician) {
    const userId = lastTechnician;
    void clearReads(offlineStorage(), userId);
    if (getLastSignOutReason() === 'user') void clearOutbox(userId);
  }
  lastTechnician = technicianOf(session);
});

/**
 * A signed-in technician's reads, kept on the device: restored into the query cache before the
 * app's first screen renders (so an offline start shows the tasks instead of loaders), saved
 * as they change, warmed with every open task while online, and cleared at sign-out.
 */
export function OfflineReads({ client, children }: { client: QueryClient; children: ReactNode }) {
  const userId = technicianOf(useSession());
  // Only the start waits: a technician signing in later has nothing kept to wait for.
  const [restoring, setRestoring] = useState(userId !== null);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    let stop = () => {};
    let delayed: ReturnType<typeof setTimeout> | undefined;
    const warm = () => {
      clearTimeout(delayed);
      delayed = setTimeout(() => void warmOfflineCopy(client), WARM_DELAY_MS);
    };
    void withTimeout(restoreReads(client, offlineStorage(), userId)).then(() => {
      if (!live) return;
      setRestoring(false);
      stop = persistReads(client, offlineStorage(), userId, { isCurrent: () => technicianOf(getSession()) === userId });
      if (onlineManager.isOnline()) warm();
    });
    window.addEventListener('online', warm);
    return () => {
      live = false;
      stop();
      clearTimeout(delayed);
      window.removeEventListener('online', warm);
    };
  }, [client, userId]);

  return restoring && userId !== null ? null : children;
}
