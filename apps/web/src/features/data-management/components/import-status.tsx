import { Badge, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TImportJob } from '@portal/shared';
import { useNumberFormat } from '../../../lib/decimal';
import { importProgress } from '../import-progress';

const STATUS_COLOR: Record<TImportJob['status'], string> = { running: 'blue', done: 'teal', failed: 'red' };

/** Running / done / failed; a finished run with row errors says so. */
export function ImportStatusBadge({ job }: { job: Pick<TImportJob, 'status' | 'report'> }) {
  const { t } = useTranslation();
  const withErrors = job.status === 'done' && (job.report?.error_count ?? 0) > 0;
  return (
    <Badge variant="light" color={withErrors ? 'orange' : STATUS_COLOR[job.status]} data-testid="import-status">
      {withErrors ? t('dataManagement.status.withErrors') : t(`dataManagement.status.${job.status}`)}
    </Badge>
  );
}

/** A check or a real import. */
export function ImportModeBadge({ dryRun }: { dryRun: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color={dryRun ? 'gray' : 'indigo'}>
      {dryRun ? t('dataManagement.mode.dry') : t('dataManagement.mode.real')}
    </Badge>
  );
}

/** The server's progress of a running import: rows checked, then rows written. */
export function ImportProgressBar({ job }: { job: TImportJob }) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const progress = importProgress(job);
  const phase = progress.phase === 'writing' ? 'writing' : 'checking';
  const label =
    progress.total === null
      ? t(`dataManagement.progress.${phase}`, { done: number.count(progress.done) })
      : t(`dataManagement.progress.${phase}Of`, { done: number.count(progress.done), total: number.count(progress.total) });
  return (
    <Stack gap={6} data-testid="import-progress">
      <Progress
        value={progress.percent ?? 100}
        striped
        animated
        size="lg"
        radius="xl"
        aria-label={label}
        transitionDuration={300}
        color={phase === 'writing' ? 'teal' : 'blue'}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {label}
        {progress.percent !== null && ` · ${number.percent(progress.percent)}`}
      </Text>
    </Stack>
  );
}
