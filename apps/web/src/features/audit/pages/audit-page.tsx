import 'mantine-datatable/styles.layer.css';
import { useState } from 'react';
import { Anchor, Box, Button, Group, Select, Stack, Text, useDirection } from '@mantine/core';
import { IconChevronDown, IconDownload, IconHistory } from '@tabler/icons-react';
import { DataTable } from '../../../components/data-table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type TAuditEntry } from '@portal/shared';
import { UrlListPager } from '../../../components/list-controls';
import { ListEmpty, ListError } from '../../../components/list-states';
import { Ltr } from '../../../components/ltr';
import { PageHeader } from '../../../components/page-header';
import { useDateFormat } from '../../../lib/date-format';
import { describeError } from '../../../lib/errors';
import { useListState } from '../../../lib/list-state';
import { toastError } from '../../../lib/toast';
import { exportAuditCsv, useAuditFacets, useAuditLog } from '../api/get-audit';
import { ActorSelect } from '../components/actor-select';
import { AuditDiffTable } from '../components/audit-diff-table';
import { recordLink } from '../record-link';
import { DateRangeFields } from '../../../components/date-field';
import { FilterPanel } from '../../../components/filter-panel';

const FILTERS = ['user_id', 'action', 'entity', 'entity_id', 'from', 'to'] as const;

/** The record type and the verb of an action ("transfer.approved"), in the reader's language. */
function useAuditWords() {
  const { t } = useTranslation();
  const entity = (e: string) => t(`audit.entities.${e}`, { defaultValue: e.replace(/_/g, ' ') });
  const action = (a: string) => {
    const dot = a.indexOf('.');
    const verb = dot < 0 ? a : a.slice(dot + 1);
    return t(`audit.verbs.${verb}`, { defaultValue: verb.replace(/[_-]/g, ' ') });
  };
  return { entity, action, full: (a: string) => (a.includes('.') ? `${entity(a.slice(0, a.indexOf('.')))} — ${action(a)}` : action(a)) };
}

/**
 * What the record is called: its number or code (isolated left to right), or a name (a person's, a
 * supplier's: its own direction); an id fragment only when the server could not tell.
 */
function RecordName({ entry }: { entry: Pick<TAuditEntry, 'entity_id' | 'entity_label'> }) {
  const name = entry.entity_label;
  if (!name) return <Ltr>{entry.entity_id?.slice(0, 8)}</Ltr>;
  return /^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(name) ? <Ltr>{name}</Ltr> : <bdi dir="auto">{name}</bdi>;
}

