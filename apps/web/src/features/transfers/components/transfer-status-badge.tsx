import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TransferStatus } from '@portal/shared';

export const TRANSFER_STATUS_COLORS: Record<TransferStatus, string> = {
  pending: 'yellow',
  approved: 'blue',
  completed: 'teal',
  rejected: 'red',
  cancelled: 'gray',
};

export function TransferStatusBadge({ status, size = 'md' }: { status: TransferStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge color={TRANSFER_STATUS_COLORS[status]} variant="light" size={size} style={{ flex: 'none', maxWidth: 'none', minWidth: 'max-content' }} data-testid="transfer-status" data-status={status}>
      {t(`transfers.status.${status}`)}
    </Badge>
  );
}
