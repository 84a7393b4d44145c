import { useState } from 'react';
import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TNotification } from '@portal/shared';
import { useRealtimeStatus, useRealtimeSubscription } from '../../../lib/realtime';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useLiveNotificationToasts } from '../use-live-notification-toasts';
import { NotificationList } from './notification-list';

/** Only paths of the portal: `/x`, never `//host` or `/\host`. */
function isInternalLink(link: string | null): link is string {
  return !!link && link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\');
}

const noop = () => {};

/**
 * The header's bell: the unread count, and the newest notifications in a dropdown (a
 * full-width panel on phones). Joins the `notifications` topic, so new ones arrive live.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  // Events only need to make the list stale: the realtime invalidation map does that.
  useRealtimeSubscription('notifications', noop);
  const realtimeStatus = useRealtimeStatus();
  const list = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  useLiveNotificationToasts(list.data?.items);

  const unread = list.data?.unread_count ?? 0;

  const open = (notification: TNotification) => {
    if (!notification.read) markRead.mutate(notification.id);
    if (isInternalLink(notification.link)) {
      setOpened(false);
      void navigate(notification.link);
    }
  };

  // The count badge wraps the popover, not its target: the target (the button) carries the
  // popup's aria attributes, which a plain <div> may not (axe: aria-allowed-attr).
  return (
    <Indicator label={unread} disabled={unread === 0} maxValue={99} size={17} offset={5} color="red" inline data-testid="notification-count">
      <Popover
        opened={opened}
        onChange={setOpened}
        width="min(400px, calc(100vw - 16px))"
        position="bottom-end"
        shadow="lg"
        withArrow
        arrowPosition="center"
        middlewares={{ shift: { padding: 8 }, flip: false }}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={unread > 0 ? t('header.notifications.labelWithCount', { count: unread }) : t('header.notifications.label')}
            data-testid="notification-bell"
            // Absent until the list has loaded, so a reader can tell "none" from "not yet known".
            data-unread-count={list.data ? unread : undefined}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={20} stroke={1.7} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} data-testid="notification-panel">
          <NotificationList
            items={list.data?.items}
            unreadCount={unread}
            status={list.status}
            onRetry={() => void list.refetch()}
            onOpen={open}
            onMarkAllRead={() => markAll.mutate()}
            markingAll={markAll.isPending}
            reconnecting={realtimeStatus === 'reconnecting'}
          />
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
