import { Alert, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/use-online';
import { useCurrentUser } from '../../lib/use-session';

/**
 * The header's connection mark: an icon, with its word beside it on wide screens. On a phone the
 * icon shows only offline: online, its room is the greeting's (a first name would be cut short on
 * a 390 px screen). Screen readers get the word at every width, from a live region outside the
 * mark (taking no room), so going offline or back online is announced.
 */
export function ConnectionStatus() {
  const { t } = useTranslation();
  const online = useOnline();
  const label = t(online ? 'connection.online' : 'connection.offline');
  const Icon = online ? IconWifi : IconWifiOff;
  return (
    <>
      <Group gap={4} wrap="nowrap" visibleFrom={online ? 'sm' : undefined} aria-hidden data-testid="connection-status" data-online={online}>
        <Icon size={18} stroke={1.8} color={online ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-orange-8)'} />
        <Text size="sm" fw={600} c={online ? 'dimmed' : 'orange.9'} visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
          {label}
        </Text>
      </Group>
      <VisuallyHidden role="status" data-testid="connection-status-text">
        {label}
      </VisuallyHidden>
    </>
  );
}

/**
 * Under the header while offline: the screens of every role but the technician's read and write
 * the server directly. The technician's screens keep working offline and say so themselves
 * (features/offline).
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const { role } = useCurrentUser();
  if (online || role === 'technician') return null;
  return (
    <Alert color="orange" variant="light" mb="md" icon={<IconWifiOff size={20} />} title={t('connection.needsConnectionTitle')} data-testid="offline-banner">
      {t('connection.needsConnection')}
    </Alert>
  );
}
