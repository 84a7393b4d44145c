import { lazy } from 'react';
import { ActionIcon, Group, Loader, Text } from '@mantine/core';
import { IconCloudUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OnDemand, type OnDemandTriggerProps } from '../../../components/on-demand';
import { unsentCount, useOutbox, useOutboxActions, useOutboxSync } from '../hooks';

const OutboxPopover = lazy(() => import('./outbox-popover'));

/**
 * The header's count of the technician's actions waiting to sync ("3 of 5" while they are
 * sent), and the list of them by task, refused ones with their reason, in a panel whose code
 * comes when first wanted (components/on-demand.tsx). Also runs the outbox (useOutboxSync).
 * Shows nothing while nothing waits.
 */
export function OutboxBadge({ onUnauthorized }: { onUnauthorized?: () => Promise<boolean> }) {
  const { t } = useTranslation();
  useOutboxSync(onUnauthorized);
  const { items, progress } = useOutbox();
  const { dismiss } = useOutboxActions();
  const shown = items.filter((item) => item.state !== 'sent');
  const waiting = unsentCount(items);
  const failed = shown.filter((item) => item.state === 'failed').length;
  if (!shown.length && !progress) return null;
  const label = progress ? t('offline.progress', { done: progress.done, total: progress.total }) : t('offline.badgeLabel', { count: waiting });
  const trigger = (props: OnDemandTriggerProps) => (
    <ActionIcon
      variant="light"
      color={failed ? 'red' : 'yellow'}
      size="lg"
      w="auto"
      px={6}
      aria-label={label}
      data-testid="outbox-badge"
      data-count={waiting}
      data-failed={failed}
      data-syncing={progress ? 'true' : 'false'}
      {...props}
    >
      <Group gap={4} wrap="nowrap">
        {progress ? <Loader size={14} color="blue" /> : <IconCloudUp size={18} stroke={1.7} />}
        <Text size="xs" fw={700} data-testid="outbox-badge-text">
          <bdi>{progress ? `${progress.done}/${progress.total}` : waiting + failed}</bdi>
        </Text>
      </Group>
    </ActionIcon>
  );
  return (
    <OnDemand
      trigger={trigger}
      popup="dialog"
      Full={OutboxPopover}
      props={{ shown, label, failed, onDismiss: (id: string) => void dismiss(id) }}
    />
  );
}
