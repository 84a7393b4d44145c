import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TServiceRequest } from '@portal/shared';
import { onAuthStateChange } from '../../lib/session-store';
import { useSession } from '../../lib/use-session';
import { toastError, toastSuccess } from '../../lib/toast';
import { isUnsent, type OutboxItem, type OutboxSnapshot } from './outbox';
import { applyOutbox } from './overlay';
import { configureReplay, outboxOf, REPLAY_EVENTS, requestReplay, technicianOf } from './runtime';

const EMPTY: OutboxSnapshot = { items: [], progress: null };
const noSubscription = () => () => {};
const emptySnapshot = () => EMPTY;

/** The signed-in technician's outbox as the screens read it (empty for other roles). */
export function useOutbox(): OutboxSnapshot {
  const userId = technicianOf(useSession());
  const outbox = userId ? outboxOf(userId) : null;
  const subscribe = useCallback((listener: () => void) => outbox?.subscribe(listener) ?? (() => {}), [outbox]);
  const snapshot = useCallback(() => outbox?.snapshot() ?? EMPTY, [outbox]);
  return useSyncExternalStore(outbox ? subscribe : noSubscription, outbox ? snapshot : emptySnapshot, emptySnapshot);
}

/** This request's queued actions, in order. */
export function useQueuedWork(requestId: string): readonly OutboxItem[] {
  const { items } = useOutbox();
  return useMemo(() => items.filter((item) => item.requestId === requestId), [items, requestId]);
}

/** The task as it will be once its queued actions reach the server (unchanged when none wait). */
export function useWithQueuedWork(request: TServiceRequest | undefined): TServiceRequest | undefined {
  const session = useSession();
  const items = useQueuedWork(request?.id ?? '');
  const user = session?.user;
  return useMemo(
    () => (request && user && items.length ? applyOutbox(request, items, { userId: user.id, role: user.role, name: user.name }) : request),
    [request, items, user],
  );
}

export function useOutboxActions() {
  const userId = technicianOf(useSession());
  return useMemo(
    () => ({
      /** Takes back a queued action not sent yet; false once it is on its way. */
      cancel: (itemId: string) => (userId ? outboxOf(userId).cancel(itemId) : Promise.resolve(false)),
      dismiss: (itemId: string) => (userId ? outboxOf(userId).dismiss(itemId) : Promise.resolve()),
    }),
    [userId],
  );
}

/** How many actions wait for the server (failed ones wait for the technician instead). */
export const unsentCount = (items: readonly OutboxItem[]) => items.filter(isUnsent).length;

/**
 * Runs the outbox for the signed-in technician: replays it at start, on reconnect and when the
 * session is renewed; afterwards the touched tasks, lists, van stock and dashboard are read
 * again, and a toast says how it went. `onUnauthorized` is the auth layer's 401 handling.
 */
export function useOutboxSync(onUnauthorized?: () => Promise<boolean>): void {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const userId = technicianOf(useSession());
  useEffect(() => {
    if (!userId) return;
    configureReplay({
      ...(onUnauthorized ? { onUnauthorized } : {}),
      refresh: async (requestIds) => {
        await Promise.all([
          ...requestIds.map((id) => queryClient.invalidateQueries({ queryKey: ['service-requests', 'detail', id] })),
          queryClient.invalidateQueries({ queryKey: ['service-requests', 'list'] }),
          queryClient.invalidateQueries({ queryKey: ['van-stock'] }),
          queryClient.invalidateQueries({ queryKey: ['stock'] }),
          queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        ]);
      },
      onDone: (result) => {
        if (result.failed) toastError('offline.syncFailedTitle', t('offline.syncFailed'));
        else if (!result.stopped) toastSuccess('offline.synced');
      },
    });
    const replay = () => void requestReplay();
    window.addEventListener('online', replay);
    const stop = onAuthStateChange((event) => {
      if (REPLAY_EVENTS.includes(event)) replay();
    });
    replay();
    return () => {
      window.removeEventListener('online', replay);
      stop();
    };
  }, [userId, queryClient, onUnauthorized, t]);
}
