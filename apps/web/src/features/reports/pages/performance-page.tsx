import '@mantine/charts/styles.layer.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Box, Card, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconChecks, IconClock, IconHourglass, IconRepeatOff, IconStar, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { can, type TPerformanceReport, type TTechnicianPerformance } from '@portal/shared';
import { FigureCard } from '../../../components/figure-card';
import { ListToolbar } from '../../../components/list-controls';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { UserPicker } from '../../../components/user-picker';
import { useNumberFormat } from '../../../lib/decimal';
import { formatDuration } from '../../../lib/format-duration';
import { useListState } from '../../../lib/list-state';
import { useRealtimeSubscription } from '../../../lib/realtime';
import { useCurrentUser } from '../../../lib/use-session';
import { usePerformanceReport } from '../api/reports';
import { useChartAxes } from '../../../lib/chart-axes';
import { DateField } from '../../../components/date-field';
import { paths } from '../../../lib/paths';
import { dateTimeFormat } from '../../../lib/intl-format';

const FILTERS = ['technician_id', 'from', 'to'] as const;
const noop = () => undefined;

/** Hours as a person reads them ("2.5 hours", "45 minutes"), or a dash. */
function useHours() {
  const { i18n } = useTranslation();
  return (hours: number | null) => (hours === null ? '—' : formatDuration(hours * 60, i18n.resolvedLanguage ?? 'en'));
}

/** A period's first day as the chart's label: a day, "week of" a day, or a month. */
function usePeriodLabel(bucket: TPerformanceReport['bucket']) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const options: Intl.DateTimeFormatOptions = bucket === 'month' ? { month: 'short', year: 'numeric' } : { month: 'short', day: 'numeric' };
  const formatter = dateTimeFormat(language, { ...options, numberingSystem: 'latn', timeZone: 'UTC' });
  return (day: string) => {
    const text = formatter.format(new Date(`${day}T00:00:00Z`));
    return bucket === 'week' ? t('reports.performance.weekOf', { day: text }) : text;
  };
}

function Figures({ figures }: { figures: TTechnicianPerformance }) {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const hours = useHours();
  const to = paths.serviceReports;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="performance-figures">
      <FigureCard label={t('reports.performance.jobs')} value={fmt.count(figures.jobs_completed)} to={to} icon={IconChecks} color="teal" testId="perf-jobs" />
      <FigureCard label={t('reports.performance.completion')} value={hours(figures.average_completion_hours)} to={to} icon={IconHourglass} color="indigo" testId="perf-completion" />
      <FigureCard label={t('reports.performance.response')} value={hours(figures.average_response_hours)} to={to} icon={IconClock} color="blue" testId="perf-response" />
      <FigureCard
        label={t('reports.performance.firstTimeFix')}
        value={figures.first_time_fix_rate === null ? '—' : fmt.percent(Math.round(figures.first_time_fix_rate * 1000) / 10)}
        to={to}
        icon={IconRepeatOff}
        color="grape"
        testId="perf-ftf"
      />
      <FigureCard
        label={t('reports.performance.rating')}
        value={figures.average_rating === null ? '—' : `${fmt.quantity(figures.average_rating)} / 5`}
        hint={t('reports.performance.ratings', { count: figures.rating_count })}
        to={to}
        icon={IconStar}
        color="yellow"
        testId="perf-rating"
      />
      <FigureCard label={t('reports.performance.hoursLogged')} value={hours(figures.hours_logged)} to={to} icon={IconTool} color="orange" testId="perf-hours" />
    </SimpleGrid>
  );
}

