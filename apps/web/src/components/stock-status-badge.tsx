import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StockStatus } from '@portal/shared';

const COLORS: Record<StockStatus, string> = { in_stock: 'teal', low_stock: 'orange', out_of_stock: 'red' };

/** In stock / low / out, in the same colours on every inventory screen. */
export function StockStatusBadge({ status }: { status: StockStatus }) {
  const { t } = useTranslation();
  return (
    // Never cut short: in a narrow table cell on a phone the label is the point of the badge.
    <Badge
      color={COLORS[status]}
      variant="light"
      size="sm"
      data-status={status}
      styles={{ root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } }}
      style={{ whiteSpace: 'nowrap' }}
    >
      {t(`stockStatus.${status}`)}
    </Badge>
  );
}
