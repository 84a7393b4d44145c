import '@mantine/charts/styles.layer.css';
import { useState, type ReactNode } from 'react';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { ActionIcon, Box, Group, Loader, Paper, Select, SimpleGrid, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PRIORITIES, SERVICE_REQUEST_STATUSES, type AnalyticsFigure, type TAnalyticsResult } from '@portal/shared';
import { ListToolbar } from '../../../components/list-controls';
import { ListError } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { UserPicker } from '../../../components/user-picker';
import { apiFetch, apiFetchBlob } from '../../../lib/api-client';
import { useNumberFormat } from '../../../lib/decimal';
import { saveBlob } from '../../../lib/download';
import { describeError } from '../../../lib/errors';
import { useListState } from '../../../lib/list-state';
import { registerRealtimeInvalidation, useRealtimeSubscription } from '../../../lib/realtime';
import { useCatalogNames } from '../../../lib/service-options';
import { toastError } from '../../../lib/toast';
import { formatAxisMoney, roundValueAxis, useChartAxes } from '../../../lib/chart-axes';
import { periodsOf } from '../periods';
import { DateField } from '../../../components/date-field';
import { dateTimeFormat } from '../../../lib/intl-format';

const FILTERS = ['from', 'to', 'service_type', 'technician_id', 'priority'] as const;
const noop = () => undefined;
const analyticsKey = ['analytics'] as const;
for (const event of ['service_request.created', 'service_request.updated']) registerRealtimeInvalidation(event, [analyticsKey]);

const STATUS_COLORS: Record<string, string> = {
  pending: 'yellow.6',
  assigned: 'indigo.6',
  in_progress: 'cyan.6',
  pending_parts: 'orange.6',
  completed: 'teal.6',
  cancelled: 'gray.5',
};
const PALETTE = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.6', 'pink.6'];
/**
 * Every chart over time has the same value-axis width, so on one column (a phone) their plots —
 * and the period axes under them — line up; room for a short money label ("SAR 220K").
 */
const PERIOD_AXIS_WIDTH = 76;
const PERCENT_TICKS = { ticks: [0, 25, 50, 75, 100], domain: [0, 100] as [number, number], interval: 0 as const };
const RATING_TICKS = { ticks: [0, 1, 2, 3, 4, 5], domain: [0, 5] as [number, number], interval: 0 as const };

type Query = Record<string, string>;

function useFigure(figure: AnalyticsFigure, query: Query) {
  return useQuery({
    queryKey: [...analyticsKey, figure, query],
    queryFn: ({ signal }) => apiFetch<TAnalyticsResult>(`/api/analytics/${figure}`, { query, signal }),
    placeholderData: (previous) => previous,
  });
}

