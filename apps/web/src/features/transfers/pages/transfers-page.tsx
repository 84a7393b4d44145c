import 'mantine-datatable/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { Anchor, Box, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowsTransferDown, IconPlus } from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from '../../../components/data-table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { can, TRANSFER_STATUSES, type TTransferSummary } from '@portal/shared';
import { Ltr } from '../../../components/ltr';
import { AutoText } from '../../../components/auto-text';
import { PageHeader } from '../../../components/page-header';
import { UrlListPager } from '../../../components/list-controls';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { useListState } from '../../../lib/list-state';
import { useCurrentUser } from '../../../lib/use-session';
import { useTransfers } from '../api/get-transfers';
import { useWarehouses } from '../api/get-warehouses';
import { TransferStatusBadge } from '../components/transfer-status-badge';
import { WarehouseRoute } from '../components/warehouse-route';
import { WarehouseSelect } from '../components/warehouse-select';
import { useDateFormat } from '../format';
import { useTransfersLive } from '../realtime';
import { DateRangeFields } from '../../../components/date-field';
import { FilterPanel } from '../../../components/filter-panel';
import { TabStrip } from '../../../components/tab-strip';
import { paths } from '../../../lib/paths';

const FILTERS = ['status', 'warehouse_id', 'from_warehouse_id', 'to_warehouse_id', 'from', 'to'] as const;
const TABS = ['all', ...TRANSFER_STATUSES] as const;
const SORTABLE = new Set(['number', 'status', 'requested_at']);

/** One transfer as a card: the phone's list (a 390 px screen has no room for columns). */
function TransferCard({ record }: { record: TTransferSummary }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="transfer-row" data-number={record.number} data-status={record.status}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Anchor component={Link} to={paths.transfer(record.id)} fw={700} style={{ whiteSpace: 'nowrap' }}>
          <Ltr>{record.number}</Ltr>
        </Anchor>
        <TransferStatusBadge status={record.status} size="sm" />
      </Group>
      <Box mt={6} style={{ minWidth: 0 }}>
        <WarehouseRoute from={record.from_warehouse} to={record.to_warehouse} />
      </Box>
      <Group justify="space-between" mt={6} gap="xs" wrap="nowrap" align="flex-start">
        <Text size="xs" c="dimmed" style={{ minWidth: 0 }}>
          {t('transfers.form.lineCount', { count: record.line_count })} · <span dir="auto">{record.requested_by.name}</span>
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {format.dateTime(record.requested_at)}
        </Text>
      </Group>
    </Paper>
  );
}

