import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Divider, Group, Loader, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconCloudUp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr';
import { paths } from '../../../lib/paths';
import type { OutboxItem } from '../outbox';
import { unsentCount, useOutbox, useOutboxActions, useOutboxSync } from '../hooks';
import { QueuedItemRow } from './queued-work-panel';

function byRequest(items: readonly OutboxItem[]): [string, OutboxItem[]][] {
  const groups = new Map<string, OutboxItem[]>();
  for (const item of items) groups.set(item.requestId, [...(groups.get(item.requestId) ?? []), item]);
  return [...groups];
}

/**
 * The header's count of the technician's actions waiting to sync ("3 of 5" while they are
 * sent), and the list of them by task, refused ones with their reason. Also runs the outbox
 * (useOutboxSync). Shows nothing while nothing waits.
 */
export function OutboxBadge({ onUnauthorized }: { onUnauthorized?: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  useOutboxSync(onUnauthorized);
  const { items, progress } = useOutbox();
  const { dismiss } = useOutboxActions();
  const shown = items.filter((item) => item.state !== 'sent');
  const waiting = unsentCount(items);
  const failed = shown.filter((item) => item.state === 'failed').length;
  if (!shown.length && !progress) return null;
  const label = progress ? t('offline.progress', { done: progress.done, total: progress.total }) : t('offline.badgeLabel', { count: waiting });
  return (
    <Popover opened={opened} onChange={setOpened} width="min(360px, calc(100vw - 16px))" position="bottom-end" shadow="lg" withArrow middlewares={{ shift: { padding: 8 }, flip: false }}>
      <Popover.Target>
        <ActionIcon
          variant="light"
          color={failed ? 'red' : 'yellow'}
          size="lg"
          w="auto"
          px={6}
          aria-label={label}
          onClick={() => setOpened((o) => !o)}
          data-testid="outbox-badge"
          data-count={waiting}
          data-failed={failed}
          data-syncing={progress ? 'true' : 'false'}
        >
          <Group gap={4} wrap="nowrap">
            {progress ? <Loader size={14} color="blue" /> : <IconCloudUp size={18} stroke={1.7} />}
            <Text size="xs" fw={700} data-testid="outbox-badge-text">
              <bdi>{progress ? `${progress.done}/${progress.total}` : waiting + failed}</bdi>
            </Text>
          </Group>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown data-testid="outbox-panel">
        <Text fw={700}>{t('offline.queueTitle')}</Text>
        <Text size="sm" c="dimmed" mb="xs">
          {label}
        </Text>
        <ScrollArea.Autosize mah="60vh" type="auto">
          <Stack gap="sm">
            {byRequest(shown).map(([requestId, group]) => (
              <Stack key={requestId} gap={6}>
                <Divider
                  label={
                    <Anchor component={Link} to={paths.serviceRequest(requestId)} size="sm" fw={600} onClick={() => setOpened(false)}>
                      {group[0]?.meta?.number ? <Ltr>{group[0].meta.number}</Ltr> : t('offline.task')}
                    </Anchor>
                  }
                  labelPosition="left"
                />
                {group.map((item) => (
                  <QueuedItemRow key={item.id} item={item} onDismiss={() => void dismiss(item.id)} />
                ))}
              </Stack>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {failed > 0 && (
          <Badge color="red" variant="light" mt="sm">
            {t('offline.failedCount', { count: failed })}
          </Badge>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