/** A chart's card: its title, its CSV, and its loading and error states. */
function FigureCard({ title, figure, query, result, children, testId }: {
  title: string;
  figure: AnalyticsFigure;
  query: Query;
  result: ReturnType<typeof useFigure>;
  children: (data: TAnalyticsResult) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const csv = async () => {
    setBusy(true);
    try {
      saveBlob(await apiFetchBlob(`/api/analytics/${figure}`, { query: { ...query, format: 'csv' } }), `analytics-${figure}.csv`);
    } catch (error) {
      toastError('list.exportFailed', describeError(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={3} fz="md">
          {title}
        </Title>
        <Group gap={6} wrap="nowrap">
          {result.isFetching && <Loader size="xs" />}
          <Tooltip label={t('analytics.csv')}>
            <ActionIcon variant="subtle" aria-label={t('analytics.csv')} loading={busy} onClick={() => void csv()} data-testid={`${testId}-csv`}>
              <IconDownload size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {result.isError ? <ListError error={result.error} onRetry={() => void result.refetch()} /> : result.data ? children(result.data) : <Box h={240} />}
    </Paper>
  );
}

/**
 * `/dashboard/analytics` (admin): over a date range and filters, the requests by status and
 * service type, response and completion times against the SLA targets, first-time fix,
 * satisfaction, technician utilisation, parts consumption and the stock value — each chart's
 * numbers downloadable as CSV. Charts read right to left in Arabic.
 */
export function AnalyticsPage() {
  const { t, i18n } = useTranslation();
  const fmt = useNumberFormat();
  const catalog = useCatalogNames();
  useRealtimeSubscription('service_requests', noop);
  const list = useListState<(typeof FILTERS)[number]>({ filters: FILTERS });
  const query = Object.fromEntries(Object.entries(list.filters).filter(([, v]) => v)) as Query;
  const language = i18n.resolvedLanguage ?? 'en';
  // Counts are drawn as bars or straight lines between the periods' points: a smoothed curve
  // would show values (and dips below 0) that no period had.
  const axes = useChartAxes(PERIOD_AXIS_WIDTH);
  // Lines and areas over the periods' bands, as the bars are: every chart's periods sit at the
  // same places, under the same labels.
  const lineAxes = { ...axes, xAxisProps: { ...axes.xAxisProps, scale: 'band' as const } };
  const typeAxes = useChartAxes(120);

  const requests = useFigure('requests', query);
  const types = useFigure('service-types', query);
  const times = useFigure('times', query);
  const ftf = useFigure('first-time-fix', query);
  const satisfaction = useFigure('satisfaction', query);
  const utilisation = useFigure('utilisation', query);
  const parts = useFigure('parts', query);
  const stock = useFigure('stock-value', query);

  const period = requests.data;
  const label = (day: string, bucket: TAnalyticsResult['bucket']) => {
    const f = dateTimeFormat(language, { ...(bucket === 'month' ? { month: 'short', year: '2-digit' } : { month: 'short', day: 'numeric' }), numberingSystem: 'latn', timeZone: 'UTC' });
    return f.format(new Date(`${day}T00:00:00Z`));
  };
  const withLabels = (r: TAnalyticsResult): Record<string, string | number | null>[] => r.rows.map((row) => ({ ...row, label: label(String(row.period), r.bucket) }));
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const moneyTick = (v: number) => formatAxisMoney(v, language, fmt.currency);

  return (
    <>
      <PageHeader title={t('nav.analytics')} subtitle={t('analytics.subtitle')} />
      <ListToolbar filtered={list.isFiltered} onReset={list.reset}>
        <DateField label={t('reports.performance.from')} value={list.filters.from ?? period?.from ?? ''} maxDate={list.filters.to} onChange={(value) => list.setFilter('from', value)} w={{ base: '47%', xs: 160 }} data-testid="analytics-from" />
        <DateField label={t('reports.performance.to')} value={list.filters.to ?? period?.to ?? ''} minDate={list.filters.from} onChange={(value) => list.setFilter('to', value)} w={{ base: '47%', xs: 160 }} data-testid="analytics-to" />
        <Select
          label={t('serviceRequests.fields.serviceType')}
          placeholder={t('serviceRequests.filters.any')}
          clearable
          data={catalog.entries(catalog.options.data?.service_types)}
          value={list.filters.service_type ?? null}
          onChange={(v) => list.setFilter('service_type', v)}
          w={{ base: '100%', xs: 200 }}
          data-testid="analytics-service-type"
        />
        <Select
          label={t('serviceRequests.fields.priority')}
          placeholder={t('serviceRequests.filters.any')}
          clearable
          data={PRIORITIES.map((p) => ({ value: p, label: t(`serviceRequests.priority.${p}`) }))}
          value={list.filters.priority ?? null}
          onChange={(v) => list.setFilter('priority', v)}
          w={{ base: '100%', xs: 150 }}
          data-testid="analytics-priority"
        />
        <Box w={{ base: '100%', xs: 240 }}>
          <UserPicker role="technician" label={t('serviceRequests.fields.technician')} value={list.filters.technician_id ?? null} onChange={(id) => list.setFilter('technician_id', id)} testId="analytics-technician" />
        </Box>
      </ListToolbar>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" data-testid="analytics-charts">
        <FigureCard title={t('analytics.requests')} figure="requests" query={query} result={requests} testId="chart-requests">
          {(r) => (
            <BarChart
              h={260}
              data={withLabels(r)}
              dataKey="label"
              type="stacked"
              withLegend
              legendProps={{ verticalAlign: 'bottom' }}
              series={SERVICE_REQUEST_STATUSES.map((s) => ({ name: s, label: t(`serviceRequests.status.${s}`), color: STATUS_COLORS[s]! }))}
              {...axes}
              yAxisProps={{ ...axes.yAxisProps, ...roundValueAxis(r.rows.map((row) => row.total), { whole: true }) }}
            />
          )}
        </FigureCard>

        <FigureCard title={t('analytics.serviceTypes')} figure="service-types" query={query} result={types} testId="chart-service-types">
          {(r) => {
            // The figure lists only the periods with requests: lay them over every period of the
            // range, as the other charts are.
            const codes = [...new Set(r.rows.map((row) => String(row.service_type)))];
            const byPeriod = new Map<string, Record<string, string | number>>(
              periodsOf(r.from, r.to, r.bucket).map((key) => [key, { label: label(key, r.bucket), ...Object.fromEntries(codes.map((code) => [code, 0])) }]),
            );
            const totals = new Map<string, number>();
            for (const row of r.rows) {
              const key = String(row.period);
              const entry = byPeriod.get(key) ?? { label: label(key, r.bucket) };
              entry[String(row.service_type)] = Number(row.count);
              byPeriod.set(key, entry);
              totals.set(key, (totals.get(key) ?? 0) + Number(row.count));
            }
            const data = [...byPeriod.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, v]) => v);
            return r.rows.length === 0 ? (
              <Text c="dimmed" size="sm">{t('analytics.noData')}</Text>
            ) : (
              <BarChart h={260} data={data} dataKey="label" type="stacked" withLegend legendProps={{ verticalAlign: 'bottom' }}
                series={codes.map((code, i) => ({ name: code, label: catalog.serviceType(code), color: PALETTE[i % PALETTE.length]! }))} {...axes}
                yAxisProps={{ ...axes.yAxisProps, ...roundValueAxis(totals.values(), { whole: true }) }} />
            );
          }}
        </FigureCard>

        <FigureCard title={t('analytics.times')} figure="times" query={query} result={times} testId="chart-times">
          {(r) => {
            const target = list.filters.priority && r.targets ? r.targets[list.filters.priority] : undefined;
            const hours = r.rows.flatMap((row) => [row.average_response_hours, row.average_completion_hours]);
            return (
              <>
                <LineChart
                  h={240}
                  data={withLabels(r).map((row) => ({ ...row, average_response_hours: num(row.average_response_hours), average_completion_hours: num(row.average_completion_hours) }))}
                  dataKey="label"
                  withLegend
                  legendProps={{ verticalAlign: 'bottom' }}
                  connectNulls
                  curveType="linear"
                  unit={` ${t('analytics.hoursUnit')}`}
                  series={[
                    { name: 'average_response_hours', label: t('analytics.response'), color: 'blue.6' },
                    { name: 'average_completion_hours', label: t('analytics.completion'), color: 'grape.6' },
                  ]}
                  referenceLines={
                    target
                      ? [
                          { y: target.response_hours, label: t('analytics.responseTarget'), color: 'blue.3' },
                          { y: target.resolution_hours, label: t('analytics.resolutionTarget'), color: 'grape.3' },
                        ]
                      : []
                  }
                  {...lineAxes}
                  yAxisProps={{ ...axes.yAxisProps, ...roundValueAxis(target ? [...hours, target.response_hours, target.resolution_hours] : hours) }}
                />
                <Text size="xs" c="dimmed" mt="xs" data-testid="chart-times-breaches">
                  {t('analytics.breaches', {
                    response: fmt.count(r.rows.reduce((s, row) => s + Number(row.response_breaches), 0)),
                    resolution: fmt.count(r.rows.reduce((s, row) => s + Number(row.resolution_breaches), 0)),
                    responded: fmt.count(r.rows.reduce((s, row) => s + Number(row.responded), 0)),
                  })}
                  {!target && ` ${t('analytics.pickPriority')}`}
                </Text>
              </>
            );
          }}
        </FigureCard>

        <FigureCard title={t('analytics.firstTimeFix')} figure="first-time-fix" query={query} result={ftf} testId="chart-ftf">
          {(r) => (
            <LineChart h={260} data={withLabels(r).map((row) => ({ ...row, rate: row.rate === null ? null : Math.round(Number(row.rate) * 1000) / 10 }))} dataKey="label" connectNulls curveType="linear" unit="%"
              series={[{ name: 'rate', label: t('reports.performance.firstTimeFix'), color: 'teal.6' }]} {...lineAxes} yAxisProps={{ ...axes.yAxisProps, ...PERCENT_TICKS }} />
          )}
        </FigureCard>

        <FigureCard title={t('analytics.satisfaction')} figure="satisfaction" query={query} result={satisfaction} testId="chart-satisfaction">
          {(r) => (
            <LineChart h={260} data={withLabels(r).map((row) => ({ ...row, average_rating: num(row.average_rating) }))} dataKey="label" connectNulls curveType="linear"
              series={[{ name: 'average_rating', label: t('reports.performance.rating'), color: 'yellow.6' }]} {...lineAxes} yAxisProps={{ ...axes.yAxisProps, ...RATING_TICKS }} />
          )}
        </FigureCard>

        <FigureCard title={t('analytics.utilisation')} figure="utilisation" query={query} result={utilisation} testId="chart-utilisation">
          {(r) => (
            <BarChart
              h={Math.max(200, r.rows.length * 40)}
              data={r.rows.map((row) => ({ name: String(row.technician_name), utilisation: row.utilisation === null ? 0 : Math.round(Number(row.utilisation) * 1000) / 10 }))}
              dataKey="name"
              orientation="vertical"
              valueFormatter={(v) => `${v}%`}
              series={[{ name: 'utilisation', label: t('adminDashboard.utilisation'), color: 'teal.6' }]}
              {...typeAxes}
            />
          )}
        </FigureCard>

        <FigureCard title={t('analytics.parts')} figure="parts" query={query} result={parts} testId="chart-parts">
          {(r) => (
            <BarChart h={260} data={withLabels(r).map((row) => ({ ...row, value: Number(row.value) }))} dataKey="label"
              valueFormatter={(v) => fmt.money(v)} series={[{ name: 'value', label: t('analytics.partsValue'), color: 'orange.6' }]} {...axes}
              yAxisProps={{ ...axes.yAxisProps, ...roundValueAxis(r.rows.map((row) => row.value)), tickFormatter: moneyTick }} />
          )}
        </FigureCard>

        <FigureCard title={t('analytics.stockValue')} figure="stock-value" query={query} result={stock} testId="chart-stock">
          {(r) => (
            // No value before the first stock ever (null from the server): the line starts there.
            <AreaChart h={260} data={withLabels(r).map((row) => ({ ...row, value: num(row.value) }))} dataKey="label" curveType="stepAfter"
              valueFormatter={(v) => fmt.money(v)} series={[{ name: 'value', label: t('analytics.stockValue'), color: 'indigo.6' }]} {...lineAxes}
              yAxisProps={{ ...axes.yAxisProps, ...roundValueAxis(r.rows.map((row) => row.value)), tickFormatter: moneyTick }} />
          )}
        </FigureCard>
      </SimpleGrid>
    </>
  );
}

export default AnalyticsPage;
