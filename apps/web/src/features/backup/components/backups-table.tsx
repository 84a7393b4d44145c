import 'mantine-datatable/styles.layer.css';
import { useState } from 'react';
import { ActionIcon, Badge, Box, CopyButton, Group, SimpleGrid, Stack, Text, Tooltip, useDirection, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconChevronDown, IconCopy, IconDownload, IconRestore, IconTrash } from '@tabler/icons-react';
import { DataTable } from '../../../components/data-table';
import { useTranslation } from 'react-i18next';
import type { TBackup } from '@portal/shared';
import { Ltr } from '../../../components/ltr';
import { useDateFormat } from '../../../lib/date-format';
import { useNumberFormat } from '../../../lib/decimal';
import { formatBytes, shortHash, totalRows } from '../backup-format';

const SOURCE_COLOR: Record<TBackup['source'], string> = { manual: 'blue', scheduled: 'grape', upload: 'orange' };

export function SourceBadge({ source }: { source: TBackup['source'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={SOURCE_COLOR[source]} size="sm">
      {t(`backup.source.${source}`)}
    </Badge>
  );
}

/** A SHA-256, shortened, left to right, with a button that copies all of it. */
export function HashCopy({ sha256, full = false }: { sha256: string; full?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }} title={sha256}>
        <Ltr>{full ? sha256 : `${shortHash(sha256)}…`}</Ltr>
      </Text>
      <CopyButton value={sha256}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('backup.table.copied') : t('backup.table.copyHash')} withArrow>
            <ActionIcon size="sm" variant="subtle" color={copied ? 'teal' : 'gray'} onClick={(event) => { event.stopPropagation(); copy(); }} aria-label={t('backup.table.copyHash')} data-testid="copy-hash">
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function BackupDetails({ backup }: { backup: TBackup }) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const tables = Object.entries(backup.counts).sort(([a], [b]) => a.localeCompare(b));
  return (
    <Box p="sm" bg="var(--mantine-color-body)" data-testid="backup-details">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">{t('backup.table.sha256')}</Text>
            <HashCopy sha256={backup.sha256} full />
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">{t('backup.table.migration')}</Text>
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              <Ltr>{`${number.count(backup.migration.count)} · ${backup.migration.tag}`}</Ltr>
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">{t('backup.table.database')}</Text>
            <Text size="sm">{t(`backup.database.${backup.database}`)}</Text>
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dimmed">{t('backup.table.perTable')}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="xl" verticalSpacing={2}>
          {tables.map(([table, count]) => (
            <Group key={table} gap={6} justify="space-between" wrap="nowrap" maw={260} data-testid="backup-table-count">
              <Text size="xs" ff="monospace" truncate>
                <Ltr>{table}</Ltr>
              </Text>
              <Text size="xs" fw={600}>{number.count(count)}</Text>
            </Group>
          ))}
        </SimpleGrid>
      </Stack>
    </Box>
  );
}

interface BackupsTableProps {
  backups: readonly TBackup[] | undefined;
  loading: boolean;
  downloading: string | null;
  onDownload: (backup: TBackup) => void;
  onRestore: (backup: TBackup) => void;
  onDelete: (backup: TBackup) => void;
}

/** Every backup, newest first: when, by whom, from where, how big, how many rows, its hash and version. */
export function BackupsTable({ backups, loading, downloading, onDownload, onRestore, onDelete }: BackupsTableProps) {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const format = useDateFormat();
  const number = useNumberFormat();
  const language = i18n.resolvedLanguage ?? 'en';
  const [expanded, setExpanded] = useState<string[]>([]);
  const who = (b: TBackup) => b.created_by?.name ?? t('backup.table.system');

  return (
    <DataTable<TBackup>
      withTableBorder
      borderRadius="md"
      highlightOnHover
      minHeight={backups ? undefined : 160}
      fetching={loading}
      records={backups ? [...backups] : []}
      idAccessor="id"
      customRowAttributes={(b) => ({ 'data-testid': 'backup-row', 'data-id': b.id })}
      rowExpansion={{
        allowMultiple: true,
        expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
        content: ({ record }) => <BackupDetails backup={record} />,
      }}
      columns={[
        {
          accessor: 'created_at',
          title: t('backup.table.when'),
          render: (b) => (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconChevronDown size={14} style={{ marginTop: 3, flex: 'none', transform: expanded.includes(b.id) ? undefined : `rotate(${dir === 'rtl' ? 90 : -90}deg)` }} aria-hidden />
              <Stack gap={0}>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{format.dateTime(b.created_at)}</Text>
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  <span dir="auto">{who(b)}</span> · {t(`backup.source.${b.source}`)}
                </Text>
                <Text size="xs" c="dimmed" hiddenFrom="md">
                  {formatBytes(b.size, language)} · {t('backup.table.rowsCount', { count: totalRows(b.counts) })}
                </Text>
              </Stack>
            </Group>
          ),
        },
        {
          accessor: 'created_by',
          title: t('backup.table.who'),
          visibleMediaQuery: '(min-width: 36em)',
          render: (b) => (
            <Stack gap={4} align="flex-start">
              <Text size="sm"><span dir="auto">{who(b)}</span></Text>
              <SourceBadge source={b.source} />
            </Stack>
          ),
        },
        { accessor: 'size', title: t('backup.table.size'), visibleMediaQuery: '(min-width: 48em)', render: (b) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatBytes(b.size, language)}</Text> },
        {
          accessor: 'counts',
          title: t('backup.table.rows'),
          visibleMediaQuery: '(min-width: 48em)',
          render: (b) => (
            <Text size="sm" td="underline" style={{ textDecorationStyle: 'dotted', cursor: 'pointer' }} title={t('backup.table.showDetails')}>
              {number.count(totalRows(b.counts))}
            </Text>
          ),
        },
        {
          accessor: 'sha256',
          title: t('backup.table.sha256'),
          visibleMediaQuery: '(min-width: 62em)',
          render: (b) => <HashCopy sha256={b.sha256} />,
        },
        {
          accessor: 'app_version',
          title: t('backup.table.version'),
          visibleMediaQuery: '(min-width: 75em)',
          render: (b) => (
            <Stack gap={0}>
              <Text size="sm"><Ltr>{b.app_version}</Ltr></Text>
              <Text size="xs" c="dimmed">{t('backup.table.migrations', { count: b.migration.count })}</Text>
            </Stack>
          ),
        },
        {
          accessor: 'actions',
          title: <VisuallyHidden>{t('backup.table.actions')}</VisuallyHidden>,
          // The table takes physical sides only: the end of the row in either direction.
          textAlign: dir === 'rtl' ? 'left' : 'right',
          render: (b) => (
            <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(event) => event.stopPropagation()}>
              <Tooltip label={t('backup.actions.download')} withArrow>
                <ActionIcon variant="subtle" loading={downloading === b.id} onClick={() => onDownload(b)} aria-label={t('backup.actions.download')} data-testid="backup-download">
                  <IconDownload size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('backup.actions.restore')} withArrow>
                <ActionIcon variant="subtle" color="orange" onClick={() => onRestore(b)} aria-label={t('backup.actions.restore')} data-testid="backup-restore">
                  <IconRestore size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('backup.actions.delete')} withArrow>
                <ActionIcon variant="subtle" color="red" onClick={() => onDelete(b)} aria-label={t('backup.actions.delete')} data-testid="backup-delete">
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ),
        },
      ]}
    />
  );
}
