import { Popover } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { TNotification } from '@portal/shared';
import { usePopupOpened, type OnDemandProps } from '../../../components/on-demand';
import type { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NotificationList } from './notification-list';

/** Only paths of the portal: `/x`, never `//host` or `/\host`. */
function isInternalLink(link: string | null): link is string {
  return !!link && link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\');
}

/** The bell's dropdown itself: loaded when first wanted (notification-bell.tsx). */
export default function NotificationPopover({
  initiallyOpened,
  trigger,
  list,
  reconnecting,
}: OnDemandProps & { list: ReturnType<typeof useNotifications>; reconnecting: boolean }) {
  const navigate = useNavigate();
  const [opened, setOpened] = usePopupOpened(initiallyOpened);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = list.data?.unread_count ?? 0;

  const open = (notification: TNotification) => {
    if (!notification.read) markRead.mutate(notification.id);
    if (isInternalLink(notification.link)) {
      setOpened(false);
      void navigate(notification.link);
    }
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      returnFocus
      width="min(400px, calc(100vw - 16px))"
      position="bottom-end"
      shadow="lg"
      withArrow
      arrowPosition="center"
      middlewares={{ shift: { padding: 8 }, flip: false }}
    >
      <Popover.Target>{trigger({ onClick: () => setOpened((o) => !o) })}</Popover.Target>
      <Popover.Dropdown p={0} data-testid="notification-panel">
        <NotificationList
          items={list.data?.items}
          unreadCount={unread}
          status={list.status}
          onRetry={() => void list.refetch()}
          onOpen={open}
          onMarkAllRead={() => markAll.mutate()}
          markingAll={markAll.isPending}
          reconnecting={reconnecting}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
