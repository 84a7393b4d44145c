import { useDeferredValue } from 'react';
import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconBox, IconCoins, IconPackageOff, IconTruckDelivery, IconTruck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { compareDecimal } from '@portal/shared';
import { FigureCard as Figure } from '../../../components/figure-card';
import { ListError, ListLoading } from '../../../components/list-states';
import { Ltr } from '../../../components/ltr';
import { AutoText } from '../../../components/auto-text';
import { StockStatusBadge } from '../../../components/stock-status-badge';
import { useNumberFormat } from '../../../lib/decimal';
import { useRealtimeSubscription } from '../../../lib/realtime';
import { formatRelativeTime, useNow } from '../../../lib/relative-time';
import { useSupervisorDashboard } from './get-supervisor-dashboard';
import { useDateFormat } from '../../../lib/date-format';
import { QuantityUnit } from '../../../components/quantity-unit';
import { paths } from '../../../lib/paths';
import { PanelHeader } from '../components/panel-header';

const noop = () => undefined;

/**
 * PRODUCT.md §5, supervisor: items low / out of stock, pending transfers, stock value by
 * warehouse, recent movements — each figure links to the list behind it, filtered in the URL.
 * Stock and transfer events refresh it (inventory-lookups registers the keys).
 */
export function SupervisorDashboard() {
  const { t, i18n } = useTranslation();
  const fmt = useNumberFormat();
  const now = useNow();
  const language = i18n.resolvedLanguage === 'ar' ? 'ar' : 'en';
  const { dateTime } = useDateFormat();
  useRealtimeSubscription('stock', noop);
  useRealtimeSubscription('transfers', noop);
  // The figures are drawn as a transition, in slices, when they arrive: an update of the query
  // cache is otherwise drawn in one blocking task, long on a slow phone (issue #26).
  const dashboard = useDeferredValue(useSupervisorDashboard());

  if (dashboard.isPending) return <ListLoading rows={6} />;
  if (dashboard.isError) return <ListError error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  const d = dashboard.data;
  const maxValue = d.stock_value_by_warehouse.reduce((max, w) => (compareDecimal(w.value, max) > 0 ? w.value : max), '0');

  return (
    <Stack gap="lg" data-testid="supervisor-dashboard">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Figure testId="figure-low" label={t('supervisorDashboard.lowStock')} hint={t('supervisorDashboard.levelsHint')} value={fmt.count(d.low_stock)} to={`${paths.inventory}?status=low_stock&active=true`} icon={IconAlertTriangle} color="orange" />
        <Figure testId="figure-out" label={t('supervisorDashboard.outOfStock')} hint={t('supervisorDashboard.levelsHint')} value={fmt.count(d.out_of_stock)} to={`${paths.inventory}?status=out_of_stock&active=true`} icon={IconPackageOff} color="red" />
        <Figure
          testId="figure-pending"
          label={t('supervisorDashboard.pendingTransfers')}
          hint={t('supervisorDashboard.inTransitHint', { count: d.in_transit_transfers })}
          value={fmt.count(d.pending_transfers)}
          to={`${paths.transfers}?status=pending`}
          icon={IconTruckDelivery}
          color="blue"
        />
        <Figure testId="figure-value" label={t('supervisorDashboard.stockValue')} value={fmt.money(d.stock_value)} to={paths.warehouses} icon={IconCoins} color="teal" />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md">
          <PanelHeader title={t('supervisorDashboard.valueByWarehouse')} to={paths.warehouses} linkLabel={t('supervisorDashboard.seeAll')} />
          <Stack gap="xs" data-testid="value-by-warehouse">
            {d.stock_value_by_warehouse.map((w) => {
              // A bar's length is a display approximation; the figure beside it is exact.
              const share = compareDecimal(maxValue, 0) > 0 ? (Number(w.value) / Number(maxValue)) * 100 : 0;
              return (
                <Anchor key={w.warehouse_id} component={Link} to={`${paths.inventory}?warehouse_id=${w.warehouse_id}`} underline="never" c="inherit">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                      {w.warehouse_kind === 'van' ? <IconTruck size={16} /> : <IconBox size={16} />}
                      {/* The code stays whole; the name alone is cut short, at its own end. */}
                      <Text size="sm" style={{ whiteSpace: 'nowrap', flex: 'none' }}>
                        <Ltr>{w.warehouse_code}</Ltr> ·
                      </Text>
                      <AutoText size="sm" truncate title={w.warehouse_name} style={{ minWidth: 0 }}>
                        {w.warehouse_name}
                      </AutoText>
                    </Group>
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      <Ltr>{fmt.money(w.value)}</Ltr>
                    </Text>
                  </Group>
                  <div style={{ height: 6, borderRadius: 3, background: 'var(--mantine-color-gray-2)', marginTop: 4 }}>
                    <div style={{ height: 6, borderRadius: 3, width: `${share}%`, background: 'var(--mantine-color-teal-6)' }} />
                  </div>
                </Anchor>
              );
            })}
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="md">
          <PanelHeader title={t('supervisorDashboard.attention')} to={paths.warehouseDiagnostic} linkLabel={t('supervisorDashboard.seeAll')} />
          {d.attention.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('supervisorDashboard.allInStock')}
            </Text>
          ) : (
            <Table verticalSpacing={6} data-testid="attention">
              <Table.Tbody>
                {/* Items by their quantity over all warehouses (the same rule as the figures above), each opening its detail. */}
                {d.attention.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`${paths.inventory}?status=${r.status}&active=true&item_id=${r.id}`} size="sm" c="inherit">
                        <span dir="auto">{r.name}</span>
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        <Ltr>{r.code}</Ltr>
                      </Text>
                    </Table.Td>
                    {/* Quantity and status stacked in one cell: on a phone two narrow cells truncate the badge. */}
                    <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                      <Stack gap={2} align="flex-end">
                        <Text size="sm">
                          <QuantityUnit quantity={`${fmt.quantity(r.quantity)} / ${fmt.quantity(r.min_quantity)}`} unit={r.unit} dimmedUnit={false} />
                        </Text>
                        <StockStatusBadge status={r.status} />
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      </SimpleGrid>

      <Paper withBorder radius="md" p="md">
        <PanelHeader title={t('supervisorDashboard.recentMovements')} to={paths.adjustments} linkLabel={t('nav.adjustments')} />
        {d.recent_movements.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('supervisorDashboard.noMovements')}
          </Text>
        ) : (
          <div style={{ overflowX: 'auto' }}>
            <Table verticalSpacing={6} data-testid="recent-movements">
              {/* Column headers, so that a screen reader names each cell's column. */}
              <Table.Thead>
                <Table.Tr>
                  <Table.Th fz="xs">{t('inventory.fields.date')}</Table.Th>
                  <Table.Th fz="xs">{t('inventory.fields.item')}</Table.Th>
                  <Table.Th fz="xs">{t('inventory.fields.kind')}</Table.Th>
                  <Table.Th fz="xs" ta="end">
                    {t('inventory.fields.quantity')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.recent_movements.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {/* The exact time as the native tooltip: a Mantine Tooltip would bring
                          floating-ui into the dashboard's first load (issue #26). */}
                      <Text component="time" dateTime={m.created_at} title={dateTime(m.created_at)} size="xs" c="dimmed">
                        {formatRelativeTime(m.created_at, language, now)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`${paths.inventory}?item_id=${m.item_id}`} size="sm" c="inherit">
                        <span dir="auto">{m.item_name}</span>
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        <span style={{ whiteSpace: 'nowrap' }}>
                          <Ltr>{m.item_code}</Ltr>
                        </span>{' '}
                        · <span style={{ whiteSpace: 'nowrap' }}>
                          <Ltr>{m.warehouse_code}</Ltr>
                        </span>
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{t(`movementKind.${m.kind}`)}</Text>
                      {m.document_number && (
                        <Text size="xs" c="dimmed">
                          <Ltr>{m.document_number}</Ltr>
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="end" fw={600} c={compareDecimal(m.quantity, 0) < 0 ? 'red' : 'teal'} style={{ whiteSpace: 'nowrap' }}>
                      <Ltr>{`${compareDecimal(m.quantity, 0) > 0 ? '+' : ''}${fmt.quantity(m.quantity)}`}</Ltr>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Paper>
    </Stack>
  );
}

export default SupervisorDashboard;
