import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TAppointmentHistoryEntry } from '@portal/shared';
import { APPOINTMENT_STATUS_COLORS } from '../../../components/appointment-status-badge';
import { useDateFormat } from '../../../lib/date-format';

/**
 * Every change of the appointment, oldest first: its booking, each action (a reschedule with
 * the time before and after), a reassignment to another technician; who, when and the note.
 */
export function AppointmentHistory({ entries }: { entries: readonly TAppointmentHistoryEntry[] }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const titleOf = (e: TAppointmentHistoryEntry) =>
    t(`appointments.history.${e.event}`, {
      when: format.dateTime(e.starts_at),
      previous: format.dateTime(e.previous_starts_at),
      technician: e.technician?.name ?? '—',
    });
  return (
    <Timeline active={entries.length - 1} bulletSize={18} lineWidth={2} data-testid="ap-history">
      {entries.map((entry, index) => (
        <Timeline.Item
          key={`${entry.at}-${index}`}
          color={APPOINTMENT_STATUS_COLORS[entry.to_status]}
          title={titleOf(entry)}
          data-testid="ap-history-entry"
          data-event={entry.event}
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
