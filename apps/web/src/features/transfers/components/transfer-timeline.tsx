import { Text, Timeline } from '@mantine/core';
import { IconArrowRight, IconBan, IconPackageImport, IconPlus, IconX, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TransferStatus, TTransferEvent } from '@portal/shared';
import { useDateFormat } from '../format';
import { TRANSFER_STATUS_COLORS } from './transfer-status-badge';

const ICONS: Record<TransferStatus, Icon> = {
  pending: IconPlus,
  approved: IconArrowRight,
  completed: IconPackageImport,
  rejected: IconX,
  cancelled: IconBan,
};

/** Every step of the transfer, oldest first: who, when, and the note (a rejection's reason). */
export function TransferTimeline({ events }: { events: readonly TTransferEvent[] }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  return (
    <Timeline active={events.length - 1} bulletSize={26} lineWidth={2} data-testid="transfer-timeline">
      {events.map((event, index) => {
        const Icon = ICONS[event.to_status];
        return (
          <Timeline.Item
            key={`${event.at}-${index}`}
            color={TRANSFER_STATUS_COLORS[event.to_status]}
            bullet={<Icon size={14} className={event.to_status === 'approved' ? 'mirror-in-rtl' : undefined} />}
            title={t(`transfers.timeline.${event.to_status}`)}
            data-testid="transfer-timeline-event"
            data-status={event.to_status}
          >
            <Text size="sm" c="dimmed">
              {event.actor ? (
                <>
                  <Text span dir="auto" inherit>
                    {event.actor.name}
                  </Text>
                  {' · '}
                </>
              ) : null}
              {format.dateTime(event.at)}
            </Text>
            {event.note && (
              <Text size="sm" mt={4} dir="auto" style={{ whiteSpace: 'pre-line' }}>
                {event.note}
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
