import 'mantine-datatable/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import { useState } from 'react';
import { Button, Modal, Select, Stack, Text, useDirection } from '@mantine/core';
import { DatePickerInput } from '../../../components/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconPlus } from '@tabler/icons-react';
import { DataTable } from '../../../components/data-table';
import { useTranslation } from 'react-i18next';
import { ADJUSTMENT_REASONS, can, DEFAULT_PAGE_SIZE, type TAdjustment } from '@portal/shared';
import { ItemPicker } from '../../../components/item-picker';
import { ListToolbar, UrlListBody } from '../../../components/list-controls';
import { Ltr } from '../../../components/ltr';
import { AutoText } from '../../../components/auto-text';
import { PageHeader } from '../../../components/page-header';
import { useNumberFormat } from '../../../lib/decimal';
import { useWarehouseOptions } from '../../../lib/inventory-lookups';
import { useListState } from '../../../lib/list-state';
import { useRealtimeSubscription } from '../../../lib/realtime';
import { useCurrentUser } from '../../../lib/use-session';
import { toastSuccess } from '../../../lib/toast';
import { useCreateAdjustment } from '../api/create-adjustment';
import { useAdjustments } from '../api/get-adjustments';
import { AdjustmentForm } from '../components/adjustment-form';
import { useDateFormat } from '../../../lib/date-format';

const FILTERS = ['warehouse_id', 'item_id', 'reason', 'from', 'to'] as const;
const noop = () => undefined;

