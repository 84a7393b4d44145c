import { lazy, useDeferredValue } from 'react';
import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import {
  IconAlarm,
  IconAlertTriangle,
  IconClipboardCheck,
  IconClock,
  IconHourglass,
  IconInbox,
  IconPackage,
  IconPackageOff,
  IconPercentage,
  IconStar,
  IconTool,
  IconTruckDelivery,
  IconUserCheck,
  IconUserQuestion,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FigureCard } from '../../../components/figure-card';
import { ListError, ListLoading } from '../../../components/list-states';
import { useNumberFormat } from '../../../lib/decimal';
import { formatDuration } from '../../../lib/format-duration';
import { useRealtimeSubscription } from '../../../lib/realtime';
import { useAdminDashboard } from './get-admin-dashboard';
import { WhenVisible } from '../../../components/when-visible';
import { paths } from '../../../lib/paths';
import { dateTimeFormat } from '../../../lib/intl-format';

const noop = () => undefined;
// The charting library is the heaviest code of the dashboard: it loads when the trend is reached.
const AdminTrendChart = lazy(() => import('./admin-trend-chart'));
const DESK = paths.requestDesk;

/**
 * PRODUCT.md §5, admin: open requests by status, unassigned, past their SLA target, technician
 * utilisation, average response and completion times, satisfaction, low and out of stock,
 * pending transfers — each tile links to the list behind it — and a 30-day trend. Request,
 * transfer and stock events refresh it live.
 */
export function AdminDashboard() {
  const { t, i18n } = useTranslation();
  const fmt = useNumberFormat();
  useRealtimeSubscription('service_requests', noop);
  useRealtimeSubscription('transfers', noop);
  useRealtimeSubscription('stock', noop);
  // The figures are drawn as a transition, in slices, when they arrive: an update of the query
  // cache is otherwise drawn in one blocking task, long on a slow phone (issue #26).
  const query = useDeferredValue(useAdminDashboard());
  if (query.isPending) return <ListLoading rows={6} />;
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  const d = query.data;
  const language = i18n.resolvedLanguage ?? 'en';
  const hours = (h: number | null) => (h === null ? '—' : formatDuration(h * 60, language));
  const percent = (v: number | null) => (v === null ? '—' : fmt.percent(Math.round(v * 1000) / 10));
  const dayLabel = dateTimeFormat(language, { month: 'short', day: 'numeric', numberingSystem: 'latn', timeZone: 'UTC' });
  const trend = d.trend.map((p) => ({ day: dayLabel.format(new Date(`${p.day}T00:00:00Z`)), created: p.created, completed: p.completed }));

  return (
    <Stack gap="lg" data-testid="admin-dashboard">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
        <FigureCard testId="figure-pending" label={t('serviceRequests.status.pending')} value={fmt.count(d.open_by_status.pending)} to={`${DESK}?status=pending`} icon={IconInbox} color="yellow" />
        <FigureCard testId="figure-assigned" label={t('serviceRequests.status.assigned')} value={fmt.count(d.open_by_status.assigned)} to={`${DESK}?status=assigned`} icon={IconUserCheck} color="indigo" />
        <FigureCard testId="figure-in-progress" label={t('serviceRequests.status.in_progress')} value={fmt.count(d.open_by_status.in_progress)} to={`${DESK}?status=in_progress`} icon={IconTool} color="cyan" />
        <FigureCard testId="figure-pending-parts" label={t('serviceRequests.status.pending_parts')} value={fmt.count(d.open_by_status.pending_parts)} to={`${DESK}?status=pending_parts`} icon={IconPackage} color="orange" />
        {/* Completed work not quality-checked since: exactly the request desk's `quality=pending` list. */}
        <FigureCard
          testId="figure-quality"
          label={t('adminDashboard.awaitingQualityCheck')}
          hint={t('adminDashboard.awaitingQualityCheckHint')}
          value={fmt.count(d.awaiting_quality_check)}
          to={`${DESK}?quality=pending`}
          icon={IconClipboardCheck}
          color="teal"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <FigureCard testId="figure-unassigned" label={t('adminDashboard.unassigned')} value={fmt.count(d.unassigned)} to={paths.dispatch} icon={IconUserQuestion} color="grape" />
        <FigureCard testId="figure-sla" label={t('adminDashboard.slaBreached')} hint={t('adminDashboard.slaHint')} value={fmt.count(d.sla_breached)} to={`${paths.dispatch}?status=all&sort=sla_due`} icon={IconAlarm} color="red" />
        <FigureCard
          testId="figure-utilisation"
          label={t('adminDashboard.utilisation')}
          hint={t('adminDashboard.utilisationHint', { logged: hours(d.hours_logged), scheduled: hours(d.hours_scheduled) })}
          value={percent(d.utilisation)}
          to={paths.performanceReports}
          icon={IconPercentage}
          color="teal"
        />
        <FigureCard
          testId="figure-satisfaction"
          label={t('adminDashboard.satisfaction')}
          hint={t('reports.performance.ratings', { count: d.rating_count })}
          value={d.satisfaction === null ? '—' : `${fmt.quantity(d.satisfaction)} / 5`}
          to={paths.performanceReports}
          icon={IconStar}
          color="yellow"
        />
        <FigureCard testId="figure-response" label={t('adminDashboard.averageResponse')} hint={t('adminDashboard.last30')} value={hours(d.average_response_hours)} to={paths.analytics} icon={IconClock} color="blue" />
        <FigureCard testId="figure-completion" label={t('adminDashboard.averageCompletion')} hint={t('adminDashboard.last30')} value={hours(d.average_completion_hours)} to={paths.analytics} icon={IconHourglass} color="indigo" />
        {/* Items by their quantity on hand over all warehouses (docs/decisions/012-low-stock.md); each figure is its list's length. */}
        <FigureCard
          testId="figure-low-stock"
          label={t('adminDashboard.lowStock')}
          hint={t('adminDashboard.stockHint')}
          value={fmt.count(d.low_stock)}
          to={`${paths.inventory}?status=low_stock&active=true`}
          icon={IconAlertTriangle}
          color="orange"
        />
        <FigureCard
          testId="figure-out-of-stock"
          label={t('adminDashboard.outOfStockItems')}
          hint={t('adminDashboard.stockHint')}
          value={fmt.count(d.out_of_stock)}
          to={`${paths.inventory}?status=out_of_stock&active=true`}
          icon={IconPackageOff}
          color="red"
        />
        <FigureCard testId="figure-transfers" label={t('adminDashboard.pendingTransfers')} value={fmt.count(d.pending_transfers)} to={`${paths.transfers}?status=pending`} icon={IconTruckDelivery} color="pink" />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md" data-testid="admin-trend">
        <Title order={3} fz="md" mb="sm">
          {t('adminDashboard.trend')}
        </Title>
        <WhenVisible height={240}>
          <AdminTrendChart trend={trend} />
        </WhenVisible>
      </Paper>
    </Stack>
  );
}

export default AdminDashboard;
