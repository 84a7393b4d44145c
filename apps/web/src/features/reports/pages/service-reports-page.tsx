import 'mantine-datatable/styles.css';
import { Anchor, Badge, Box, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DataTable, type DataTableSortStatus } from '../../../components/data-table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { can, SERVICE_REQUEST_STATUSES, type TServiceReportRow } from '@portal/shared';
import { ListToolbar, UrlListPager } from '../../../components/list-controls';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { Ltr } from '../../../components/ltr';
import { PageHeader } from '../../../components/page-header';
import { ServiceRequestStatusBadge } from '../../../components/service-request-badges';
import { UserPicker } from '../../../components/user-picker';
import { useDateFormat } from '../../../lib/date-format';
import { useNumberFormat } from '../../../lib/decimal';
import { formatDuration } from '../../../lib/format-duration';
import { useListState } from '../../../lib/list-state';
import { useRealtimeSubscription } from '../../../lib/realtime';
import { useCurrentUser } from '../../../lib/use-session';
import { useServiceReports } from '../api/reports';
import { DateField } from '../../../components/date-field';
import { paths } from '../../../lib/paths';

const FILTERS = ['status', 'technician_id', 'customer_id', 'from', 'to'] as const;
const SORTABLE = new Set(['number', 'status', 'request_date', 'updated_at']);
/** Reports are the record of finished work: the list opens on completed requests; "all" shows every status. */
const DEFAULT_STATUS = 'completed';
const noop = () => undefined;

function QualityBadge({ result }: { result: TServiceReportRow['qc_result'] }) {
  const { t } = useTranslation();
  if (!result) return <Text size="xs" c="dimmed">{t('reports.service.notChecked')}</Text>;
  return (
    <Badge variant="light" color={result === 'passed' ? 'teal' : 'red'} data-testid="report-qc">
      {t(`work.quality.${result}`)}
    </Badge>
  );
}

