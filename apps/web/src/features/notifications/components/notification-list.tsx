import { Badge, Box, Button, Group, ScrollArea, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBellOff, IconChecks, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TNotification } from '@portal/shared';
import { NotificationTypeIcon } from '../../../components/notification-type-icon';
import { currentLanguage } from '../../../lib/i18n';
import { formatRelativeTime, useNow } from '../../../lib/relative-time';
import { useNotificationContent } from '../notification-content';
import classes from './notification-list.module.css';
import { useDateFormat } from '../../../lib/date-format';

export interface NotificationListProps {
  items: TNotification[] | undefined;
  unreadCount: number;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  onOpen: (notification: TNotification) => void;
  onMarkAllRead: () => void;
  markingAll?: boolean;
  /** The live connection is down: the list may be behind until it is back. */
  reconnecting?: boolean;
}

function NotificationRow({ notification, now, onOpen }: { notification: TNotification; now: number; onOpen: (n: TNotification) => void }) {
  const { t, i18n } = useTranslation();
  const textOf = useNotificationContent();
  const language = currentLanguage(i18n);
  const { dateTime } = useDateFormat();
  const { title, message } = textOf(notification);
  return (
    <UnstyledButton
      className={classes.row}
      data-unread={!notification.read || undefined}
      onClick={() => onOpen(notification)}
      data-testid="notification-item"
      data-id={notification.id}
      data-read={notification.read}
      data-type={notification.type}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <NotificationTypeIcon type={notification.type} label={t(`notifications.types.${notification.type}`, { defaultValue: notification.type })} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={notification.read ? 500 : 700} dir="auto" className={classes.text} data-testid="notification-title">
            {title}
          </Text>
          <Text size="sm" c="dimmed" dir="auto" lineClamp={3} className={classes.text} data-testid="notification-message">
            {message}
          </Text>
          <Text
            component="time"
            size="xs"
            c="dimmed"
            dateTime={notification.created_at}
            title={dateTime(notification.created_at)}
            data-testid="notification-time"
          >
            {formatRelativeTime(notification.created_at, language, now)}
          </Text>
        </Stack>
        {!notification.read && <span className={classes.dot} aria-label={t('header.notifications.unreadMark')} role="img" />}
      </Group>
    </UnstyledButton>
  );
}

/** The bell's dropdown: newest first, unread marked, with "mark all as read". */
export function NotificationList({
  items,
  unreadCount,
  status,
  onRetry,
  onOpen,
  onMarkAllRead,
  markingAll = false,
  reconnecting = false,
}: NotificationListProps) {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <Stack gap={0} data-testid="notification-list">
      <Group justify="space-between" wrap="nowrap" px="md" py="sm" className={classes.header}>
        <Group gap="xs" wrap="nowrap">
          <Text fw={700}>{t('header.notifications.title')}</Text>
          {unreadCount > 0 && (
            // Phones have the count on the bell; the header keeps room for "mark all".
            <Badge size="sm" variant="light" tt="none" visibleFrom="xs" data-testid="notification-unread-badge">
              {t('header.notifications.unread', { count: unreadCount })}
            </Badge>
          )}
        </Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconChecks size={16} />}
          onClick={onMarkAllRead}
          disabled={unreadCount === 0 || status !== 'success'}
          loading={markingAll}
          data-testid="notification-mark-all"
        >
          {t('header.notifications.markAllRead')}
        </Button>
      </Group>
      {reconnecting && (
        <Group gap={6} px="md" py={6} className={classes.notice} wrap="nowrap" data-testid="notification-reconnecting">
          <IconCloudOff size={14} />
          <Text size="xs">{t('header.notifications.reconnecting')}</Text>
        </Group>
      )}
      {status === 'pending' && (
        <Stack gap="md" p="md" data-testid="notification-loading">
          {[0, 1, 2].map((i) => (
            <Group key={i} gap="sm" wrap="nowrap" align="flex-start">
              <Skeleton circle height={34} />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton height={10} width="70%" />
                <Skeleton height={8} />
                <Skeleton height={8} width="40%" />
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
      {status === 'error' && (
        <Stack align="center" gap="xs" py="lg" px="md" ta="center" data-testid="notification-error">
          <Text size="sm" c="red">
            {t('header.notifications.loadFailed')}
          </Text>
          <Button variant="light" size="xs" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Stack>
      )}
      {status === 'success' && items && items.length === 0 && (
        <Stack align="center" gap={6} py="xl" px="md" ta="center" data-testid="notification-empty">
          <Box c="dimmed">
            <IconBellOff size={32} stroke={1.5} />
          </Box>
          <Text fw={600}>{t('header.notifications.empty')}</Text>
          <Text size="sm" c="dimmed">
            {t('header.notifications.emptyHint')}
          </Text>
        </Stack>
      )}
      {/* The scrollbar gets room of its own at the list's end edge instead of covering the rows' text there. */}
      {status === 'success' && items && items.length > 0 && (
        <ScrollArea.Autosize mah="min(480px, 65dvh)" type="auto" offsetScrollbars="present" scrollbarSize={6}>
          <Stack gap={0} className={classes.items}>
            {items.map((notification) => (
              <NotificationRow key={notification.id} notification={notification} now={now} onOpen={onOpen} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
