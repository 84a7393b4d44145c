import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCloudUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OutboxState } from '../outbox';
import { useQueuedWork } from '../hooks';
import { isQueuedId, itemIdOf } from '../overlay';
import { OnDemandTooltip } from '../../../components/on-demand-tooltip';
import { refusalText } from './item-text';

const LOOK: Record<OutboxState, { color: string; key: string }> = {
  pending: { color: 'yellow', key: 'offline.waiting' },
  syncing: { color: 'blue', key: 'offline.syncing' },
  sent: { color: 'teal', key: 'offline.sent' },
  failed: { color: 'red', key: 'offline.failed' },
};

/** "Waiting to sync" (or syncing, or not synced) beside something done on the device. */
export function StateMark({ state, reason }: { state: OutboxState; reason?: string }) {
  const { t } = useTranslation();
  const look = LOOK[state];
  const badge = (
    <Badge
      size="xs"
      variant="light"
      color={look.color}
      leftSection={state === 'failed' ? <IconAlertTriangle size={11} /> : <IconCloudUp size={11} />}
      style={{ flex: 'none' }}
      data-testid="offline-mark"
      data-state={state}
    >
      {t(look.key)}
    </Badge>
  );
  if (!reason) return badge;
  return (
    // Why the server refused it. Tooltip's code comes on demand: a refusal is rare.
    <OnDemandTooltip label={reason} multiline w={240} events={{ hover: true, focus: true, touch: true }}>
      {badge}
    </OnDemandTooltip>
  );
}

/**
 * The mark of a line the task shows for a queued action (a work-log entry, a part, a photo):
 * nothing for a line the server already has.
 */
export function QueuedMark({ requestId, id }: { requestId: string; id: string }) {
  const { t } = useTranslation();
  const items = useQueuedWork(requestId);
  if (!isQueuedId(id)) return null;
  const item = items.find((candidate) => candidate.id === itemIdOf(id));
  if (!item) return null;
  return <StateMark state={item.state} {...(item.state === 'failed' ? { reason: refusalText(t, item) } : {})} />;
}
