import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconColumnsOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TImportReport } from '@portal/shared';
import { Ltr } from '../../../components/ltr';
import { useNumberFormat } from '../../../lib/decimal';
import { ImportErrorsTable } from './import-errors-table';

function Figure({ label, value, color, testId }: { label: string; value: string; color?: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" c={color}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * What an import found (a dry run) or did (a real one): the counts, the columns it ignored,
 * and every problem by row and column.
 */
export function ImportReportView({ report }: { report: TImportReport }) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const mode = report.dry_run ? 'dry' : 'real';
  const shownErrors = report.errors.length;
  return (
    <Stack gap="md" data-testid="import-report">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        <Figure label={t('dataManagement.report.rows')} value={number.count(report.rows)} testId="report-rows" />
        <Figure label={t(`dataManagement.report.${mode}.created`)} value={number.count(report.created)} color={report.created ? 'teal' : undefined} testId="report-created" />
        <Figure label={t(`dataManagement.report.${mode}.updated`)} value={number.count(report.updated)} color={report.updated ? 'blue' : undefined} testId="report-updated" />
        <Figure label={t('dataManagement.report.unchanged')} value={number.count(report.unchanged)} testId="report-unchanged" />
        <Figure label={t('dataManagement.report.errors')} value={number.count(report.error_count)} color={report.error_count ? 'red' : undefined} testId="report-errors" />
      </SimpleGrid>

      {report.unknown_columns.length > 0 && (
        <Alert color="yellow" variant="light" icon={<IconColumnsOff size={18} />} title={t('dataManagement.report.unknownColumnsTitle')} data-testid="report-unknown-columns">
          <Text size="sm" mb={6}>
            {t('dataManagement.report.unknownColumnsBody')}
          </Text>
          <Group gap={6}>
            {report.unknown_columns.map((column) => (
              <Badge key={column} variant="outline" color="yellow" tt="none" ff="monospace">
                <Ltr>{column}</Ltr>
              </Badge>
            ))}
          </Group>
        </Alert>
      )}

      {report.error_count > 0 && (
        <Stack gap="xs">
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('dataManagement.report.errorsTitle', { count: report.error_count })} data-testid="report-errors-alert">
            <Text size="sm">{report.dry_run ? t('dataManagement.report.errorsBodyDry') : t('dataManagement.report.errorsBodyReal')}</Text>
            {report.error_count > shownErrors && (
              <Text size="sm" mt={4}>
                {t('dataManagement.report.errorsTruncated', { shown: number.count(shownErrors), total: number.count(report.error_count) })}
              </Text>
            )}
          </Alert>
          <ImportErrorsTable errors={report.errors} />
        </Stack>
      )}
    </Stack>
  );
}
