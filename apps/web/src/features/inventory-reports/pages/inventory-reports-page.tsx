import '@mantine/charts/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Button, Card, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '../../../components/dates';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListToolbar } from '../../../components/list-controls';
import { ListError, ListLoading } from '../../../components/list-states';
import { Ltr } from '../../../components/ltr';
import { AutoText } from '../../../components/auto-text';
import { PageHeader } from '../../../components/page-header';
import { StockStatusBadge } from '../../../components/stock-status-badge';
import { apiFetchBlob } from '../../../lib/api-client';
import { useNumberFormat } from '../../../lib/decimal';
import { describeError } from '../../../lib/errors';
import { useCategoryOptions, useWarehouseOptions } from '../../../lib/inventory-lookups';
import { useItemLabels } from '../../../lib/item-units';
import { useListState } from '../../../lib/list-state';
import { useRealtimeSubscription } from '../../../lib/realtime';
import { toastError } from '../../../lib/toast';
import { useInventoryReport } from '../api/get-inventory-report';
import { useChartAxes } from '../../../lib/chart-axes';
import { usePublicSettings } from '../../../lib/public-settings';
import { paths } from '../../../lib/paths';
import { dateTimeFormat } from '../../../lib/intl-format';

const FILTERS = ['warehouse_id', 'category', 'from', 'to'] as const;
const noop = () => undefined;

function Stat({ label, value, testId, hint, to }: { label: string; value: string; testId?: string; hint?: string; to?: string }) {
  const link = to ? { component: Link, to, style: { textDecoration: 'none', color: 'inherit' } } : {};
  return (
    <Card withBorder radius="md" padding="md" {...(link as object)}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={700} fz="xl" data-testid={testId}>{value}</Text>
      {hint && <Text size="xs" c="dimmed">{hint}</Text>}
    </Card>
  );
}

