import 'mantine-datatable/styles.layer.css';
import { useEffect, useState } from 'react';
import { Badge, Button, Menu, Modal, Select, Stack, Text, useDirection, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { openConfirmModal } from '../../../lib/confirm-modal';
import { IconEdit, IconKey, IconPlus, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableSortStatus } from '../../../components/data-table';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, ROLES, type Role, type TAdminUser } from '@portal/shared';
import { AccountActiveMenuItem, useAccountActiveToggle } from '../../../components/active-toggle';
import { ActiveFilter, ListToolbar, UrlListBody } from '../../../components/list-controls';
import { Ltr } from '../../../components/ltr';
import { PageHeader } from '../../../components/page-header';
import { RecordFormModal } from '../../../components/record-form-modal';
import { RowActionsMenu } from '../../../components/row-actions-menu';
import { apiFetch } from '../../../lib/api-client';
import { useDateFormat } from '../../../lib/date-format';
import { describeError } from '../../../lib/errors';
import { useListState } from '../../../lib/list-state';
import { useCurrentUser } from '../../../lib/use-session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { userKeys } from '../api/keys';
import { useUsers } from '../api/get-users';
import { useResetUserPassword } from '../api/reset-user-password';
import { useCreateUser, useUpdateUser } from '../api/save-user';
import { ResetPasswordForm } from '../components/reset-password-form';
import { UserForm } from '../components/user-form';

const FILTERS = ['role', 'active'] as const;
const ROLE_COLORS: Record<Role, string> = { admin: 'grape', whs_supervisor: 'orange', technician: 'cyan', customer: 'gray' };

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <Badge color={ROLE_COLORS[role]} variant="light" style={{ flex: 'none' }} styles={{ label: { overflow: 'visible' } }}>
      {t(`roles.${role}`)}
    </Badge>
  );
}

/** A user named by `?open=<id>` (the audit log links here): opened for editing. */
function useLinkedUser(id: string | null) {
  return useQuery({
    queryKey: [...userKeys.all, 'one', id],
    queryFn: ({ signal }) => apiFetch<TAdminUser>(`/api/admin/users/${encodeURIComponent(id!)}`, { signal }),
    enabled: !!id,
  });
}

