import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TDataProgress } from '@portal/shared';
import { useNumberFormat } from '../../../lib/decimal';
import { progressPercent } from '../backup-format';

/** The server's progress of a backup or restore; a running bar until the first report comes. */
export function OperationProgress({ operation, progress, testId }: { operation: 'backup' | 'restore'; progress: TDataProgress | null; testId: string }) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const percent = progress ? progressPercent(progress.done, progress.total) : null;
  // The server's phases (writing; verifying, loading, migrating) have words; another one reads as the operation.
  const phase = t(`backup.progress.phases.${progress?.phase ?? operation}`, { defaultValue: t(`backup.progress.${operation}`) });
  const label = percent === null ? phase : t('backup.progress.withPercent', { phase, percent: number.percent(percent) });
  return (
    <Stack gap={6} data-testid={testId}>
      <Progress value={percent ?? 100} striped animated size="lg" radius="xl" aria-label={label} transitionDuration={300} color={operation === 'restore' ? 'red' : 'blue'} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {label}
      </Text>
      {operation === 'restore' && (
        <Text size="sm" fw={500}>
          {t('backup.progress.keepOpen')}
        </Text>
      )}
    </Stack>
  );
}
