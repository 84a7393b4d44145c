import { lazy } from 'react';
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OnDemand, type OnDemandTriggerProps } from '../../../components/on-demand';
import { useRealtimeStatus, useRealtimeSubscription } from '../../../lib/realtime';
import { useNotifications } from '../api/get-notifications';
import { useLiveNotificationToasts } from '../use-live-notification-toasts';

const NotificationPopover = lazy(() => import('./notification-popover'));

const noop = () => {};

/**
 * The header's bell: the unread count, and the newest notifications in a dropdown (a
 * full-width panel on phones) whose code comes when first wanted (components/on-demand.tsx).
 * Joins the `notifications` topic, so new ones arrive live.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  // Events only need to make the list stale: the realtime invalidation map does that.
  useRealtimeSubscription('notifications', noop);
  const realtimeStatus = useRealtimeStatus();
  const list = useNotifications();
  useLiveNotificationToasts(list.data?.items);

  const unread = list.data?.unread_count ?? 0;
  const trigger = (props: OnDemandTriggerProps) => (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={unread > 0 ? t('header.notifications.labelWithCount', { count: unread }) : t('header.notifications.label')}
      data-testid="notification-bell"
      // Absent until the list has loaded, so a reader can tell "none" from "not yet known".
      data-unread-count={list.data ? unread : undefined}
      {...props}
    >
      <IconBell size={20} stroke={1.7} />
    </ActionIcon>
  );

  // The count badge wraps the popover, not its target: the target (the button) carries the
  // popup's aria attributes, which a plain <div> may not (axe: aria-allowed-attr).
  return (
    <Indicator label={unread} disabled={unread === 0} maxValue={99} size={17} offset={5} color="red" inline data-testid="notification-count">
      <OnDemand trigger={trigger} popup="dialog" Full={NotificationPopover} props={{ list, reconnecting: realtimeStatus === 'reconnecting' }} />
    </Indicator>
  );
}
