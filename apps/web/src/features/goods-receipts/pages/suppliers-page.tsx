import 'mantine-datatable/styles.layer.css';
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Menu, Stack, Text, useDirection } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore, IconEdit, IconPlayerPause, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can, type TSupplier } from '@portal/shared';
import { useActiveToggle } from '../../../components/active-toggle';
import { AutoText } from '../../../components/auto-text';
import { DataTable, type DataTableSortStatus } from '../../../components/data-table';
import { ActiveFilter, ListToolbar, UrlListBody } from '../../../components/list-controls';
import { Ltr } from '../../../components/ltr';
import { PageHeader } from '../../../components/page-header';
import { RecordFormModal } from '../../../components/record-form-modal';
import { RowActionsMenu } from '../../../components/row-actions-menu';
import { useNumberFormat } from '../../../lib/decimal';
import { useListState } from '../../../lib/list-state';
import { useCurrentUser } from '../../../lib/use-session';
import { toastSuccess } from '../../../lib/toast';
import { useGoodsReceiptsLive } from '../api/keys';
import { useSaveSupplier, useSuppliers } from '../api/suppliers';
import { SupplierForm } from '../components/supplier-form';
import { paths } from '../../../lib/paths';

const FILTERS = ['active'] as const;

/** The suppliers list: supervisors and admins add, edit and deactivate suppliers. */
export function SuppliersPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canManage = can(user.role, 'manage:supplier:any');
  const fmt = useNumberFormat();
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  const { dir } = useDirection();
  const end = dir === 'rtl' ? ('left' as const) : ('right' as const);
  useGoodsReceiptsLive();
  const list = useListState<(typeof FILTERS)[number]>({ filters: FILTERS, defaultSort: 'name' });
  const suppliers = useSuppliers(list.query);
  const save = useSaveSupplier();
  const [editing, setEditing] = useState<TSupplier | 'new' | null>(null);
  const sortStatus: DataTableSortStatus<TSupplier> = { columnAccessor: list.sort ?? 'name', direction: list.order };

  const toggle = useActiveToggle('suppliers', save.mutate);

  return (
    <>
      <PageHeader
        title={t('suppliers.title')}
        subtitle={t('suppliers.subtitle')}
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="supplier-new">
              {t('suppliers.new')}
            </Button>
          )
        }
      />
      <ListToolbar search={list.searchInput} onSearch={list.setSearchInput} searchPlaceholder={t('suppliers.searchPlaceholder')} filtered={list.isFiltered} onReset={list.reset}>
        <ActiveFilter list={list} label={t('suppliers.fields.status')} activeLabel={t('suppliers.activeOnly')} inactiveLabel={t('suppliers.inactiveOnly')} width={160} />
      </ListToolbar>
      <UrlListBody query={suppliers} list={list} icon={IconBuildingStore}>
        {(page) => (
          <DataTable<TSupplier>
            withTableBorder
            borderRadius="md"
            striped
            minHeight={120}
            records={page?.items ?? []}
            sortStatus={sortStatus}
            onSortStatusChange={(s) => list.setSort(String(s.columnAccessor), s.direction)}
            customRowAttributes={(r) => ({ 'data-testid': 'supplier-row', 'data-name': r.name })}
            columns={[
              {
                accessor: 'name',
                title: t('suppliers.fields.name'),
                sortable: true,
                render: (r) => (
                  <Stack gap={2}>
                    <AutoText size="sm" fw={500}>
                      {r.name}
                    </AutoText>
                    {r.phone && (
                      <Text size="xs" c="dimmed" hiddenFrom="sm">
                        <Ltr>{r.phone}</Ltr>
                      </Text>
                    )}
                    {!r.active && (
                      <Badge size="xs" color="gray" variant="outline" w="fit-content">
                        {t('suppliers.inactive')}
                      </Badge>
                    )}
                  </Stack>
                ),
              },
              {
                accessor: 'phone',
                title: t('suppliers.fields.phone'),
                visibleMediaQuery: '(min-width: 36em)',
                render: (r) => (r.phone ? <Ltr>{r.phone}</Ltr> : <Text c="dimmed" size="sm">—</Text>),
              },
              {
                accessor: 'vat_number',
                title: t('suppliers.fields.vatNumber'),
                visibleMediaQuery: '(min-width: 48em)',
                render: (r) => (r.vat_number ? <Ltr>{r.vat_number}</Ltr> : <Text c="dimmed" size="sm">—</Text>),
              },
              {
                accessor: 'receipt_count',
                title: t('suppliers.fields.receipts'),
                textAlign: 'center',
                render: (r) =>
                  r.receipt_count > 0 ? (
                    <Anchor component={Link} to={`${paths.goodsReceipts}?supplier_id=${r.id}`} size="sm">
                      {fmt.count(r.receipt_count)}
                    </Anchor>
                  ) : (
                    fmt.count(0)
                  ),
              },
              {
                accessor: 'actions',
                title: '',
                textAlign: end,
                hidden: !canManage,
                render: (r) =>
                  phone ? (
                    <RowActionsMenu label={t('suppliers.actions', { name: r.name })} testId="supplier-menu">
                      <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => setEditing(r)}>
                        {t('suppliers.edit')}
                      </Menu.Item>
                      <Menu.Item color={r.active ? 'red' : 'teal'} leftSection={r.active ? <IconPlayerPause size={14} /> : <IconPlayerPlay size={14} />} onClick={() => toggle(r)}>
                        {r.active ? t('suppliers.deactivate') : t('suppliers.reactivate')}
                      </Menu.Item>
                    </RowActionsMenu>
                  ) : (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button size="compact-xs" variant="subtle" leftSection={<IconEdit size={12} />} onClick={() => setEditing(r)} data-testid="supplier-edit">
                        {t('suppliers.edit')}
                      </Button>
                      <Button size="compact-xs" variant="subtle" color={r.active ? 'red' : 'teal'} onClick={() => toggle(r)}>
                        {r.active ? t('suppliers.deactivate') : t('suppliers.reactivate')}
                      </Button>
                    </Group>
                  ),
              },
            ]}
          />
        )}
      </UrlListBody>
      <RecordFormModal editing={editing} onClose={() => setEditing(null)} title={editing === 'new' ? t('suppliers.new') : t('suppliers.edit')}>
        {(supplier) => (
          <SupplierForm
            supplier={supplier}
            submitting={save.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              await save.mutateAsync({ id: supplier?.id, body });
              toastSuccess('suppliers.saved');
              setEditing(null);
            }}
          />
        )}
      </RecordFormModal>
    </>
  );
}

export default SuppliersPage;
