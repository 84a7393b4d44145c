import 'mantine-datatable/styles.layer.css';
import { useState } from 'react';
import { Badge, Button, Drawer, Group, Select, Stack, Text, useDirection } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { openConfirmModal } from '../../../lib/confirm-modal';
import { IconBox, IconCategory, IconPlus } from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from '../../../components/data-table';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can, DEFAULT_PAGE_SIZE, STOCK_STATUSES, type TItem } from '@portal/shared';
import { ActiveFilter, ListToolbar, UrlListBody } from '../../../components/list-controls';
import { ListError, ListLoading } from '../../../components/list-states';
import { Ltr } from '../../../components/ltr';
import { AutoText } from '../../../components/auto-text';
import { PageHeader } from '../../../components/page-header';
import { RecordFormModal } from '../../../components/record-form-modal';
import { StockStatusBadge } from '../../../components/stock-status-badge';
import { useNumberFormat } from '../../../lib/decimal';
import { describeError } from '../../../lib/errors';
import { useCategoryOptions, useWarehouseOptions } from '../../../lib/inventory-lookups';
import { useItemLabels } from '../../../lib/item-units';
import { QuantityUnit } from '../../../components/quantity-unit';
import { CategoriesPanel } from '../components/categories-panel';
import { useListState } from '../../../lib/list-state';
import { useRealtimeSubscription } from '../../../lib/realtime';
import { useCurrentUser } from '../../../lib/use-session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCreateItem } from '../api/create-item';
import { useItem } from '../api/get-item';
import { useItems } from '../api/get-items';
import { useUpdateItem } from '../api/update-item';
import { ItemDetail } from '../components/item-detail';
import { ItemForm } from '../components/item-form';
import { MyVanStock } from '../components/my-van-stock';

const FILTERS = ['category', 'warehouse_id', 'status', 'active'] as const;
const noop = () => undefined;

/**
 * Items: search, filters, sort and keyset paging all in the URL; the item's detail opens in
 * a drawer at `?item_id=` (the link low-stock notifications carry). Managers create, edit,
 * deactivate and reactivate. A technician sees their van first, then every item read-only.
 */
