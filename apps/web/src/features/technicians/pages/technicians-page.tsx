import 'mantine-datatable/styles.layer.css';
import { useState } from 'react';
import { Badge, Button, Group, Menu, Select, Stack, Text, Tooltip, useDirection, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconPlus, IconStarFilled, IconUserCog } from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from '../../../components/data-table';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type TTechnician, type TWeeklyHours } from '@portal/shared';
import { AccountActiveMenuItem, useAccountActiveToggle } from '../../../components/active-toggle';
import { ActiveFilter, ListToolbar, UrlListBody } from '../../../components/list-controls';
import { Ltr } from '../../../components/ltr';
import { PageHeader } from '../../../components/page-header';
import { RecordFormModal } from '../../../components/record-form-modal';
import { RowActionsMenu } from '../../../components/row-actions-menu';
import { useNumberFormat } from '../../../lib/decimal';
import { useListState } from '../../../lib/list-state';
import { toastSuccess } from '../../../lib/toast';
import { useSkillOptions } from '../api/get-skill-options';
import { useTechnicians } from '../api/get-technicians';
import { useCreateTechnician, usePatchTechnician } from '../api/save-technician';
import { TechnicianForm } from '../components/technician-form';
import { summarise, weekdayNames } from '../../../lib/weekly-hours';

const FILTERS = ['skill', 'active'] as const;

/** "Sun–Thu 08:00–17:00 · Sat 10:00–14:00", in the reader's language; times left to right. */
function HoursSummary({ hours }: { hours: TWeeklyHours }) {
  const { t, i18n } = useTranslation();
  const names = weekdayNames(i18n.resolvedLanguage ?? 'en', 'short');
  const segments = summarise(hours);
  if (segments.length === 0) return <Text size="sm" c="dimmed">{t('technicians.hours.none')}</Text>;
  return (
    <Stack gap={0}>
      {segments.map((s) => (
        <Text key={s.from} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {s.from === s.to ? names[s.from] : `${names[s.from]}–${names[s.to]}`}{' '}
          <Ltr>
            {s.start}–{s.end}
          </Ltr>
        </Text>
      ))}
    </Stack>
  );
}

function Rating({ technician }: { technician: TTechnician }) {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  if (!technician.average_rating) return <Text size="sm" c="dimmed">—</Text>;
  return (
    <Tooltip label={t('technicians.ratingCount', { count: technician.rating_count })}>
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-hidden />
        <Text size="sm" fw={500}>
          <Ltr>{technician.average_rating}</Ltr>
        </Text>
        <Text size="xs" c="dimmed">
          ({fmt.count(technician.rating_count)})
        </Text>
      </Group>
    </Tooltip>
  );
}

