import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useDirection } from '@mantine/core';
import { notifications, notificationsStore } from '@mantine/notifications';
import { useLocation } from 'react-router';
import { TOAST_LIMIT } from '@portal/shared';
import { takeNotice } from '../features/auth';
import { i18n } from '../lib/i18n';
import { toastError, toastSuccess } from '../lib/toast';

// The toasts' container (transitions, swipe to dismiss) is a chunk of its own, drawn from the first
// toast on: most first screens show none (issue #26). Until then the store holds what is shown, so
// its limit is set here, before any toast can be distributed under Mantine's default of 5.
const Notifications = lazy(() => import('./toast-container'));
notificationsStore.updateState((state) => ({ ...state, limit: TOAST_LIMIT }));

const anyToast = () => {
  const { notifications: visible, queue } = notificationsStore.getState();
  return visible.length + queue.length > 0;
};

/**
 * A toast shown this shortly before a navigation belongs to the action that navigated (saved,
 * then opened the new record): it stays. Older ones were about the page being left.
 */
export const TOAST_FRESH_MS = 1_500;

/** The toasts to close when the page changes: those shown longer than `freshMs` before `now`. */
export function staleToastIds(visible: readonly string[], shownAt: ReadonlyMap<string, number>, now: number, freshMs = TOAST_FRESH_MS): string[] {
  return visible.filter((id) => now - (shownAt.get(id) ?? 0) > freshMs);
}

/**
 * Where the app's toasts show and how long they last on screen — the one place for it (issue #24):
 * at most TOAST_LIMIT at once (the rest wait their turn), at the bottom on the end side of the
 * page (nothing acts there: titles, the page's buttons, the header and the sidebar's start are
 * all elsewhere; on a phone the bottom of the screen is page content), and on a move to another
 * page the ones about the page left behind close, shown or waiting. Mounted by the router's
 * root layout, so it sees every navigation.
 */
export function Toasts() {
  const { dir } = useDirection();
  const { pathname } = useLocation();
  const shownAt = useRef(new Map<string, number>());
  const firstPath = useRef(true);

  // What the sign-in page left to be said once the app is here ("Signed in successfully").
  useEffect(() => {
    const notice = takeNotice('app');
    if (notice?.kind === 'success') toastSuccess(notice.title, notice.body);
    else if (notice) toastError(notice.title, notice.body && i18n.t(notice.body));
  }, []);

  // When each toast entered the store (shown or queued).
  useEffect(() => {
    const track = () => {
      const now = Date.now();
      const { notifications: visible, queue } = notificationsStore.getState();
      const ids = new Set([...visible, ...queue].map((n) => n.id).filter((id): id is string => !!id));
      for (const id of ids) if (!shownAt.current.has(id)) shownAt.current.set(id, now);
      for (const id of shownAt.current.keys()) if (!ids.has(id)) shownAt.current.delete(id);
    };
    track();
    return notificationsStore.subscribe(track);
  }, []);

  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    // Shown or still waiting: whatever came before the move is about the page left behind.
    const { notifications: visible, queue } = notificationsStore.getState();
    const ids = [...visible, ...queue].map((n) => n.id).filter((id): id is string => !!id);
    for (const id of staleToastIds(ids, shownAt.current, Date.now())) notifications.hide(id);
  }, [pathname]);

  // Drawn from the first toast on, and kept (a toast's exit needs it).
  const toastNow = useSyncExternalStore(notificationsStore.subscribe, anyToast, () => false);
  const [drawn, setDrawn] = useState(false);
  if (toastNow && !drawn) setDrawn(true);
  if (!drawn) return null;
  return (
    <Suspense fallback={null}>
      <Notifications limit={TOAST_LIMIT} position={dir === 'rtl' ? 'bottom-left' : 'bottom-right'} zIndex={1000} />
    </Suspense>
  );
}