/** `/dashboard/reports/service`: service reports with filters (date range, technician, status, customer); a technician sees their own. */
export function ServiceReportsPage() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  // Whoever may read every technician's reports picks the technician (only admins today).
  const seesEveryTechnician = can(user.role, 'read:service_report:any');
  const navigate = useNavigate();
  const format = useDateFormat();
  const fmt = useNumberFormat();
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  useRealtimeSubscription('service_requests', noop);
  const list = useListState<(typeof FILTERS)[number]>({ filters: FILTERS, defaultSort: 'updated_at', defaultOrder: 'desc' });
  const status = list.filters.status ?? DEFAULT_STATUS;
  const reports = useServiceReports({ ...list.query, status: status === 'all' ? undefined : status });
  const page = reports.data;
  const records = page?.items ?? [];
  const hours = (seconds: number) => (seconds > 0 ? formatDuration(seconds / 60, i18n.resolvedLanguage ?? 'en') : '—');
  const open = (r: TServiceReportRow) => void navigate(paths.serviceReport(r.id));

  const filters = (
    <ListToolbar
      search={list.searchInput}
      onSearch={list.setSearchInput}
      searchPlaceholder={t('serviceRequests.filters.searchPlaceholder')}
      filtered={list.isFiltered}
      onReset={list.reset}
    >
      <Select
        label={t('serviceRequests.fields.status')}
        allowDeselect={false}
        data={[{ value: 'all', label: t('serviceRequests.tabs.all') }, ...SERVICE_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`serviceRequests.status.${s}`) }))]}
        value={status}
        onChange={(value) => list.setFilter('status', value === DEFAULT_STATUS ? null : value)}
        w={{ base: '100%', xs: 190 }}
        data-testid="report-filter-status"
      />
      {seesEveryTechnician && (
        <Box w={{ base: '100%', xs: 240 }}>
          <UserPicker role="technician" label={t('serviceRequests.fields.technician')} value={list.filters.technician_id ?? null} onChange={(id) => list.setFilter('technician_id', id)} testId="report-filter-technician" />
        </Box>
      )}
      {seesEveryTechnician && (
        <Box w={{ base: '100%', xs: 240 }}>
          <UserPicker role="customer" label={t('serviceRequests.fields.customer')} value={list.filters.customer_id ?? null} onChange={(id) => list.setFilter('customer_id', id)} testId="report-filter-customer" />
        </Box>
      )}
      <DateField label={t('serviceRequests.filters.dateFrom')} value={list.filters.from ?? ''} maxDate={list.filters.to} onChange={(value) => list.setFilter('from', value)} w={{ base: '47%', xs: 160 }} data-testid="report-filter-from" />
      <DateField label={t('serviceRequests.filters.dateTo')} value={list.filters.to ?? ''} minDate={list.filters.from} onChange={(value) => list.setFilter('to', value)} w={{ base: '47%', xs: 160 }} data-testid="report-filter-to" />
    </ListToolbar>
  );

  const cards = (
    <Stack gap="sm" data-testid="report-cards">
      {records.map((r) => (
        <Paper key={r.id} withBorder p="sm" radius="md" data-testid="report-row" data-number={r.number}>
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={paths.serviceReport(r.id)} fw={700}>
              <Ltr>{r.number}</Ltr>
            </Anchor>
            <ServiceRequestStatusBadge status={r.status} />
          </Group>
          <Text size="sm" mt={4}>
            <bdi dir="auto">{r.customer.name}</bdi>
            {' · '}
            <bdi dir="auto">{[r.device.brand, r.device.model].join(' ')}</bdi>
          </Text>
          <Group justify="space-between" mt={6} gap="xs">
            <Text size="sm" fw={600}>
              <Ltr>{fmt.money(r.parts_total)}</Ltr>
            </Text>
            <QualityBadge result={r.qc_result} />
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {r.technician ? <span dir="auto">{r.technician.name}</span> : t('serviceRequests.unassigned')} · {format.dateTime(r.completed_at ?? r.request_date)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );

  const sortStatus: DataTableSortStatus<TServiceReportRow> = { columnAccessor: list.sort ?? 'updated_at', direction: list.order };
  const table = (
    <DataTable<TServiceReportRow>
      withTableBorder
      borderRadius="md"
      highlightOnHover
      records={records}
      fetching={reports.isFetching && !page}
      idAccessor="id"
      sortStatus={sortStatus}
      onSortStatusChange={(s) => SORTABLE.has(String(s.columnAccessor)) && list.setSort(String(s.columnAccessor), s.direction)}
      onRowClick={({ record }) => open(record)}
      customRowAttributes={(r) => ({ 'data-testid': 'report-row', 'data-number': r.number })}
      columns={[
        { accessor: 'number', title: t('serviceRequests.fields.number'), sortable: true, noWrap: true, render: (r) => <Text fw={600} size="sm"><Ltr>{r.number}</Ltr></Text> },
        { accessor: 'status', title: t('serviceRequests.fields.status'), sortable: true, noWrap: true, render: (r) => <ServiceRequestStatusBadge status={r.status} /> },
        {
          accessor: 'customer',
          title: t('serviceRequests.fields.customer'),
          render: (r) => (
            <Stack gap={0}>
              <Text size="sm" dir="auto">{r.customer.name}</Text>
              <Text size="xs" c="dimmed" dir="auto">{[r.device.brand, r.device.model].join(' ')}</Text>
            </Stack>
          ),
        },
        ...(seesEveryTechnician ? [{ accessor: 'technician', title: t('serviceRequests.fields.technician'), render: (r: TServiceReportRow) => <Text size="sm" dir="auto">{r.technician?.name ?? t('serviceRequests.unassigned')}</Text> }] : []),
        { accessor: 'work_seconds', title: t('reports.service.workLogged'), noWrap: true, render: (r) => <Text size="sm">{hours(r.work_seconds)}</Text> },
        { accessor: 'parts_total', title: t('reports.service.partsTotal'), noWrap: true, render: (r) => <Text size="sm"><Ltr>{fmt.money(r.parts_total)}</Ltr></Text> },
        { accessor: 'qc_result', title: t('serviceRequests.sections.qualityCheck'), noWrap: true, render: (r) => <QualityBadge result={r.qc_result} /> },
        { accessor: 'updated_at', title: t('reports.service.completedOrUpdated'), sortable: true, noWrap: true, render: (r) => <Text size="sm">{format.dateTime(r.completed_at ?? r.updated_at)}</Text> },
      ]}
    />
  );

  return (
    <>
      <PageHeader title={t('nav.serviceReports')} subtitle={t(seesEveryTechnician ? 'reports.service.subtitleAdmin' : 'reports.service.subtitle')} />
      {filters}
      {reports.isError && (
        <Box mb="md">
          <ListError error={reports.error} onRetry={() => void reports.refetch()} />
        </Box>
      )}
      {reports.isPending ? (
        <ListLoading />
      ) : records.length === 0 ? (
        <ListEmpty filtered={list.isFiltered} onReset={list.reset} title={list.isFiltered ? undefined : t('reports.service.empty')} />
      ) : phone ? (
        cards
      ) : (
        table
      )}
      {page && records.length > 0 && <UrlListPager list={list} page={page} loading={reports.isFetching} />}
    </>
  );
}

export default ServiceReportsPage;
