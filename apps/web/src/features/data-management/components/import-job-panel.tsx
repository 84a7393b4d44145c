import { useEffect, useRef } from 'react';
import { Alert, Button, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileImport, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TImportJob } from '@portal/shared';
import { ListError, ListLoading } from '../../../components/list-states';
import { isApiError } from '../../../lib/api-client';
import { useDateFormat } from '../../../lib/date-format';
import { useNumberFormat } from '../../../lib/decimal';
import { toastSuccess } from '../../../lib/toast';
import { useImportJob } from '../api/get-imports';
import { dataKeys } from '../api/keys';
import { canRunForReal } from '../import-progress';
import { ImportReportView } from './import-report';
import { ImportModeBadge, ImportProgressBar, ImportStatusBadge } from './import-status';

interface ImportJobPanelProps {
  jobId: string;
  /** The file that was checked, while this tab still holds it (needed to import it for real). */
  file: File | undefined;
  onImport: (job: TImportJob, file: File) => void;
  importing: boolean;
  onClose: () => void;
}

/** One import: its progress while it runs, then its report and what can be done next. */
export function ImportJobPanel({ jobId, file, onImport, importing, onClose }: ImportJobPanelProps) {
  const { t } = useTranslation();
  const query = useImportJob(jobId);
  const queryClient = useQueryClient();
  const job = query.data;
  const previousStatus = useRef<TImportJob['status'] | undefined>(undefined);

  // Seen finishing here: the recent list catches up, and a real import that wrote says so.
  useEffect(() => {
    const status = job?.status;
    if (previousStatus.current === 'running' && status && status !== 'running') {
      void queryClient.invalidateQueries({ queryKey: dataKeys.imports, exact: true });
      if (status === 'done' && !job.dry_run && job.report && job.report.error_count === 0) {
        toastSuccess('dataManagement.import.doneToast', 'dataManagement.import.doneToastBody', {
          created: job.report.created,
          updated: job.report.updated,
          unchanged: job.report.unchanged,
        });
      }
    }
    previousStatus.current = status;
  }, [job, queryClient]);

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} mb="lg" shadow="xs" data-testid="import-panel" aria-busy={job?.status === 'running'}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <IconFileImport size={22} style={{ flex: 'none', marginTop: 2 }} aria-hidden />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={3} fz="lg">
              {job ? t('dataManagement.panel.title', { set: t(`dataManagement.sets.${job.data_set}.title`) }) : t('dataManagement.panel.loading')}
            </Title>
            {job && <JobFacts job={job} />}
          </Stack>
        </Group>
        <CloseButton aria-label={t('dataManagement.panel.close')} onClick={onClose} data-testid="import-panel-close" />
      </Group>

      {query.isPending ? (
        <ListLoading rows={2} />
      ) : query.isError ? (
        isApiError(query.error) && query.error.status === 404 ? (
          <Text size="sm" c="dimmed" data-testid="import-gone">
            {t('dataManagement.panel.gone')}
          </Text>
        ) : (
          <ListError error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : (
        <JobBody job={query.data} file={file} onImport={onImport} importing={importing} />
      )}
    </Paper>
  );
}

function JobFacts({ job }: { job: TImportJob }) {
  const format = useDateFormat();
  return (
    <Group gap={6} wrap="wrap">
      <ImportModeBadge dryRun={job.dry_run} />
      <ImportStatusBadge job={job} />
      {job.file_name && (
        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          <bdi dir="ltr">{job.file_name}</bdi>
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {job.created_by && (
          <>
            <bdi>{job.created_by.name}</bdi>
            {' · '}
          </>
        )}
        <bdi>{format.dateTime(job.created_at)}</bdi>
      </Text>
    </Group>
  );
}

function JobBody({ job, file, onImport, importing }: { job: TImportJob; file: File | undefined; onImport: (job: TImportJob, file: File) => void; importing: boolean }) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const report = job.report;
  return (
    <Stack gap="md">
      {job.status === 'running' && <ImportProgressBar job={job} />}

      {job.status === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('dataManagement.panel.failedTitle')} data-testid="import-failed">
          <Text size="sm" dir="auto">
            {job.error ?? t('errors.unknown')}
          </Text>
          {!job.report && (
            <Text size="sm" mt={4}>
              {t('dataManagement.panel.nothingWritten')}
            </Text>
          )}
        </Alert>
      )}

      {report && <ImportReportView report={report} />}

      {job.status === 'done' && report && report.error_count === 0 && report.rows === 0 && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid="import-no-rows">
          {t('dataManagement.panel.noRows')}
        </Alert>
      )}

      {canRunForReal(job) && report && (
        <Group justify="space-between" gap="sm" data-testid="import-ready">
          <Text size="sm">
            <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" style={{ verticalAlign: 'text-bottom', marginInlineEnd: 6 }} aria-hidden />
            {t('dataManagement.panel.ready', { count: report.rows })}
          </Text>
          {file ? (
            <Button leftSection={<IconFileImport size={16} />} loading={importing} onClick={() => onImport(job, file)} data-testid="import-run">
              {t('dataManagement.panel.run', { count: report.rows })}
            </Button>
          ) : (
            <Text size="sm" c="dimmed" data-testid="import-choose-again">
              {t('dataManagement.panel.chooseAgain')}
            </Text>
          )}
        </Group>
      )}

      {job.status === 'done' && !job.dry_run && report && report.error_count === 0 && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title={t('dataManagement.panel.doneTitle')} data-testid="import-done">
          {t('dataManagement.panel.doneBody', {
            created: number.count(report.created),
            updated: number.count(report.updated),
            unchanged: number.count(report.unchanged),
          })}
        </Alert>
      )}
    </Stack>
  );
}
