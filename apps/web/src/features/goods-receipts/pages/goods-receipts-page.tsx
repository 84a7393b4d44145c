import 'mantine-datatable/styles.layer.css';
import { Anchor, Box, Button, Group, Paper, Stack, Text, useDirection } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore, IconPackageImport, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { can, type TGoodsReceiptSummary } from '@portal/shared';
import { AutoText } from '../../../components/auto-text';
import { DataTable, type DataTableSortStatus } from '../../../components/data-table';
import { DateRangeFields } from '../../../components/date-field';
import { FilterPanel } from '../../../components/filter-panel';
import { UrlListPager } from '../../../components/list-controls';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { Ltr } from '../../../components/ltr';
import { PageHeader } from '../../../components/page-header';
import { useDateFormat } from '../../../lib/date-format';
import { useNumberFormat } from '../../../lib/decimal';
import { useWarehouseOptions } from '../../../lib/inventory-lookups';
import { useListState } from '../../../lib/list-state';
import { useCurrentUser } from '../../../lib/use-session';
import { useGoodsReceipts } from '../api/goods-receipts';
import { useGoodsReceiptsLive } from '../api/keys';
import { SupplierSelect } from '../components/supplier-select';
import { ReceivingWarehouseSelect } from '../components/warehouse-picker';
import { useDayFormat } from '../day-format';
import { paths } from '../../../lib/paths';

const FILTERS = ['warehouse_id', 'supplier_id', 'date_from', 'date_to'] as const;
const SORTABLE = new Set(['number', 'received_on', 'created']);

/** One receipt as a card: the phone's list (a 390 px screen has no room for columns). */
function ReceiptCard({ record }: { record: TGoodsReceiptSummary }) {
  const fmt = useNumberFormat();
  const day = useDayFormat();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="receipt-row" data-number={record.number}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Anchor component={Link} to={paths.goodsReceipt(record.id)} fw={700} style={{ whiteSpace: 'nowrap' }}>
          <Ltr>{record.number}</Ltr>
        </Anchor>
        <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {fmt.money(record.total)}
        </Text>
      </Group>
      <AutoText size="sm" mt={4}>
        {record.supplier.name}
      </AutoText>
      <Group justify="space-between" mt={4} gap="xs" wrap="nowrap" align="flex-start">
        <Text size="xs" c="dimmed" style={{ minWidth: 0 }}>
          <Ltr>{record.warehouse.code}</Ltr>
          {record.reference && (
            <>
              {' · '}
              <bdi dir="auto">{record.reference}</bdi>
            </>
          )}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {day(record.received_on)}
        </Text>
      </Group>
    </Paper>
  );
}