/** Every change made by staff: who, what, which record (linked), before and after, when, from where. */
export function AuditPage() {
  const { t } = useTranslation();
  const format = useDateFormat();
  const words = useAuditWords();
  const { dir } = useDirection();
  const list = useListState<(typeof FILTERS)[number]>({ filters: FILTERS, defaultLimit: DEFAULT_PAGE_SIZE });
  const log = useAuditLog(list.query);
  const facets = useAuditFacets();
  const [expanded, setExpanded] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);
  const activeFilters = Object.values(list.filters).filter(Boolean).length;
  const page = log.data;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportAuditCsv(list.query);
    } catch (error) {
      toastError('list.exportFailed', describeError(t, error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('audit.title')}
        subtitle={t('audit.subtitle')}
        actions={
          <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting} onClick={() => void exportCsv()} data-testid="audit-export">
            {t('list.export')}
          </Button>
        }
      />
      <FilterPanel
        list={list}
        toggleLabel={activeFilters ? t('audit.filtersCount', { count: activeFilters }) : undefined}
        testId="audit"
        cols={{ base: 1, sm: 2, lg: 5 }}
        filteredNote={
          list.filters.entity_id && (
            <Text size="sm" c="dimmed">
              {t('audit.oneRecord')}{' '}
              {page?.items[0]?.entity_id === list.filters.entity_id ? <RecordName entry={page.items[0]} /> : <Ltr>{list.filters.entity_id}</Ltr>}
            </Text>
          )
        }
      >
        <ActorSelect value={list.filters.user_id ?? null} onChange={(v) => list.setFilter('user_id', v)} />
        <Select
          label={t('audit.filters.entity')}
          placeholder={t('audit.filters.any')}
          clearable
          data={(facets.data?.entities ?? []).map((e) => ({ value: e, label: words.entity(e) }))}
          value={list.filters.entity ?? null}
          onChange={(v) => list.setFilters({ entity: v, entity_id: null })}
          data-testid="audit-entity-filter"
        />
        <Select
          label={t('audit.filters.action')}
          placeholder={t('audit.filters.any')}
          clearable
          searchable
          data={(facets.data?.actions ?? [])
            .filter((a) => !list.filters.entity || a.startsWith(`${list.filters.entity}.`) || (list.filters.entity === 'inventory_item' && a.startsWith('item.')))
            .map((a) => ({ value: a, label: words.full(a) }))}
          value={list.filters.action ?? null}
          onChange={(v) => list.setFilter('action', v)}
          data-testid="audit-action-filter"
        />
        <DateRangeFields list={list} names={['from', 'to']} labels={[t('audit.filters.from'), t('audit.filters.to')]} testId="audit" />
      </FilterPanel>

      {log.isError ? (
        <ListError error={log.error} onRetry={() => void log.refetch()} />
      ) : page && page.items.length === 0 ? (
        <ListEmpty filtered={list.isFiltered} onReset={list.reset} icon={IconHistory} title={list.isFiltered ? undefined : t('audit.emptyTitle')} body={list.isFiltered ? undefined : t('audit.emptyBody')} />
      ) : (
        <>
          <DataTable<TAuditEntry>
            withTableBorder
            borderRadius="md"
            highlightOnHover
            minHeight={page ? undefined : 180}
            fetching={log.isPending}
            records={page?.items ?? []}
            idAccessor="id"
            customRowAttributes={(e) => ({ 'data-testid': 'audit-row', 'data-action': e.action })}
            rowExpansion={{ allowMultiple: true, expanded: { recordIds: expanded, onRecordIdsChange: setExpanded }, content: ({ record }) => (
              <Box p="sm" bg="var(--mantine-color-body)">
                <AuditDiffTable before={record.before} after={record.after} />
              </Box>
            ) }}
            columns={[
              {
                accessor: 'created_at',
                title: t('audit.fields.when'),
                render: (e) => (
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <IconChevronDown size={14} style={{ marginTop: 3, flex: 'none', transform: expanded.includes(e.id) ? undefined : `rotate(${dir === 'rtl' ? 90 : -90}deg)` }} aria-hidden />
                    <Stack gap={0}>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{format.dateTime(e.created_at)}</Text>
                      <Text size="xs" c="dimmed" hiddenFrom="sm">
                        <span dir="auto">{e.actor?.name ?? t('audit.system')}</span>
                      </Text>
                    </Stack>
                  </Group>
                ),
              },
              {
                accessor: 'actor',
                title: t('audit.fields.user'),
                visibleMediaQuery: '(min-width: 36em)',
                render: (e) =>
                  e.actor ? (
                    <Stack gap={0}>
                      <Text size="sm"><span dir="auto">{e.actor.name}</span></Text>
                      <Text size="xs" c="dimmed" visibleFrom="lg"><Ltr>{e.actor.email}</Ltr></Text>
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">{t('audit.system')}</Text>
                  ),
              },
              {
                accessor: 'action',
                title: t('audit.fields.action'),
                render: (e) => (
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>{words.action(e.action)}</Text>
                    <Text size="xs" c="dimmed" ff="monospace" visibleFrom="md"><Ltr>{e.action}</Ltr></Text>
                  </Stack>
                ),
              },
              {
                accessor: 'entity',
                title: t('audit.fields.record'),
                render: (e) => {
                  const to = recordLink(e);
                  const label = words.entity(e.entity);
                  return (
                    <Stack gap={0} onClick={(event) => event.stopPropagation()}>
                      {to ? (
                        <Anchor component={Link} to={to} size="sm" data-testid="audit-record-link">
                          {label}
                        </Anchor>
                      ) : (
                        <Text size="sm">{label}</Text>
                      )}
                      {e.entity_id && (
                        <Anchor component="button" type="button" size="xs" c="dimmed" ta="start" onClick={() => list.setFilters({ entity: e.entity, entity_id: e.entity_id })} title={t('audit.historyOfRecord')} data-testid="audit-record-label">
                          <RecordName entry={e} />
                        </Anchor>
                      )}
                    </Stack>
                  );
                },
              },
              { accessor: 'ip', title: t('audit.fields.ip'), visibleMediaQuery: '(min-width: 62em)', render: (e) => (e.ip ? <Ltr>{e.ip}</Ltr> : <Text c="dimmed">—</Text>) },
            ]}
          />
          {page && <UrlListPager list={list} page={page} loading={log.isFetching} />}
        </>
      )}
    </>
  );
}

export default AuditPage;
