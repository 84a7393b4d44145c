import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCloudUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/date-format';
import type { OutboxItem } from '../outbox';
import { useOutboxActions, useQueuedWork } from '../hooks';
import { describeItem, refusalText } from './item-text';
import { StateMark } from './queued-mark';

/** One queued action: what, when on the device, its state, and — refused — why, with a dismiss. */
export function QueuedItemRow({ item, onDismiss }: { item: OutboxItem; onDismiss: () => void }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  return (
    <Stack gap={2} data-testid="offline-item" data-state={item.state} data-kind={item.kind}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500} dir="auto" style={{ minWidth: 0 }} truncate>
          {describeItem(t, item)}
        </Text>
        <StateMark state={item.state} />
      </Group>
      <Text size="xs" c="dimmed">
        {format.dateTime(item.at)}
      </Text>
      {item.state === 'failed' && (
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text size="sm" c="red" data-testid="offline-item-reason">
            {refusalText(t, item)}
          </Text>
          <Button size="compact-xs" variant="subtle" color="gray" onClick={onDismiss} data-testid="offline-item-dismiss">
            {t('offline.dismiss')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The task's actions done on this device that the server does not have yet (or refused): shown
 * on the task while any exist, so nothing done offline is invisible.
 */
export function QueuedWorkPanel({ requestId }: { requestId: string }) {
  const { t } = useTranslation();
  const items = useQueuedWork(requestId).filter((item) => item.state !== 'sent');
  const { dismiss } = useOutboxActions();
  if (!items.length) return null;
  const failed = items.some((item) => item.state === 'failed');
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} mb="md" data-testid="offline-queue" style={{ borderColor: `var(--mantine-color-${failed ? 'red' : 'yellow'}-filled)` }}>
      <Group gap="sm" wrap="nowrap" mb="sm" align="flex-start">
        <ThemeIcon variant="light" color={failed ? 'red' : 'yellow'} radius="xl">
          <IconCloudUp size={18} />
        </ThemeIcon>
        <Stack gap={0}>
          <Text fw={700}>{t('offline.queueTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t(failed ? 'offline.queueFailedHint' : 'offline.queueHint')}
          </Text>
        </Stack>
      </Group>
      <Stack gap="sm">
        {items.map((item) => (
          <QueuedItemRow key={item.id} item={item} onDismiss={() => void dismiss(item.id)} />
        ))}
      </Stack>
    </Paper>
  );
}