function ChartCard({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={3} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** `/dashboard/reports/performance`: per technician and period; admins compare technicians, a technician sees their own. */
export function PerformancePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // Whoever may read every technician's reports compares them (only admins today).
  const seesEveryTechnician = can(user.role, 'read:performance_report:any');
  const fmt = useNumberFormat();
  const hours = useHours();
  useRealtimeSubscription('service_requests', noop);
  const list = useListState<(typeof FILTERS)[number]>({ filters: FILTERS });
  const query = Object.fromEntries(Object.entries(list.filters).filter(([, v]) => v)) as Record<string, string>;
  const report = usePerformanceReport(query);
  const data = report.data;
  const periodLabel = usePeriodLabel(data?.bucket ?? 'day');

  const axes = useChartAxes(48);
  const techAxes = useChartAxes(110);

  const single = data && (data.technicians.length === 1 || !seesEveryTechnician) ? data.technicians[0] : undefined;
  const byTechnician = (data?.technicians ?? []).map((f) => ({ name: f.technician.name, jobs: f.jobs_completed, hours: f.hours_logged }));
  const periods = new Map<string, { period: string; jobs: number; hours: number }>();
  for (const s of data?.series ?? []) {
    const p = periods.get(s.period) ?? { period: periodLabel(s.period), jobs: 0, hours: 0 };
    p.jobs += s.jobs_completed;
    p.hours = Math.round((p.hours + s.hours_logged) * 100) / 100;
    periods.set(s.period, p);
  }
  const overTime = [...periods.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, v]) => v);
  const series = {
    jobs: { name: 'jobs', label: t('reports.performance.jobs'), color: 'teal.6' },
    hours: { name: 'hours', label: t('reports.performance.hoursLogged'), color: 'orange.6' },
  };

  return (
    <>
      <PageHeader title={t('nav.performanceReports')} subtitle={t(seesEveryTechnician ? 'reports.performance.subtitleAdmin' : 'reports.performance.subtitle')} />
      <ListToolbar filtered={list.isFiltered} onReset={list.reset}>
        {seesEveryTechnician && (
          <Box w={{ base: '100%', xs: 260 }}>
            <UserPicker role="technician" label={t('serviceRequests.fields.technician')} value={list.filters.technician_id ?? null} onChange={(id) => list.setFilter('technician_id', id)} testId="perf-filter-technician" />
          </Box>
        )}
        <DateField label={t('reports.performance.from')} value={list.filters.from ?? data?.from ?? ''} maxDate={list.filters.to} onChange={(value) => list.setFilter('from', value)} w={{ base: '47%', xs: 170 }} data-testid="perf-from" />
        <DateField label={t('reports.performance.to')} value={list.filters.to ?? data?.to ?? ''} minDate={list.filters.from} onChange={(value) => list.setFilter('to', value)} w={{ base: '47%', xs: 170 }} data-testid="perf-to" />
      </ListToolbar>

      {report.isError && <ListError error={report.error} onRetry={() => void report.refetch()} />}
      {report.isPending ? (
        <ListLoading rows={6} />
      ) : !data ? null : data.technicians.length === 0 ? (
        <ListEmpty filtered={list.isFiltered} onReset={list.reset} />
      ) : (
        <Stack gap="lg" data-testid="performance-report">
          {single && (
            <Stack gap="xs">
              {seesEveryTechnician && (
                <Text fw={600} dir="auto">
                  {single.technician.name}
                </Text>
              )}
              <Figures figures={single} />
            </Stack>
          )}
          <SimpleGrid cols={{ base: 1, md: seesEveryTechnician && !single ? 2 : 1 }} spacing="md">
            {seesEveryTechnician && !single && (
              <ChartCard title={t('reports.performance.compareTitle')} testId="perf-chart-compare">
                <BarChart h={Math.max(220, byTechnician.length * 44)} data={byTechnician} dataKey="name" orientation="vertical" series={[series.jobs, series.hours]} withLegend {...techAxes} />
              </ChartCard>
            )}
            <ChartCard title={t('reports.performance.overTimeTitle')} testId="perf-chart-time">
              {overTime.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t('reports.performance.noActivity')}
                </Text>
              ) : (
                <LineChart h={260} data={overTime} dataKey="period" series={[series.jobs, series.hours]} withLegend curveType="linear" {...axes} />
              )}
            </ChartCard>
          </SimpleGrid>

          {seesEveryTechnician && (
            <Card withBorder radius="md" p={0}>
              <Table.ScrollContainer minWidth={760}>
                <Table striped highlightOnHover verticalSpacing="xs" data-testid="perf-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('serviceRequests.fields.technician')}</Table.Th>
                      <Table.Th ta="end">{t('reports.performance.jobs')}</Table.Th>
                      <Table.Th ta="end">{t('reports.performance.completion')}</Table.Th>
                      <Table.Th ta="end">{t('reports.performance.response')}</Table.Th>
                      <Table.Th ta="end">{t('reports.performance.jobDuration')}</Table.Th>
                      <Table.Th ta="end">{t('reports.performance.firstTimeFix')}</Table.Th>
                      <Table.Th ta="end">{t('reports.performance.rating')}</Table.Th>
                      <Table.Th ta="end">{t('reports.performance.hoursLogged')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.technicians.map((f) => (
                      <Table.Tr key={f.technician.id} data-testid="perf-row">
                        <Table.Td dir="auto">{f.technician.name}</Table.Td>
                        <Table.Td ta="end">{fmt.count(f.jobs_completed)}</Table.Td>
                        <Table.Td ta="end">{hours(f.average_completion_hours)}</Table.Td>
                        <Table.Td ta="end">{hours(f.average_response_hours)}</Table.Td>
                        <Table.Td ta="end">{hours(f.average_job_hours)}</Table.Td>
                        <Table.Td ta="end">{f.first_time_fix_rate === null ? '—' : fmt.percent(Math.round(f.first_time_fix_rate * 1000) / 10)}</Table.Td>
                        <Table.Td ta="end">
                          {f.average_rating === null ? '—' : (
                            <Group gap={4} justify="flex-end" wrap="nowrap">
                              <IconStar size={14} />
                              {fmt.quantity(f.average_rating)}
                            </Group>
                          )}
                        </Table.Td>
                        <Table.Td ta="end">{hours(f.hours_logged)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          )}
        </Stack>
      )}
    </>
  );
}

export default PerformancePage;
