import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TServiceRequestHistoryEntry } from '@portal/shared';
import { SERVICE_REQUEST_STATUS_COLORS } from '../../../components/service-request-badges';
import { useDateFormat } from '../../../lib/date-format';

/** Every change of the request, oldest first: from → to, who, when, and the note. */
export function HistoryTimeline({ entries }: { entries: readonly TServiceRequestHistoryEntry[] }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  return (
    <Timeline active={entries.length - 1} bulletSize={18} lineWidth={2} data-testid="sr-history">
      {entries.map((entry, index) => (
        <Timeline.Item
          key={`${entry.at}-${index}`}
          color={SERVICE_REQUEST_STATUS_COLORS[entry.to_status]}
          title={
            entry.from_status
              ? t('serviceRequests.history.change', { from: t(`serviceRequests.status.${entry.from_status}`), to: t(`serviceRequests.status.${entry.to_status}`) })
              : t('serviceRequests.history.created', { to: t(`serviceRequests.status.${entry.to_status}`) })
          }
          data-testid="sr-history-entry"
          data-status={entry.to_status}
        >
          <Text size="xs" c="dimmed">
            {entry.actor ? (
              <>
                <Text span dir="auto" inherit>
                  {entry.actor.name}
                </Text>
                {' · '}
              </>
            ) : null}
            {format.dateTime(entry.at)}
          </Text>
          {entry.note && (
            <Text size="sm" mt={4} dir="auto" style={{ whiteSpace: 'pre-line' }}>
              {entry.note}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
