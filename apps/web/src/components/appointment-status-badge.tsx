import { Badge, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AppointmentStatus } from '@portal/shared';

/** One colour per appointment status, on every screen that shows one (lists, calendars, dashboards). */
export const APPOINTMENT_STATUS_COLORS: Record<AppointmentStatus, string> = {
  scheduled: 'blue',
  confirmed: 'teal',
  completed: 'gray',
  cancelled: 'red',
  no_show: 'orange',
};

export function AppointmentStatusBadge({ status, size = 'sm' }: { status: AppointmentStatus; size?: MantineSize }) {
  const { t } = useTranslation();
  return (
    <Badge color={APPOINTMENT_STATUS_COLORS[status]} variant="light" size={size} style={{ whiteSpace: 'nowrap', flexShrink: 0 }} data-testid="ap-status" data-status={status}>
      {t(`appointments.status.${status}`)}
    </Badge>
  );
}