/** Today in the company's time zone (YYYY-MM-DD), as the server names the file. */
const companyDay = (timeZone: string | undefined) => {
  try {
    return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
};

/** Stock and value by warehouse and category, low/out of stock, movements over a period, in transit; CSV. */
export function InventoryReportsPage() {
  const { t } = useTranslation();
  const axes = useChartAxes(90);
  const fmt = useNumberFormat();
  useRealtimeSubscription('stock', noop);
  useRealtimeSubscription('transfers', noop);
  const list = useListState<(typeof FILTERS)[number]>({ filters: FILTERS });
  const filters = Object.fromEntries(Object.entries(list.filters).filter(([, v]) => v)) as Record<string, string>;
  const report = useInventoryReport(filters);
  const warehouses = useWarehouseOptions();
  const categories = useCategoryOptions();
  const labels = useItemLabels();
  const [exporting, setExporting] = useState(false);
  const settings = usePublicSettings();
  // The low / out figures count items over all warehouses (docs/decisions/012-low-stock.md): the
  // items list with the report's own filters and that status lists exactly them.
  const itemsLink = (status: 'low_stock' | 'out_of_stock') => {
    const q = new URLSearchParams({ status, active: 'true' });
    if (filters.category) q.set('category', filters.category);
    if (filters.warehouse_id) q.set('warehouse_id', filters.warehouse_id);
    return `${paths.inventory}?${q.toString()}`;
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await apiFetchBlob('/api/reports/inventory', { query: { ...filters, format: 'csv', lang: fmt.language } });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `inventory-report-${companyDay(settings.data?.time_zone)}.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      toastError('list.exportFailed', describeError(t, error));
    } finally {
      setExporting(false);
    }
  };

  const data = report.data;
  // Charts take numbers: a display approximation only, every figure shown as text stays exact.
  const byWarehouse = (data?.by_warehouse ?? []).map((w) => ({ warehouse: w.warehouse_code, value: Number(w.value) }));
  const byDay = (data?.movements_by_day ?? []).map((d) => ({ day: d.day.slice(5, 10), in: Number(d.quantity_in), out: Number(d.quantity_out) }));

  return (
    <>
      <PageHeader title={t('nav.inventoryReports')} subtitle={t('inventoryReports.subtitle')} />
      <ListToolbar
        filtered={list.isFiltered}
        onReset={list.reset}
        actions={<Button leftSection={<IconDownload size={16} />} variant="light" loading={exporting} onClick={() => void exportCsv()} data-testid="report-export">{t('list.export')}</Button>}
      >
        <Select aria-label={t('inventory.fields.warehouse')} placeholder={t('inventory.fields.warehouse')} clearable searchable w={{ base: '100%', xs: 190 }} data={(warehouses.data?.items ?? []).map((w) => ({ value: w.id, label: `${w.code} · ${w.name}` }))} value={list.filters.warehouse_id ?? null} onChange={(v) => list.setFilter('warehouse_id', v)} />
        <Select aria-label={t('inventory.fields.category')} placeholder={t('inventory.fields.category')} clearable searchable w={{ base: '100%', xs: 170 }} data={categories.options} value={list.filters.category ?? null} onChange={(v) => list.setFilter('category', v)} />
        <DatePickerInput type="range" aria-label={t('adjustments.dateRange')} placeholder={t('inventoryReports.period')} clearable w={{ base: '100%', xs: 240 }} value={[list.filters.from ?? null, list.filters.to ?? null]} onChange={([from, to]) => { if ((from && to) || (!from && !to)) list.setFilters({ from: from ? String(from).slice(0, 10) : null, to: to ? String(to).slice(0, 10) : null }); }} />
      </ListToolbar>
      {report.isPending ? (
        <ListLoading rows={8} />
      ) : report.isError ? (
        <ListError error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            <Stat label={t('inventoryReports.totalValue')} value={fmt.money(report.data.totals.value)} testId="report-value" />
            <Stat label={t('inventoryReports.totalQuantity')} value={fmt.quantity(report.data.totals.quantity)} />
            <Stat label={t('adminDashboard.lowStock')} hint={t('adminDashboard.stockHint')} value={fmt.count(report.data.totals.low_stock)} to={itemsLink('low_stock')} testId="report-low" />
            <Stat label={t('adminDashboard.outOfStockItems')} hint={t('adminDashboard.stockHint')} value={fmt.count(report.data.totals.out_of_stock)} to={itemsLink('out_of_stock')} testId="report-out" />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Paper withBorder radius="md" p="md">
              <Title order={3} fz="md" mb="sm">{t('inventoryReports.valueByWarehouse')}</Title>
              <div dir="ltr">
                <BarChart h={240} data={byWarehouse} dataKey="warehouse" series={[{ name: 'value', label: t('warehouses.fields.value'), color: 'blue.6' }]} valueFormatter={(v) => fmt.money(v)} {...axes} />
              </div>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Title order={3} fz="md" mb="sm">{t('inventoryReports.movementsByDay')}</Title>
              <div dir="ltr">
                <BarChart h={240} data={byDay} dataKey="day" withLegend series={[{ name: 'in', label: t('inventoryReports.in'), color: 'teal.6' }, { name: 'out', label: t('inventoryReports.out'), color: 'red.6' }]} valueFormatter={(v) => fmt.quantity(v)} {...axes} />
              </div>
            </Paper>
          </SimpleGrid>
          <Paper withBorder radius="md" p="md" style={{ overflowX: 'auto' }}>
            <Title order={3} fz="md" mb="sm">{t('inventoryReports.byCategory')}</Title>
            <Table striped>
              <Table.Thead><Table.Tr><Table.Th>{t('inventory.fields.category')}</Table.Th><Table.Th ta="end">{t('inventory.fields.quantity')}</Table.Th><Table.Th ta="end">{t('warehouses.fields.value')}</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>{report.data.by_category.map((c) => <Table.Tr key={c.category}><Table.Td><span dir="auto">{labels.category(c)}</span></Table.Td><Table.Td ta="end">{fmt.quantity(c.quantity)}</Table.Td><Table.Td ta="end">{fmt.money(c.value)}</Table.Td></Table.Tr>)}</Table.Tbody>
            </Table>
          </Paper>
          <Paper withBorder radius="md" p="md" style={{ overflowX: 'auto' }}>
            <Title order={3} fz="md">{t('inventoryReports.lowAndOut')}</Title>
            <Text size="xs" c="dimmed" mb="sm">{t('inventoryReports.lowAndOutHint')}</Text>
            <Table striped data-testid="report-low-out">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('inventory.fields.item')}</Table.Th>
                  <Table.Th ta="end">{t('inventoryReports.onHandAll')}</Table.Th>
                  <Table.Th ta="end">{t('inventoryReports.minimum')}</Table.Th>
                  <Table.Th>{t('inventory.fields.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...report.data.out_of_stock, ...report.data.low_stock].map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Link to={`${paths.inventory}?item_id=${r.id}`} style={{ color: 'inherit', textDecoration: 'none' }}><AutoText size="sm">{r.name}</AutoText></Link>
                      <Text size="xs" c="dimmed"><Ltr>{r.code}</Ltr></Text>
                    </Table.Td>
                    <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}><Ltr>{fmt.quantity(r.quantity)}</Ltr></Table.Td>
                    <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}><Ltr>{fmt.quantity(r.min_quantity)}</Ltr></Table.Td>
                    <Table.Td><StockStatusBadge status={r.status} /></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
          <Paper withBorder radius="md" p="md" style={{ overflowX: 'auto' }}>
            <Title order={3} fz="md" mb="sm">{t('inventoryReports.inTransit')}</Title>
            {report.data.in_transit.length === 0 ? <Text size="sm" c="dimmed">{t('inventoryReports.nothingInTransit')}</Text> : (
              <Table striped>
                <Table.Tbody>
                  {report.data.in_transit.map((r) => (
                    <Table.Tr key={`${r.transfer_id}-${r.item_id}`}>
                      <Table.Td><Ltr>{r.transfer_number}</Ltr></Table.Td>
                      <Table.Td><Group gap={4} wrap="nowrap"><Ltr>{`${r.from_warehouse_code} → ${r.to_warehouse_code}`}</Ltr></Group></Table.Td>
                      <Table.Td><span dir="auto">{r.item_name}</span></Table.Td>
                      <Table.Td ta="end">{fmt.quantity(r.quantity)}</Table.Td>
                      <Table.Td ta="end">{fmt.money(r.value)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
        </Stack>
      )}
    </>
  );
}

export default InventoryReportsPage;
