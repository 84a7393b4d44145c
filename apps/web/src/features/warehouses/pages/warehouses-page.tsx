import 'mantine-datatable/styles.layer.css';
import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Tooltip, useDirection } from '@mantine/core';
import { IconBuildingWarehouse, IconEdit, IconPlus } from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from '../../../components/data-table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can, DEFAULT_PAGE_SIZE, WAREHOUSE_KINDS, type TWarehouseWithStock } from '@portal/shared';
import { useActiveToggle } from '../../../components/active-toggle';
import { ActiveFilter, ListToolbar, UrlListBody } from '../../../components/list-controls';
import { Ltr } from '../../../components/ltr';
import { AutoText } from '../../../components/auto-text';
import { PageHeader } from '../../../components/page-header';
import { RecordFormModal } from '../../../components/record-form-modal';
import { useNumberFormat } from '../../../lib/decimal';
import { useListState } from '../../../lib/list-state';
import { useRealtimeSubscription } from '../../../lib/realtime';
import { useCurrentUser } from '../../../lib/use-session';
import { toastSuccess } from '../../../lib/toast';
import { useWarehouses } from '../api/get-warehouses';
import { useSaveWarehouse } from '../api/save-warehouse';
import { WarehouseForm } from '../components/warehouse-form';
import { paths } from '../../../lib/paths';

const FILTERS = ['kind', 'active'] as const;
const noop = () => undefined;

/** Warehouses with their stock value; admins create, edit and deactivate, supervisors read. */
export function WarehousesPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canManage = can(user.role, 'manage:warehouse:any');
  const fmt = useNumberFormat();
  const { dir } = useDirection();
  const end = dir === 'rtl' ? ('left' as const) : ('right' as const);
  useRealtimeSubscription('stock', noop);
  const list = useListState<(typeof FILTERS)[number]>({ filters: FILTERS, defaultSort: 'code', defaultLimit: DEFAULT_PAGE_SIZE });
  const warehouses = useWarehouses(list.query);
  const save = useSaveWarehouse();
  const [editing, setEditing] = useState<TWarehouseWithStock | 'new' | null>(null);
  const sortStatus: DataTableSortStatus<TWarehouseWithStock> = { columnAccessor: list.sort ?? 'code', direction: list.order };

  const toggle = useActiveToggle('warehouses', save.mutate);

  return (
    <>
      <PageHeader
        title={t('nav.warehouses')}
        subtitle={canManage ? t('warehouses.subtitle') : t('warehouses.subtitleReadOnly')}
        actions={canManage && <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>{t('warehouses.new')}</Button>}
      />
      <ListToolbar search={list.searchInput} onSearch={list.setSearchInput} searchPlaceholder={t('warehouses.searchPlaceholder')} filtered={list.isFiltered} onReset={list.reset}>
        <Select aria-label={t('warehouses.fields.kind')} placeholder={t('warehouses.fields.kind')} clearable w={{ base: '100%', xs: 150 }} data={WAREHOUSE_KINDS.map((k) => ({ value: k, label: t(`warehouseKind.${k}`) }))} value={list.filters.kind ?? null} onChange={(v) => list.setFilter('kind', v)} />
        <ActiveFilter list={list} label={t('inventory.fields.active')} activeLabel={t('inventory.activeOnly')} inactiveLabel={t('inventory.inactiveOnly')} width={140} />
      </ListToolbar>
      <UrlListBody query={warehouses} list={list} icon={IconBuildingWarehouse}>
        {(page) => (
          <DataTable<TWarehouseWithStock>
            withTableBorder
            borderRadius="md"
            striped
            minHeight={120}
            records={page?.items ?? []}
            sortStatus={sortStatus}
            onSortStatusChange={(s) => list.setSort(String(s.columnAccessor), s.direction)}
            customRowAttributes={(r) => ({ 'data-testid': 'warehouse-row', 'data-code': r.code })}
            columns={[
              { accessor: 'code', title: t('warehouses.fields.code'), sortable: true, noWrap: true, render: (r) => <Ltr>{r.code}</Ltr> },
              {
                accessor: 'name',
                title: t('warehouses.fields.name'),
                sortable: true,
                render: (r) => (
                  <Stack gap={0}>
                    <AutoText size="sm">{r.name}</AutoText>
                    {r.technician_name && <AutoText size="xs" c="dimmed">{r.technician_name}</AutoText>}
                    {!r.active && <Badge size="xs" color="gray" variant="outline" w="fit-content">{t('inventory.inactive')}</Badge>}
                  </Stack>
                ),
              },
              { accessor: 'kind', title: t('warehouses.fields.kind'), sortable: true, render: (r) => t(`warehouseKind.${r.kind}`) },
              { accessor: 'stock_value', title: t('warehouses.fields.value'), textAlign: end, render: (r) => fmt.money(r.stock_value) },
              {
                accessor: 'low_stock_count',
                title: t('warehouses.fields.lowOut'),
                textAlign: end,
                visibleMediaQuery: '(min-width: 36em)',
                render: (r) => (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {/* Items stocked here whose quantity over ALL warehouses is low / out: exactly the list each links to. */}
                    <Tooltip label={t('warehouses.fields.lowOutHint')} multiline w={240} withArrow>
                      <Badge color="orange" variant="light" component={Link} to={`${paths.inventory}?warehouse_id=${r.id}&status=low_stock&active=true`} style={{ cursor: 'pointer' }} aria-label={`${t('stockStatus.low_stock')}: ${r.low_stock_count}`}>{fmt.count(r.low_stock_count)}</Badge>
                    </Tooltip>
                    <Tooltip label={t('warehouses.fields.lowOutHint')} multiline w={240} withArrow>
                      <Badge color="red" variant="light" component={Link} to={`${paths.inventory}?warehouse_id=${r.id}&status=out_of_stock&active=true`} style={{ cursor: 'pointer' }} aria-label={`${t('stockStatus.out_of_stock')}: ${r.out_of_stock_count}`}>{fmt.count(r.out_of_stock_count)}</Badge>
                    </Tooltip>
                  </Group>
                ),
              },
              {
                accessor: 'actions',
                title: '',
                textAlign: end,
                render: (r) => (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button size="compact-xs" variant="subtle" component={Link} to={`${paths.inventory}?warehouse_id=${r.id}`}>{t('warehouses.stock')}</Button>
                    {canManage && <Button size="compact-xs" variant="subtle" leftSection={<IconEdit size={12} />} onClick={() => setEditing(r)}>{t('inventory.edit')}</Button>}
                    {canManage && <Button size="compact-xs" variant="subtle" color={r.active ? 'red' : 'teal'} onClick={() => toggle(r)}>{r.active ? t('warehouses.deactivate') : t('warehouses.reactivate')}</Button>}
                  </Group>
                ),
              },
            ]}
          />
        )}
      </UrlListBody>
      <RecordFormModal editing={editing} onClose={() => setEditing(null)} title={editing === 'new' ? t('warehouses.new') : t('warehouses.edit')}>
        {(warehouse) => (
          <WarehouseForm
            warehouse={warehouse}
            submitting={save.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              await save.mutateAsync({ id: warehouse?.id, body });
              toastSuccess('warehouses.saved');
              setEditing(null);
            }}
          />
        )}
      </RecordFormModal>
    </>
  );
}

export default WarehousesPage;