export function TransfersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const list = useListState({ filters: FILTERS, defaultSort: 'requested_at', defaultOrder: 'desc' });
  const transfers = useTransfers(list.query);
  const warehouses = useWarehouses();
  const format = useDateFormat();
  useTransfersLive();
  // Read at once (not after a first render as a table): a phone never draws the wide table.
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  const warehouseList = warehouses.data?.items ?? [];
  const page = transfers.data;
  const sortStatus: DataTableSortStatus<TTransferSummary> = {
    columnAccessor: list.sort ?? 'requested_at',
    direction: list.order,
  };

  return (
    <>
      <PageHeader
        title={t('transfers.title')}
        subtitle={t(user.role === 'technician' ? 'transfers.subtitleTechnician' : 'transfers.subtitle')}
        actions={
          can(user.role, 'request:transfer') && (
            <Button component={Link} to={paths.newTransfer} leftSection={<IconPlus size={16} />} data-testid="transfer-new">
              {t(user.role === 'technician' ? 'transfers.newPartsRequest' : 'transfers.new')}
            </Button>
          )
        }
      />

      <TabStrip>
        <Tabs value={list.filters.status ?? 'all'} onChange={(value) => list.setFilter('status', value === 'all' ? null : value)}>
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab} data-testid={`transfers-tab-${tab}`}>
                {t(tab === 'all' ? 'transfers.tabs.all' : `transfers.tabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      </TabStrip>

      <FilterPanel list={list} search={{ label: t('transfers.filters.search'), placeholder: t('transfers.filters.searchPlaceholder') }} testId="transfers">
        <WarehouseSelect
          label={t('transfers.filters.warehouse')}
          placeholder={t('transfers.filters.any')}
          warehouses={warehouseList}
          value={list.filters.warehouse_id ?? null}
          onChange={(value) => list.setFilter('warehouse_id', value)}
        />
        <WarehouseSelect
          label={t('transfers.filters.from')}
          placeholder={t('transfers.filters.any')}
          warehouses={warehouseList}
          value={list.filters.from_warehouse_id ?? null}
          onChange={(value) => list.setFilter('from_warehouse_id', value)}
        />
        <WarehouseSelect
          label={t('transfers.filters.to')}
          placeholder={t('transfers.filters.any')}
          warehouses={warehouseList}
          value={list.filters.to_warehouse_id ?? null}
          onChange={(value) => list.setFilter('to_warehouse_id', value)}
        />
        <DateRangeFields list={list} names={['from', 'to']} labels={[t('transfers.filters.dateFrom'), t('transfers.filters.dateTo')]} testId="transfers-date" />
      </FilterPanel>

      {transfers.isError && (
        <Box mb="md">
          <ListError error={transfers.error} onRetry={() => void transfers.refetch()} />
        </Box>
      )}

      {wide ? (
        <DataTable<TTransferSummary>
          withTableBorder
          borderRadius="md"
          highlightOnHover
          minHeight={page && page.items.length > 0 ? undefined : 180}
          records={page?.items ?? []}
          fetching={transfers.isFetching && !page}
          noRecordsText={t('transfers.empty')}
          idAccessor="id"
          sortStatus={sortStatus}
          onSortStatusChange={(status) => {
            const accessor = String(status.columnAccessor);
            if (SORTABLE.has(accessor)) list.setSort(accessor, status.direction);
          }}
          onRowClick={({ record }) => void navigate(paths.transfer(record.id))}
          customRowAttributes={(record) => ({ 'data-testid': 'transfer-row', 'data-number': record.number, 'data-status': record.status })}
          columns={[
            {
              accessor: 'number',
              title: t('transfers.fields.number'),
              sortable: true,
              render: (record) => (
                <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                  <Ltr>{record.number}</Ltr>
                </Text>
              ),
            },
            { accessor: 'status', title: t('transfers.fields.status'), sortable: true, noWrap: true, render: (record) => <TransferStatusBadge status={record.status} size="sm" /> },
            {
              accessor: 'route',
              title: t('transfers.fields.route'),
              render: (record) => <WarehouseRoute from={record.from_warehouse} to={record.to_warehouse} />,
            },
            { accessor: 'line_count', title: t('transfers.fields.lines'), textAlign: 'center' },
            {
              accessor: 'requested_by',
              title: t('transfers.fields.requestedBy'),
              render: (record) => (
                <AutoText size="sm">{record.requested_by.name}</AutoText>
              ),
            },
            {
              accessor: 'requested_at',
              title: t('transfers.fields.requestedAt'),
              sortable: true,
              render: (record) => (
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {format.dateTime(record.requested_at)}
                </Text>
              ),
            },
          ]}
        />
      ) : !page ? (
        !transfers.isError && <ListLoading />
      ) : page.items.length === 0 ? (
        <ListEmpty filtered={list.isFiltered} onReset={list.reset} icon={IconArrowsTransferDown} />
      ) : (
        <Stack gap="sm" data-testid="transfer-cards">
          {page.items.map((record) => (
            <TransferCard key={record.id} record={record} />
          ))}
        </Stack>
      )}

      {page && (
        <UrlListPager list={list} page={page} loading={transfers.isFetching} />
      )}
    </>
  );
}

export default TransfersPage;