/** `YYYY-MM-DD` of a picked date (the API takes a date as its whole day). */
function isoDay(value: string | Date | null): string | null {
  if (!value) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  return `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
}

/** Adjustments: the list (filters in the URL) and a new adjustment. Never edited or deleted. */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canCreate = can(user.role, 'create:adjustment:any');
  const fmt = useNumberFormat();
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  const { dir } = useDirection();
  const end = dir === 'rtl' ? ('left' as const) : ('right' as const);
  useRealtimeSubscription('stock', noop);

  const list = useListState<(typeof FILTERS)[number]>({ filters: FILTERS, defaultOrder: 'desc', defaultLimit: DEFAULT_PAGE_SIZE });
  const adjustments = useAdjustments(list.query);
  const warehouses = useWarehouseOptions();
  const [creating, setCreating] = useState(false);
  const create = useCreateAdjustment();
  // In the company's time zone, like every other time on screen.
  const { dateTime } = useDateFormat();

  return (
    <>
      <PageHeader
        title={t('nav.adjustments')}
        subtitle={t('adjustments.subtitle')}
        actions={
          canCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="adjustment-new">
              {t('adjustments.new')}
            </Button>
          )
        }
      />
      <ListToolbar search={list.searchInput} onSearch={list.setSearchInput} searchPlaceholder={t('adjustments.searchPlaceholder')} filtered={list.isFiltered} onReset={list.reset}>
        <Select
          aria-label={t('adjustments.fields.warehouse')}
          placeholder={t('adjustments.fields.warehouse')}
          clearable
          searchable
          w={{ base: '100%', xs: 190 }}
          data={(warehouses.data?.items ?? []).map((w) => ({ value: w.id, label: `${w.code} · ${w.name}` }))}
          value={list.filters.warehouse_id ?? null}
          onChange={(value) => list.setFilter('warehouse_id', value)}
        />
        <ItemPicker
          aria-label={t('adjustments.fields.item')}
          w={{ base: '100%', xs: 220 }}
          activeOnly={false}
          value={list.filters.item_id ?? null}
          onChange={(id) => list.setFilter('item_id', id)}
        />
        <Select
          aria-label={t('adjustments.fields.reason')}
          placeholder={t('adjustments.fields.reason')}
          clearable
          w={{ base: '100%', xs: 170 }}
          data={ADJUSTMENT_REASONS.map((r) => ({ value: r, label: t(`adjustmentReason.${r}`) }))}
          value={list.filters.reason ?? null}
          onChange={(value) => list.setFilter('reason', value)}
        />
        <DatePickerInput
          type="range"
          aria-label={t('adjustments.dateRange')}
          placeholder={t('adjustments.dateRange')}
          clearable
          w={{ base: '100%', xs: 240 }}
          value={[list.filters.from ?? null, list.filters.to ?? null]}
          onChange={([from, to]) => {
            if ((from && to) || (!from && !to)) list.setFilters({ from: isoDay(from), to: isoDay(to) });
          }}
        />
      </ListToolbar>
      <UrlListBody query={adjustments} list={list} icon={IconAdjustmentsHorizontal} emptyTitle={t('adjustments.emptyTitle')} emptyBody={t('adjustments.emptyBody')}>
        {(page) => (
          <DataTable<TAdjustment>
            withTableBorder
            borderRadius="md"
            striped
            minHeight={120}
            fetching={adjustments.isFetching && adjustments.isPlaceholderData}
            records={page?.items ?? []}
            customRowAttributes={(r) => ({ 'data-testid': 'adjustment-row', 'data-number': r.number })}
            columns={[
              { accessor: 'number', title: t('adjustments.fields.number'), cellsStyle: () => ({ whiteSpace: 'nowrap' }), render: (r) => <Ltr>{r.number}</Ltr> },
              { accessor: 'created_at', title: t('adjustments.fields.date'), visibleMediaQuery: '(min-width: 48em)', render: (r) => dateTime(r.created_at) },
              {
                accessor: 'item_name',
                title: t('adjustments.fields.item'),
                render: (r) => (
                  <Stack gap={0}>
                    <AutoText size="sm">{r.item_name}</AutoText>
                    {/* Each code stays whole on a narrow phone: a code broken over two lines reads scrambled in RTL. */}
                    <Text size="xs" c="dimmed">
                      <span style={{ whiteSpace: 'nowrap' }}>
                        <Ltr>{r.item_code}</Ltr>
                      </span>{' '}
                      · <span style={{ whiteSpace: 'nowrap' }}>
                        <Ltr>{r.warehouse_code}</Ltr>
                      </span>
                    </Text>
                  </Stack>
                ),
              },
              {
                accessor: 'quantity_change',
                title: t('adjustments.fields.change'),
                textAlign: end,
                render: (r) => (
                  <Text span fw={600} c={r.quantity_change.startsWith('-') ? 'red' : 'teal'}>
                    <Ltr>{r.quantity_change.startsWith('-') ? fmt.quantity(r.quantity_change) : `+${fmt.quantity(r.quantity_change)}`}</Ltr>
                  </Text>
                ),
              },
              {
                accessor: 'quantity_after',
                title: t('adjustments.fields.beforeAfter'),
                textAlign: end,
                visibleMediaQuery: '(min-width: 36em)',
                render: (r) => <Ltr>{`${fmt.quantity(r.quantity_before)} → ${fmt.quantity(r.quantity_after)}`}</Ltr>,
              },
              { accessor: 'reason', title: t('adjustments.fields.reason'), render: (r) => t(`adjustmentReason.${r.reason}`) },
              {
                accessor: 'notes',
                title: t('adjustments.fields.notes'),
                visibleMediaQuery: '(min-width: 62em)',
                render: (r) => (
                  <Stack gap={0}>
                    <AutoText size="sm" lineClamp={2}>
                      {r.notes ?? '—'}
                    </AutoText>
                    {r.created_by_name && (
                      <AutoText size="xs" c="dimmed">
                        {r.created_by_name}
                      </AutoText>
                    )}
                  </Stack>
                ),
              },
            ]}
          />
        )}
      </UrlListBody>
      <Modal opened={creating} onClose={() => setCreating(false)} title={t('adjustments.new')} size="lg" fullScreen={!!phone}>
        {creating && (
          <AdjustmentForm
            submitting={create.isPending}
            onCancel={() => setCreating(false)}
            onSubmit={async (request) => {
              const created = await create.mutateAsync(request);
              toastSuccess('adjustments.created', undefined, { number: created.number });
              setCreating(false);
            }}
          />
        )}
      </Modal>
    </>
  );
}

export default AdjustmentsPage;