/** Technicians: skills by name, van, hours, today's load, rating; create in one step, edit, (de)activate. */
export function TechniciansPage() {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const { dir } = useDirection();
  const end = dir === 'rtl' ? ('left' as const) : ('right' as const);
  const list = useListState<(typeof FILTERS)[number]>({ filters: FILTERS, defaultSort: 'name', defaultLimit: DEFAULT_PAGE_SIZE });
  const technicians = useTechnicians(list.query);
  const skills = useSkillOptions();
  const create = useCreateTechnician();
  const patch = usePatchTechnician();
  const [editing, setEditing] = useState<TTechnician | 'new' | null>(null);
  const sortStatus: DataTableSortStatus<TTechnician> = { columnAccessor: list.sort ?? 'name', direction: list.order };

  const { toggle, refusalModal } = useAccountActiveToggle('technicians', patch.mutate, 'confirm-toggle-technician');

  const sortable = (accessor: string) => ['name', 'email', 'today_load', 'open_jobs', 'rating', 'created_at'].includes(accessor);

  return (
    <>
      <PageHeader
        title={t('nav.technicians')}
        subtitle={t('technicians.subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="technician-new">
            {t('technicians.new')}
          </Button>
        }
      />
      <ListToolbar search={list.searchInput} onSearch={list.setSearchInput} searchPlaceholder={t('technicians.searchPlaceholder')} filtered={list.isFiltered} onReset={list.reset}>
        <Select
          aria-label={t('technicians.fields.skills')}
          placeholder={t('technicians.anySkill')}
          clearable
          w={{ base: '100%', xs: 220 }}
          data={skills.data}
          value={list.filters.skill ?? null}
          onChange={(v) => list.setFilter('skill', v)}
          data-testid="technicians-skill-filter"
        />
        <ActiveFilter list={list} label={t('technicians.fields.status')} placeholder={t('technicians.anyStatus')} activeLabel={t('technicians.active')} inactiveLabel={t('technicians.inactive')} width={150} />
      </ListToolbar>
      <UrlListBody query={technicians} list={list} icon={IconUserCog}>
        {(page) => (
          <DataTable<TTechnician>
            withTableBorder
            borderRadius="md"
            striped
            highlightOnHover
            minHeight={120}
            records={page?.items ?? []}
            sortStatus={sortStatus}
            onSortStatusChange={(s) => sortable(String(s.columnAccessor)) && list.setSort(String(s.columnAccessor), s.direction)}
            customRowAttributes={(r) => ({ 'data-testid': 'technician-row', 'data-email': r.email })}
            columns={[
              {
                accessor: 'name',
                title: t('technicians.fields.name'),
                sortable: true,
                render: (r) => (
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500}>
                      <span dir="auto">{r.name}</span>
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      <Ltr>{r.email}</Ltr>
                    </Text>
                    <Group gap={4} hiddenFrom="md">
                      {r.van && (
                        <Badge size="xs" variant="outline" color="gray" styles={{ label: { overflow: 'visible' } }}>
                          <Ltr>{r.van.code}</Ltr>
                        </Badge>
                      )}
                      {r.skills.map((s) => (
                        <Badge key={s} size="xs" variant="light" styles={{ label: { overflow: 'visible' } }}>
                          {skills.nameOf(s)}
                        </Badge>
                      ))}
                    </Group>
                    {!r.active && (
                      <Badge size="xs" color="red" variant="outline" w="fit-content" data-testid="technician-inactive">
                        {t('technicians.inactive')}
                      </Badge>
                    )}
                  </Stack>
                ),
              },
              {
                accessor: 'skills',
                title: t('technicians.fields.skills'),
                visibleMediaQuery: '(min-width: 62em)',
                render: (r) =>
                  r.skills.length ? (
                    <Group gap={4} maw={260}>
                      {r.skills.map((s) => (
                        <Badge key={s} size="sm" variant="light" styles={{ label: { overflow: 'visible' } }}>
                          {skills.nameOf(s)}
                        </Badge>
                      ))}
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">—</Text>
                  ),
              },
              {
                accessor: 'van',
                title: t('technicians.fields.van'),
                visibleMediaQuery: '(min-width: 62em)',
                render: (r) => (r.van ? <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}><Ltr>{r.van.code}</Ltr></Text> : <Text size="sm" c="dimmed">—</Text>),
              },
              { accessor: 'weekly_hours', title: t('technicians.fields.weeklyHours'), visibleMediaQuery: '(min-width: 48em)', render: (r) => <HoursSummary hours={r.weekly_hours} /> },
              {
                accessor: 'today_load',
                title: t('technicians.fields.todayLoad'),
                sortable: true,
                textAlign: 'center',
                render: (r) => (
                  <Tooltip label={t('technicians.openJobs', { count: r.open_jobs })}>
                    <Badge variant={r.today_load ? 'filled' : 'light'} color={r.today_load ? 'indigo' : 'gray'} data-testid="technician-today-load">
                      {fmt.count(r.today_load)}
                    </Badge>
                  </Tooltip>
                ),
              },
              {
                accessor: 'open_jobs',
                title: t('technicians.fields.openJobs'),
                sortable: true,
                textAlign: 'center',
                visibleMediaQuery: '(min-width: 36em)',
                render: (r) => fmt.count(r.open_jobs),
              },
              { accessor: 'rating', title: t('technicians.fields.rating'), sortable: true, textAlign: end, visibleMediaQuery: '(min-width: 36em)', render: (r) => <Rating technician={r} /> },
              {
                accessor: 'actions',
                title: <VisuallyHidden>{t('technicians.actions')}</VisuallyHidden>,
                textAlign: end,
                width: 56,
                render: (r) => (
                  <RowActionsMenu label={t('technicians.actionsFor', { name: r.name })} testId="technician-actions">
                    <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => setEditing(r)} data-testid="technician-edit">
                      {t('technicians.edit')}
                    </Menu.Item>
                    <AccountActiveMenuItem active={r.active} onClick={() => toggle(r)} testId="technician-toggle-active">
                      {r.active ? t('technicians.deactivate') : t('technicians.reactivate')}
                    </AccountActiveMenuItem>
                  </RowActionsMenu>
                ),
              },
            ]}
          />
        )}
      </UrlListBody>
      <RecordFormModal
        editing={editing}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('technicians.new') : editing ? t('technicians.editTitle', { name: editing.name }) : ''}
      >
        {(technician) => (
          <TechnicianForm
            technician={technician}
            submitting={create.isPending || patch.isPending}
            onCancel={() => setEditing(null)}
            onCreate={async (body) => {
              const tech = await create.mutateAsync(body);
              toastSuccess('technicians.created', 'technicians.createdBody', { name: tech.name, email: tech.email, van: tech.van?.code ?? '' });
              setEditing(null);
            }}
            onPatch={async (body) => {
              if (!technician) return;
              await patch.mutateAsync({ id: technician.id, body });
              toastSuccess('technicians.saved');
              setEditing(null);
            }}
          />
        )}
      </RecordFormModal>
      {refusalModal}
    </>
  );
}

export default TechniciansPage;
