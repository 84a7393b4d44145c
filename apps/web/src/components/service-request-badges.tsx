import { Badge, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Priority, ServiceRequestStatus } from '@portal/shared';

/** One colour per status, on every screen that shows a request (lists, detail, dashboards). */
export const SERVICE_REQUEST_STATUS_COLORS: Record<ServiceRequestStatus, string> = {
  pending: 'yellow',
  assigned: 'blue',
  in_progress: 'indigo',
  pending_parts: 'orange',
  completed: 'teal',
  cancelled: 'gray',
};

export const PRIORITY_COLORS: Record<Priority, string> = { low: 'gray', medium: 'cyan', high: 'red' };

// Never cut short: in a narrow table cell on a phone the label is the point of the badge.
const whole = { root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } } as const;

export function ServiceRequestStatusBadge({ status, size = 'sm' }: { status: ServiceRequestStatus; size?: MantineSize }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={SERVICE_REQUEST_STATUS_COLORS[status]}
      variant="light"
      size={size}
      styles={whole}
      style={{ whiteSpace: 'nowrap' }}
      data-testid="sr-status"
      data-status={status}
    >
      {t(`serviceRequests.status.${status}`)}
    </Badge>
  );
}

export function PriorityBadge({ priority, size = 'sm' }: { priority: Priority; size?: MantineSize }) {
  const { t } = useTranslation();
  return (
    <Badge color={PRIORITY_COLORS[priority]} variant="dot" size={size} styles={whole} style={{ whiteSpace: 'nowrap' }} data-priority={priority}>
      {t(`serviceRequests.priority.${priority}`)}
    </Badge>
  );
}
