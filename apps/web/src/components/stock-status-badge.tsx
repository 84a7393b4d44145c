import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StockStatus } from '@portal/shared';
import { OnDemandTooltip } from './on-demand-tooltip';

const COLORS: Record<StockStatus, string> = { in_stock: 'teal', low_stock: 'orange', out_of_stock: 'red' };

/**
 * An ITEM's in stock / low / out — its quantity on hand in all warehouses together against its
 * minimum (docs/decisions/012-low-stock.md) — in the same colours on every inventory screen,
 * saying so in its tooltip (its code on demand: the supervisor's first screen shows the badge).
 * Never put it on one warehouse's line as if it were that line's.
 */
export function StockStatusBadge({ status }: { status: StockStatus }) {
  const { t } = useTranslation();
  return (
    // Never cut short: in a narrow table cell on a phone the label is the point of the badge.
    <OnDemandTooltip label={t('stockStatus.hint')} multiline w={240} withArrow openDelay={300}>
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
    </OnDemandTooltip>
  );
}
