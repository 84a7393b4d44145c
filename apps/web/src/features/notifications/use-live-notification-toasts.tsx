import { useEffect, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, type TNotification } from '@portal/shared';
import { NotificationTypeGlyph, lookOf } from '../../components/notification-type-icon';
import { useNotificationContent } from './notification-content';

/** A burst (say, after a long time offline) shows this many toasts; the bell holds the rest. */
const MAX_TOASTS_AT_ONCE = 5;

/**
 * Toasts each notification that shows up in the list unread and unseen — new while the page
 * is open, or missed while the connection was down — but not the ones of the first load.
 */
export function useLiveNotificationToasts(items: TNotification[] | undefined): void {
  const seen = useRef<Set<string> | null>(null);
  const textOf = useNotificationContent();

  useEffect(() => {
    if (!items) return;
    if (seen.current === null) {
      seen.current = new Set(items.map((n) => n.id));
      return;
    }
    const fresh = items.filter((n) => !seen.current!.has(n.id));
    for (const n of fresh) seen.current.add(n.id);
    const toToast = fresh.filter((n) => !n.read).slice(0, MAX_TOASTS_AT_ONCE);
    // Oldest first, so the newest ends up on top.
    for (const n of toToast.reverse()) {
      const { title, message } = textOf(n);
      notifications.show({
        id: `notification-${n.id}`,
        color: lookOf(n.type).color,
        icon: <NotificationTypeGlyph type={n.type} />,
        title: <span dir="auto">{title}</span>,
        message: <span dir="auto">{message}</span>,
        autoClose: TOAST_DURATION_MS,
        'data-testid': 'live-notification-toast',
        'data-type': n.type,
      });
    }
  }, [items, textOf]);
}
