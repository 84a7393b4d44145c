import { ActionIcon, Indicator, Popover, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The bell and its unread count; the list of notifications arrives with the realtime issue. */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = 0;
  return (
    <Popover width={300} position="bottom-end" shadow="lg" withArrow>
      <Popover.Target>
        <Indicator label={unread} showZero size={16} offset={5} color="gray" inline>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('header.notifications.label')} data-testid="notification-bell">
            <IconBell size={20} stroke={1.7} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack align="center" gap="xs" py="sm" ta="center">
          <ThemeIcon variant="light" color="gray" size={44} radius="xl">
            <IconBellOff size={22} />
          </ThemeIcon>
          <Text fw={600}>{t('header.notifications.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('header.notifications.empty')}
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