/** Goods receipts, newest first: search, filters and sort in the URL, keyset pages. */
export function GoodsReceiptsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const fmt = useNumberFormat();
  const day = useDayFormat();
  const dates = useDateFormat();
  const { dir } = useDirection();
  const end = dir === 'rtl' ? ('left' as const) : ('right' as const);
  const list = useListState({ filters: FILTERS, defaultSort: 'created', defaultOrder: 'desc' });
  const receipts = useGoodsReceipts(list.query);
  const warehouses = useWarehouseOptions();
  useGoodsReceiptsLive();
  // Read at once (not after a first render as a table): a phone never draws the wide table.
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const page = receipts.data;
  const receiving = (warehouses.data?.items ?? []).filter((w) => w.kind !== 'van');
  const sortStatus: DataTableSortStatus<TGoodsReceiptSummary> = { columnAccessor: list.sort ?? 'created', direction: list.order };

  return (
    <>
      <PageHeader
        title={t('goodsReceipts.title')}
        subtitle={t('goodsReceipts.subtitle')}
        actions={
          <Group gap="sm">
            {can(user.role, 'read:supplier') && (
              <Button variant="default" component={Link} to={paths.suppliers} leftSection={<IconBuildingStore size={16} />}>
                {t('nav.suppliers')}
              </Button>
            )}
            {can(user.role, 'create:goods_receipt') && (
              <Button component={Link} to={paths.newGoodsReceipt} leftSection={<IconPlus size={16} />} data-testid="receipt-new">
                {t('goodsReceipts.new')}
              </Button>
            )}
          </Group>
        }
      />

      <FilterPanel list={list} search={{ label: t('goodsReceipts.filters.search'), placeholder: t('goodsReceipts.filters.searchPlaceholder') }} testId="receipts">
        <SupplierSelect
          label={t('goodsReceipts.fields.supplier')}
          placeholder={t('goodsReceipts.filters.any')}
          activeOnly={false}
          value={list.filters.supplier_id ?? null}
          onChange={(value) => list.setFilter('supplier_id', value)}
          data-testid="receipts-supplier"
        />
        <ReceivingWarehouseSelect
          label={t('goodsReceipts.fields.warehouse')}
          placeholder={t('goodsReceipts.filters.any')}
          warehouses={receiving}
          value={list.filters.warehouse_id ?? null}
          onChange={(value) => list.setFilter('warehouse_id', value)}
        />
        <DateRangeFields
          list={list}
          names={['date_from', 'date_to']}
          labels={[t('goodsReceipts.filters.dateFrom'), t('goodsReceipts.filters.dateTo')]}
          testId="receipts-date"
        />
      </FilterPanel>

      {receipts.isError && (
        <Box mb="md">
          <ListError error={receipts.error} onRetry={() => void receipts.refetch()} />
        </Box>
      )}

      {wide ? (
        <DataTable<TGoodsReceiptSummary>
          withTableBorder
          borderRadius="md"
          highlightOnHover
          minHeight={page && page.items.length > 0 ? undefined : 180}
          records={page?.items ?? []}
          fetching={receipts.isFetching && !page}
          noRecordsText={list.isFiltered ? t('goodsReceipts.emptyFiltered') : t('goodsReceipts.empty')}
          idAccessor="id"
          sortStatus={sortStatus}
          onSortStatusChange={(status) => {
            const accessor = String(status.columnAccessor);
            if (SORTABLE.has(accessor)) list.setSort(accessor, status.direction);
          }}
          onRowClick={({ record }) => void navigate(paths.goodsReceipt(record.id))}
          customRowAttributes={(record) => ({ 'data-testid': 'receipt-row', 'data-number': record.number })}
          columns={[
            {
              accessor: 'number',
              title: t('goodsReceipts.fields.number'),
              sortable: true,
              render: (record) => (
                <Stack gap={0}>
                  <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    <Ltr>{record.number}</Ltr>
                  </Text>
                  {record.reference && (
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      <bdi dir="auto">{record.reference}</bdi>
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              accessor: 'supplier',
              title: t('goodsReceipts.fields.supplier'),
              render: (record) => (
                <Stack gap={0}>
                  <AutoText size="sm">{record.supplier.name}</AutoText>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    <Ltr>{record.warehouse.code}</Ltr>
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'reference',
              title: t('goodsReceipts.fields.reference'),
              visibleMediaQuery: '(min-width: 36em)',
              render: (record) => (record.reference ? <bdi dir="auto">{record.reference}</bdi> : <Text c="dimmed" size="sm">—</Text>),
            },
            {
              accessor: 'warehouse',
              title: t('goodsReceipts.fields.warehouse'),
              visibleMediaQuery: '(min-width: 36em)',
              render: (record) => (
                <Stack gap={0}>
                  <Text size="sm">
                    <Ltr>{record.warehouse.code}</Ltr>
                  </Text>
                  <AutoText size="xs" c="dimmed">
                    {record.warehouse.name}
                  </AutoText>
                </Stack>
              ),
            },
            {
              accessor: 'received_on',
              title: t('goodsReceipts.fields.receivedOn'),
              sortable: true,
              render: (record) => (
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {day(record.received_on)}
                </Text>
              ),
            },
            { accessor: 'line_count', title: t('goodsReceipts.fields.lineCount'), textAlign: 'center', visibleMediaQuery: '(min-width: 48em)' },
            {
              accessor: 'total',
              title: t('goodsReceipts.fields.total'),
              textAlign: end,
              render: (record) => (
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {fmt.money(record.total)}
                </Text>
              ),
            },
            {
              accessor: 'created',
              title: t('goodsReceipts.fields.createdAt'),
              sortable: true,
              visibleMediaQuery: '(min-width: 62em)',
              render: (record) => (
                <Stack gap={0}>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {dates.dateTime(record.created_at)}
                  </Text>
                  {record.created_by && (
                    <AutoText size="xs" c="dimmed">
                      {record.created_by.name}
                    </AutoText>
                  )}
                </Stack>
              ),
            },
          ]}
        />
      ) : !page ? (
        !receipts.isError && <ListLoading />
      ) : page.items.length === 0 ? (
        <ListEmpty filtered={list.isFiltered} onReset={list.reset} icon={IconPackageImport} />
      ) : (
        <Stack gap="sm" data-testid="receipt-cards">
          {page.items.map((record) => (
            <ReceiptCard key={record.id} record={record} />
          ))}
        </Stack>
      )}

      {page && <UrlListPager list={list} page={page} loading={receipts.isFetching} />}
    </>
  );
}

export default GoodsReceiptsPage;
