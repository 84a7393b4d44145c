import 'mantine-datatable/styles.layer.css';
import { Group, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { DataTable } from '../../../components/data-table';
import { useTranslation } from 'react-i18next';
import type { TImportJob } from '@portal/shared';
import { ListEmpty, ListError } from '../../../components/list-states';
import { useDateFormat } from '../../../lib/date-format';
import { useNumberFormat } from '../../../lib/decimal';
import { useImports } from '../api/get-imports';
import { ImportModeBadge, ImportStatusBadge } from './import-status';

/** The latest imports, newest first; a row opens that import's report above. */
export function RecentImports({ currentId, onOpen }: { currentId: string | null; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const number = useNumberFormat();
  const imports = useImports();
  const items = imports.data?.items;

  if (imports.isError) return <ListError error={imports.error} onRetry={() => void imports.refetch()} />;
  if (items && items.length === 0) {
    return <ListEmpty icon={IconFileImport} title={t('dataManagement.recent.emptyTitle')} body={t('dataManagement.recent.emptyBody')} />;
  }

  const counts = (job: TImportJob) => {
    const r = job.report;
    if (!r) return job.status === 'running' ? t('dataManagement.recent.inProgress') : '—';
    const parts = [t('dataManagement.recent.rows', { count: r.rows })];
    if (!r.error_count) {
      parts.push(
        t(job.dry_run ? 'dataManagement.recent.wouldChange' : 'dataManagement.recent.changed', {
          created: number.count(r.created),
          updated: number.count(r.updated),
        }),
      );
    }
    return parts.join(' · ');
  };

  return (
    <DataTable<TImportJob>
      withTableBorder
      borderRadius="md"
      highlightOnHover
      minHeight={items ? undefined : 160}
      fetching={imports.isPending}
      records={items ?? []}
      idAccessor="id"
      onRowClick={({ record }) => onOpen(record.id)}
      rowStyle={(job) => (job.id === currentId ? { background: 'var(--mantine-primary-color-light)' } : { cursor: 'pointer' })}
      customRowAttributes={(job) => ({ 'data-testid': 'recent-import', 'data-status': job.status })}
      columns={[
        {
          accessor: 'created_at',
          title: t('dataManagement.recent.when'),
          render: (job) => (
            <Stack gap={0}>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {format.dateTime(job.created_at)}
              </Text>
              <Text size="xs" c="dimmed" hiddenFrom="sm">
                {t(`dataManagement.sets.${job.data_set}.title`)}
              </Text>
            </Stack>
          ),
        },
        {
          accessor: 'data_set',
          title: t('dataManagement.recent.dataSet'),
          visibleMediaQuery: '(min-width: 36em)',
          render: (job) => (
            <Stack gap={0}>
              <Text size="sm">{t(`dataManagement.sets.${job.data_set}.title`)}</Text>
              {job.file_name && (
                <Text size="xs" c="dimmed" ff="monospace" visibleFrom="md" style={{ overflowWrap: 'anywhere' }}>
                  <bdi dir="ltr">{job.file_name}</bdi>
                </Text>
              )}
            </Stack>
          ),
        },
        {
          accessor: 'status',
          title: t('dataManagement.recent.status'),
          render: (job) => (
            <Stack gap={2}>
              <Group gap={4}>
                <ImportModeBadge dryRun={job.dry_run} />
                <ImportStatusBadge job={job} />
              </Group>
              <Text size="xs" c="dimmed" hiddenFrom="md">
                {counts(job)}
              </Text>
            </Stack>
          ),
        },
        {
          accessor: 'report',
          title: t('dataManagement.recent.counts'),
          visibleMediaQuery: '(min-width: 48em)',
          render: (job) => (
            <Stack gap={0}>
              <Text size="sm">{counts(job)}</Text>
              {!!job.report?.error_count && (
                <Text size="xs" c="red">
                  {t('dataManagement.recent.errors', { count: job.report.error_count })}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          accessor: 'created_by',
          title: t('dataManagement.recent.who'),
          visibleMediaQuery: '(min-width: 62em)',
          render: (job) => <Text size="sm">{job.created_by ? <span dir="auto">{job.created_by.name}</span> : '—'}</Text>,
        },
      ]}
    />
  );
}
