import { Group, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@portal/shared';
import { formatRelativeTime, useNow } from '../../../lib/relative-time';
import { useOnline } from '../../../lib/use-online';

/**
 * Offline, a screen shows what the device kept: say how old it is ("last refreshed 2 hours
 * ago"). Nothing while online, or before anything was read.
 */
export function LastRefreshed({ updatedAt, mb = 'sm' }: { updatedAt: number; mb?: string }) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const now = useNow(30_000);
  if (online || !updatedAt) return null;
  const language = (i18n.resolvedLanguage === 'ar' ? 'ar' : 'en') satisfies Language;
  return (
    <Group gap={6} mb={mb} wrap="nowrap" c="dimmed" data-testid="offline-last-refreshed">
      <IconWifiOff size={16} style={{ flex: 'none' }} />
      <Text size="sm">{t('offline.lastRefreshed', { time: formatRelativeTime(new Date(updatedAt), language, now) })}</Text>
    </Group>
  );
}
