import { Fragment, useState } from 'react';
import { Badge, Button, Code, Divider, FileInput, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBox, IconBuildingWarehouse, IconDownload, IconFileSearch, IconPaperclip, IconUsers, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DATA_COLUMNS, IMPORT_MAX_BYTES, type DataSet } from '@portal/shared';
import { describeError } from '../../../lib/errors';
import { toastError } from '../../../lib/toast';
import { exportDataCsv } from '../api/export-data';

const ICONS: Record<DataSet, Icon> = { customers: IconUsers, items: IconBox, stock: IconBuildingWarehouse };

interface DataSetCardProps {
  set: DataSet;
  /** Starts a dry run of the file; resolves when the server took it (the card then forgets it). */
  onCheck: (set: DataSet, file: File) => Promise<void>;
  checking: boolean;
}

/** A CSV line with each field isolated, so Arabic values keep the file's left-to-right field order. */
function CsvLine({ line }: { line: string }) {
  return line.split(',').map((field, i) => (
    <Fragment key={i}>
      {i > 0 && ','}
      <bdi>{field}</bdi>
    </Fragment>
  ));
}

/** One data set: its CSV layout, its export, and the start of an import (a check first). */
export function DataSetCard({ set, onCheck, checking }: DataSetCardProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const IconComponent = ICONS[set];
  const columns = DATA_COLUMNS[set];

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportDataCsv(set);
    } catch (error) {
      toastError('list.exportFailed', describeError(t, error));
    } finally {
      setExporting(false);
    }
  };

  const choose = (next: File | null) => {
    setFile(next);
    setFileError(next && next.size > IMPORT_MAX_BYTES ? t('dataManagement.card.tooLarge', { mb: IMPORT_MAX_BYTES / 1024 / 1024 }) : null);
  };

  const check = async () => {
    if (!file || fileError) return;
    try {
      await onCheck(set, file);
      setFile(null);
    } catch {
      // The page says what went wrong; the file stays chosen for another try.
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid={`data-set-${set}`} h="100%">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={40} radius="md">
            <IconComponent size={22} />
          </ThemeIcon>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={3} fz="lg">
              {t(`dataManagement.sets.${set}.title`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`dataManagement.sets.${set}.body`)}
            </Text>
          </Stack>
        </Group>

        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('dataManagement.card.columns')}
          </Text>
          <Group gap={6} dir="ltr" data-testid="data-set-columns">
            {columns.map((column) => (
              <Badge key={column} variant="default" tt="none" ff="monospace" fw={500}>
                {column}
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {t(`dataManagement.sets.${set}.hint`)}
          </Text>
          <Text size="sm" fw={500} mt={4}>
            {t('dataManagement.card.sample')}
          </Text>
          <Code block dir="ltr" style={{ whiteSpace: 'pre', overflowX: 'auto' }} data-testid="data-set-sample">
            {columns.join(',')}
            {'\n'}
            <CsvLine line={t(`dataManagement.sets.${set}.sampleCode`)} />
          </Code>
        </Stack>

        <Divider mt="auto" />
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting} onClick={() => void exportCsv()} data-testid={`export-${set}`}>
          {t('dataManagement.card.export')}
        </Button>
        <FileInput
          label={t('dataManagement.card.importLabel')}
          placeholder={t('dataManagement.card.choose')}
          accept=".csv,text/csv"
          clearable
          value={file}
          onChange={choose}
          error={fileError}
          leftSection={<IconPaperclip size={16} />}
          valueComponent={({ value }) => (
            <Text size="sm" truncate dir="ltr" component="bdi" style={{ display: 'block' }}>
              {Array.isArray(value) ? value.map((f) => f.name).join(', ') : value?.name}
            </Text>
          )}
          fileInputProps={{ 'data-testid': `import-file-input-${set}` } as never}
          data-testid={`import-file-${set}`}
        />
        <Button
          leftSection={<IconFileSearch size={16} />}
          disabled={!file || !!fileError}
          loading={checking}
          onClick={() => void check()}
          data-testid={`import-check-${set}`}
        >
          {t('dataManagement.card.check')}
        </Button>
      </Stack>
    </Paper>
  );
}