/** Every account: search, role and active filters, sort and pages in the URL; create, edit, (de)activate, reset password. */
export function UsersPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const format = useDateFormat();
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  const { dir } = useDirection();
  const end = dir === 'rtl' ? ('left' as const) : ('right' as const);
  const list = useListState<(typeof FILTERS)[number]>({ filters: FILTERS, defaultSort: 'name', defaultLimit: DEFAULT_PAGE_SIZE });
  const users = useUsers(list.query);
  const create = useCreateUser();
  const update = useUpdateUser();
  const reset = useResetUserPassword();
  const [editing, setEditing] = useState<TAdminUser | 'new' | null>(null);
  const [resetting, setResetting] = useState<TAdminUser | null>(null);
  const [params, setParams] = useSearchParams();
  const linked = useLinkedUser(params.get('open'));
  const sortStatus: DataTableSortStatus<TAdminUser> = { columnAccessor: list.sort ?? 'name', direction: list.order };

  useEffect(() => {
    if (!linked.data) return;
    setEditing(linked.data);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('open');
        return next;
      },
      { replace: true },
    );
  }, [linked.data, setParams]);

  const { toggle, refusalModal } = useAccountActiveToggle('users', update.mutate, 'confirm-toggle-user');

  const confirmReset = (u: TAdminUser, password: string) =>
    openConfirmModal({
      title: t('users.resetPasswordConfirmTitle'),
      children: <Text size="sm">{t('users.resetPasswordConfirmBody', { name: u.name })}</Text>,
      labels: { confirm: t('users.resetPassword'), cancel: t('common.cancel') },
      confirmProps: { color: 'orange', 'data-testid': 'confirm-reset-password' } as never,
      onConfirm: () =>
        reset.mutate(
          { id: u.id, password },
          {
            onSuccess: () => {
              setResetting(null);
              toastSuccess('toast.userPasswordReset');
            },
            onError: (error) => toastError('toast.resetUserPasswordFailed', describeError(t, error)),
          },
        ),
    });

  return (
    <>
      <PageHeader
        title={t('nav.users')}
        subtitle={t('users.subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="user-new">
            {t('users.new')}
          </Button>
        }
      />
      <ListToolbar search={list.searchInput} onSearch={list.setSearchInput} searchPlaceholder={t('users.searchPlaceholder')} filtered={list.isFiltered} onReset={list.reset}>
        <Select
          aria-label={t('users.fields.role')}
          placeholder={t('users.allRoles')}
          clearable
          w={{ base: '100%', xs: 190 }}
          data={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          value={list.filters.role ?? null}
          onChange={(v) => list.setFilter('role', v)}
          data-testid="users-role-filter"
        />
        <ActiveFilter list={list} label={t('users.fields.status')} placeholder={t('users.anyStatus')} activeLabel={t('users.active')} inactiveLabel={t('users.inactive')} width={150} testId="users-active-filter" />
      </ListToolbar>
      <UrlListBody query={users} list={list} icon={IconUsers}>
        {(page) => (
          <DataTable<TAdminUser>
            withTableBorder
            borderRadius="md"
            striped
            highlightOnHover
            minHeight={120}
            records={page?.items ?? []}
            sortStatus={sortStatus}
            onSortStatusChange={(s) => list.setSort(String(s.columnAccessor), s.direction)}
            customRowAttributes={(u) => ({ 'data-testid': 'user-row', 'data-email': u.email })}
            columns={[
              {
                accessor: 'name',
                title: t('users.fields.name'),
                sortable: true,
                render: (u) => (
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500}>
                      <span dir="auto">{u.name}</span>
                      {u.id === me.id && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          ({t('users.you')})
                        </Text>
                      )}
                    </Text>
                    <Text size="xs" c="dimmed" hiddenFrom="md" style={{ overflowWrap: 'anywhere' }}>
                      <Ltr>{u.email}</Ltr>
                    </Text>
                    {!u.active && (
                      <Badge size="xs" color="red" variant="outline" w="fit-content" data-testid="user-inactive">
                        {t('users.inactive')}
                      </Badge>
                    )}
                  </Stack>
                ),
              },
              { accessor: 'email', title: t('users.fields.email'), sortable: true, visibleMediaQuery: '(min-width: 62em)', render: (u) => <Ltr>{u.email}</Ltr> },
              { accessor: 'role', title: t('users.fields.role'), sortable: true, render: (u) => <RoleBadge role={u.role} /> },
              {
                accessor: 'mobile',
                title: t('users.fields.mobile'),
                visibleMediaQuery: '(min-width: 75em)',
                render: (u) => (u.mobile ? <Ltr>{u.mobile}</Ltr> : <Text c="dimmed">—</Text>),
              },
              {
                accessor: 'last_sign_in_at',
                title: t('users.fields.lastSignIn'),
                sortable: true,
                visibleMediaQuery: '(min-width: 48em)',
                render: (u) => (
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }} c={u.last_sign_in_at ? undefined : 'dimmed'}>
                    {u.last_sign_in_at ? format.dateTime(u.last_sign_in_at) : t('users.never')}
                  </Text>
                ),
              },
              {
                accessor: 'created_at',
                title: t('users.fields.createdAt'),
                sortable: true,
                visibleMediaQuery: '(min-width: 88em)',
                render: (u) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{format.date(u.created_at)}</Text>,
              },
              {
                accessor: 'actions',
                title: <VisuallyHidden>{t('users.actions')}</VisuallyHidden>,
                textAlign: end,
                width: 56,
                render: (u) => (
                  <RowActionsMenu label={t('users.actionsFor', { name: u.name })} testId="user-actions">
                    <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => setEditing(u)} data-testid="user-edit">
                      {t('users.edit')}
                    </Menu.Item>
                    <Menu.Item leftSection={<IconKey size={16} />} onClick={() => setResetting(u)} data-testid="user-reset-password">
                      {t('users.resetPassword')}
                    </Menu.Item>
                    <Menu.Divider />
                    <AccountActiveMenuItem active={u.active} onClick={() => toggle(u)} testId="user-toggle-active">
                      {u.active ? t('users.deactivate') : t('users.reactivate')}
                    </AccountActiveMenuItem>
                  </RowActionsMenu>
                ),
              },
            ]}
          />
        )}
      </UrlListBody>
      <RecordFormModal editing={editing} onClose={() => setEditing(null)} title={editing === 'new' ? t('users.new') : t('users.editTitle')}>
        {(user) => (
          <UserForm
            user={user}
            submitting={create.isPending || update.isPending}
            onCancel={() => setEditing(null)}
            onCreate={async (body) => {
              const created = await create.mutateAsync(body);
              toastSuccess('users.created', 'users.createdBody', { name: created.name, email: created.email });
              setEditing(null);
            }}
            onUpdate={async (body) => {
              if (!user) return;
              await update.mutateAsync({ id: user.id, body });
              toastSuccess('users.saved');
              setEditing(null);
            }}
          />
        )}
      </RecordFormModal>
      <Modal opened={resetting !== null} onClose={() => setResetting(null)} title={t('users.resetPassword')} fullScreen={!!phone}>
        {resetting && <ResetPasswordForm user={resetting} onCancel={() => setResetting(null)} onSubmit={(password) => confirmReset(resetting, password)} />}
      </Modal>
      {refusalModal}
    </>
  );
}

export default UsersPage;
