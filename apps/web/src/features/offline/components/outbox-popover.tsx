import { Anchor, Badge, Divider, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePopupOpened, type OnDemandProps } from '../../../components/on-demand';
import { Ltr } from '../../../components/ltr';
import { paths } from '../../../lib/paths';
import type { OutboxItem } from '../outbox';
import { QueuedItemRow } from './queued-work-panel';

function byRequest(items: readonly OutboxItem[]): [string, OutboxItem[]][] {
  const groups = new Map<string, OutboxItem[]>();
  for (const item of items) groups.set(item.requestId, [...(groups.get(item.requestId) ?? []), item]);
  return [...groups];
}

/** The outbox badge's list of waiting actions by task: loaded when first wanted (outbox-badge.tsx). */
export default function OutboxPopover({
  initiallyOpened,
  trigger,
  shown,
  label,
  failed,
  onDismiss,
}: OnDemandProps & { shown: readonly OutboxItem[]; label: string; failed: number; onDismiss: (id: string) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = usePopupOpened(initiallyOpened);
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus returnFocus width="min(360px, calc(100vw - 16px))" position="bottom-end" shadow="lg" withArrow middlewares={{ shift: { padding: 8 }, flip: false }}>
      <Popover.Target>{trigger({ onClick: () => setOpened((o) => !o) })}</Popover.Target>
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
                  <QueuedItemRow key={item.id} item={item} onDismiss={() => onDismiss(item.id)} />
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