export function InventoryPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canManage = can(user.role, 'manage:inventory_item:any');
  const isTechnician = user.role === 'technician';
  const fmt = useNumberFormat();
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  const { dir } = useDirection();
  // The table aligns by physical side: numbers go to the end of the reading direction.
  const end = dir === 'rtl' ? ('left' as const) : ('right' as const);
  useRealtimeSubscription('stock', noop);
  useRealtimeSubscription('transfers', noop);

  const list = useListState<(typeof FILTERS)[number]>({ filters: FILTERS, defaultSort: 'code', defaultOrder: 'asc', defaultLimit: DEFAULT_PAGE_SIZE });
  const items = useItems(list.query);
  const categories = useCategoryOptions();
  const labels = useItemLabels();
  const warehouses = useWarehouseOptions({ enabled: can(user.role, 'read:warehouse:any') });

  const [params, setParams] = useSearchParams();
  const detailId = params.get('item_id');
  const openDetail = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('item_id', id);
      else next.delete('item_id');
      return next;
    });
  const detail = useItem(detailId);
  // The categories (managers): a panel of the inventory page, at `?panel=categories`.
  const categoriesOpen = canManage && params.get('panel') === 'categories';
  const openCategories = (open: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (open) next.set('panel', 'categories');
      else next.delete('panel');
      return next;
    });

  const [editing, setEditing] = useState<TItem | 'new' | null>(null);
  const create = useCreateItem();
  const update = useUpdateItem();

  const toggleActive = (item: TItem) => {
    const deactivate = item.active;
    openConfirmModal({
      title: deactivate ? t('inventory.deactivateTitle') : t('inventory.reactivateTitle'),
      children: <Text size="sm">{deactivate ? t('inventory.deactivateBody', { name: item.name }) : t('inventory.reactivateBody', { name: item.name })}</Text>,
      labels: { confirm: deactivate ? t('inventory.deactivate') : t('inventory.reactivate'), cancel: t('common.cancel') },
      confirmProps: { color: deactivate ? 'red' : 'teal', 'data-testid': 'confirm-toggle-active' } as never,
      onConfirm: () =>
        update.mutate(
          { id: item.id, patch: { active: !deactivate } },
          {
            onSuccess: () => toastSuccess(deactivate ? 'inventory.deactivated' : 'inventory.reactivated'),
            onError: (error) => toastError('inventory.saveFailed', describeError(t, error)),
          },
        ),
    });
  };

  const sortStatus: DataTableSortStatus<TItem> = { columnAccessor: list.sort ?? 'code', direction: list.order };

  return (
    <>
      <PageHeader
        title={isTechnician ? t('nav.myInventory') : t('nav.inventory')}
        subtitle={isTechnician ? t('inventory.technicianSubtitle') : t('inventory.subtitle')}
        actions={
          canManage && (
            <Group gap="xs">
              <Button variant="default" leftSection={<IconCategory size={16} />} onClick={() => openCategories(true)} data-testid="categories-open">
                {t('inventory.categories.manage')}
              </Button>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="item-new">
                {t('inventory.new')}
              </Button>
            </Group>
          )
        }
      />
      {isTechnician && <MyVanStock onOpenItem={openDetail} />}
      {isTechnician && (
        <Text fw={600} mt="lg" mb="xs">
          {t('inventory.allItems')}
        </Text>
      )}
      <ListToolbar
        search={list.searchInput}
        onSearch={list.setSearchInput}
        searchPlaceholder={t('inventory.searchPlaceholder')}
        filtered={list.isFiltered}
        onReset={list.reset}
      >
        <Select
          aria-label={t('inventory.fields.category')}
          placeholder={t('inventory.fields.category')}
          clearable
          searchable
          w={{ base: '100%', xs: 170 }}
          data={categories.options}
          value={list.filters.category ?? null}
          onChange={(value) => list.setFilter('category', value)}
          data-testid="filter-category"
        />
        {warehouses.data && (
          <Select
            aria-label={t('inventory.fields.warehouse')}
            placeholder={t('inventory.fields.warehouse')}
            clearable
            searchable
            w={{ base: '100%', xs: 190 }}
            data={warehouses.data.items.map((w) => ({ value: w.id, label: `${w.code} · ${w.name}` }))}
            value={list.filters.warehouse_id ?? null}
            onChange={(value) => list.setFilter('warehouse_id', value)}
            data-testid="filter-warehouse"
          />
        )}
        <Select
          aria-label={t('inventory.statusAll')}
          placeholder={t('inventory.statusAll')}
          clearable
          w={{ base: '100%', xs: 240 }}
          data={STOCK_STATUSES.map((s) => ({ value: s, label: t(`stockStatus.${s}`) }))}
          value={list.filters.status ?? null}
          onChange={(value) => list.setFilter('status', value)}
          data-testid="filter-status"
        />
        <ActiveFilter list={list} label={t('inventory.fields.active')} activeLabel={t('inventory.activeOnly')} inactiveLabel={t('inventory.inactiveOnly')} width={140} testId="filter-active" />
      </ListToolbar>

      <UrlListBody query={items} list={list} icon={IconBox} emptyTitle={t('inventory.emptyTitle')} emptyBody={t('inventory.emptyBody')}>
        {(page) => (
          <DataTable<TItem>
            withTableBorder
            borderRadius="md"
            highlightOnHover
            striped
            minHeight={120}
            fetching={items.isFetching && items.isPlaceholderData}
            records={page?.items ?? []}
            idAccessor="id"
            sortStatus={sortStatus}
            onSortStatusChange={(s) => list.setSort(String(s.columnAccessor), s.direction)}
            onRowClick={({ record }) => openDetail(record.id)}
            rowStyle={() => ({ cursor: 'pointer' })}
            customRowAttributes={(record) => ({ 'data-testid': 'item-row', 'data-code': record.code })}
            columns={[
              // A code broken at its hyphens over lines reads scrambled in RTL: it stays whole.
              { accessor: 'code', title: t('inventory.fields.code'), sortable: true, noWrap: true, render: (r) => <Ltr>{r.code}</Ltr> },
              {
                accessor: 'name',
                title: t('inventory.fields.name'),
                sortable: true,
                render: (r) => (
                  <Stack gap={0}>
                    <AutoText size="sm" fw={500}>
                      {r.name}
                    </AutoText>
                    {!r.active && (
                      <Badge color="gray" variant="outline" size="xs" w="fit-content">
                        {t('inventory.inactive')}
                      </Badge>
                    )}
                  </Stack>
                ),
              },
              { accessor: 'category', title: t('inventory.fields.category'), sortable: true, visibleMediaQuery: '(min-width: 48em)', render: (r) => <AutoText size="sm">{labels.category(r)}</AutoText> },
              {
                accessor: 'quantity',
                // Filtered by a warehouse, the quantity is that warehouse's; the status stays the item's over all of them.
                title: list.filters.warehouse_id ? t('inventory.quantityHere') : t('inventory.fields.quantity'),
                sortable: true,
                textAlign: end,
                render: (r) => (
                  <span data-testid="item-row-quantity">
                    <QuantityUnit quantity={fmt.quantity(r.quantity)} unit={r.unit} />
                  </span>
                ),
              },
              { accessor: 'status', title: t('inventory.statusAll'), render: (r) => <StockStatusBadge status={r.status} /> },
              { accessor: 'price', title: t('inventory.fields.price'), sortable: true, textAlign: end, visibleMediaQuery: '(min-width: 62em)', render: (r) => fmt.money(r.price) },
              { accessor: 'total', title: t('inventory.fields.total'), textAlign: end, visibleMediaQuery: '(min-width: 48em)', render: (r) => fmt.money(r.total) },
            ]}
          />
        )}
      </UrlListBody>

      <Drawer
        opened={!!detailId}
        onClose={() => openDetail(null)}
        position={dir === 'rtl' ? 'left' : 'right'}
        size={phone ? '100%' : 'xl'}
        title={t('inventory.detailTitle')}
        data-testid="item-drawer"
      >
        {detail.isPending ? (
          <ListLoading rows={6} />
        ) : detail.isError ? (
          <ListError error={detail.error} onRetry={() => void detail.refetch()} />
        ) : (
          <ItemDetail item={detail.data} canManage={canManage} onEdit={() => setEditing(detail.data)} onToggleActive={() => toggleActive(detail.data)} />
        )}
      </Drawer>

      <Drawer
        opened={categoriesOpen}
        onClose={() => openCategories(false)}
        position={dir === 'rtl' ? 'left' : 'right'}
        size={phone ? '100%' : 'lg'}
        title={t('inventory.categories.title')}
        data-testid="categories-drawer"
      >
        {categoriesOpen && <CategoriesPanel />}
      </Drawer>

      <RecordFormModal editing={editing} onClose={() => setEditing(null)} title={editing === 'new' ? t('inventory.new') : t('inventory.edit')}>
        {(item) => (
          <ItemForm
            item={item}
            submitting={create.isPending || update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={async (values) => {
              if (!item) {
                const created = await create.mutateAsync(values);
                toastSuccess('inventory.created', undefined, { code: created.code });
                setEditing(null);
                openDetail(created.id);
              } else {
                await update.mutateAsync({ id: item.id, patch: values });
                toastSuccess('inventory.saved');
                setEditing(null);
              }
            }}
          />
        )}
      </RecordFormModal>
    </>
  );
}

export default InventoryPage;
