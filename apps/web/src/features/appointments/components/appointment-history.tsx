import { useTranslation } from 'react-i18next';
import type { TAppointmentHistoryEntry } from '@portal/shared';
import { APPOINTMENT_STATUS_COLORS } from '../../../components/appointment-status-badge';
import { ChangeTimeline } from '../../../components/change-timeline';
import { useDateFormat } from '../../../lib/date-format';

/**
 * Every change of the appointment, oldest first: its booking, each action (a reschedule with
 * the time before and after), a reassignment to another technician; who, when and the note.
 */
export function AppointmentHistory({ entries }: { entries: readonly TAppointmentHistoryEntry[] }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  return (
    <ChangeTimeline
      testId="ap-history"
      entryTestId="ap-history-entry"
      entries={entries.map((entry) => ({
        title: t(`appointments.history.${entry.event}`, {
          when: format.dateTime(entry.starts_at),
          previous: format.dateTime(entry.previous_starts_at),
          technician: entry.technician?.name ?? '—',
        }),
        color: APPOINTMENT_STATUS_COLORS[entry.to_status],
        actor: entry.actor?.name ?? null,
        at: entry.at,
        note: entry.note,
        data: { 'data-event': entry.event },
      }))}
    />
  );
}
