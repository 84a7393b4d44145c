import { useTranslation } from 'react-i18next';
import type { TServiceRequestHistoryEntry } from '@portal/shared';
import { ChangeTimeline } from '../../../components/change-timeline';
import { SERVICE_REQUEST_STATUS_COLORS } from '../../../components/service-request-badges';

/** Every change of the request, oldest first: from → to, who, when, and the note. */
export function HistoryTimeline({ entries }: { entries: readonly TServiceRequestHistoryEntry[] }) {
  const { t } = useTranslation();
  return (
    <ChangeTimeline
      testId="sr-history"
      entryTestId="sr-history-entry"
      entries={entries.map((entry) => ({
        title: entry.from_status
          ? t('serviceRequests.history.change', { from: t(`serviceRequests.status.${entry.from_status}`), to: t(`serviceRequests.status.${entry.to_status}`) })
          : t('serviceRequests.history.created', { to: t(`serviceRequests.status.${entry.to_status}`) }),
        color: SERVICE_REQUEST_STATUS_COLORS[entry.to_status],
        actor: entry.actor?.name ?? null,
        at: entry.at,
        note: entry.note,
        data: { 'data-status': entry.to_status },
      }))}
    />
  );
}
