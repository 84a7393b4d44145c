import { useState } from 'react';
import { Alert, Button, Code, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconRestore } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { RESTORE_CONFIRMATION, type TBackup, type TDataProgress, type TRestoreResult } from '@portal/shared';
import { useDateFormat } from '../../../lib/date-format';
import { useNumberFormat } from '../../../lib/decimal';
import { formatBytes, totalRows } from '../backup-format';
import { OperationProgress } from './operation-progress';
import { ServerReason } from './server-reason';
import { HashCopy } from './backups-table';

interface RestoreModalProps {
  /** The backup to restore; null closes the modal. */
  backup: TBackup | null;
  onClose: () => void;
  /** Runs the restore (POST …/restore). */
  restore: (id: string) => Promise<TRestoreResult>;
  /** After a restore every session is gone: the page signs this tab out. */
  onRestored: (result: TRestoreResult) => void;
  progress: TDataProgress | null;
}

/**
 * The one way to a restore: what it does (every row replaced, everyone signed out), the
 * backup it takes, and the word RESTORE typed before the button works.
 */
export function RestoreModal({ backup, onClose, restore, onRestored, progress }: RestoreModalProps) {
  const { t, i18n } = useTranslation();
  const format = useDateFormat();
  const number = useNumberFormat();
  const [typed, setTyped] = useState('');
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const confirmed = typed.trim() === RESTORE_CONFIRMATION;

  const close = () => {
    if (running) return;
    setTyped('');
    setError(null);
    onClose();
  };

  const start = async () => {
    if (!backup || !confirmed || running) return;
    setRunning(true);
    setError(null);
    try {
      const result = await restore(backup.id);
      onRestored(result);
    } catch (failure) {
      setError(failure);
      setRunning(false);
    }
  };

  return (
    <Modal
      opened={backup !== null}
      onClose={close}
      title={t('backup.restore.title')}
      size="lg"
      centered
      closeOnClickOutside={!running}
      closeOnEscape={!running}
      withCloseButton={!running}
      data-testid="restore-modal"
    >
      {backup && (
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('backup.restore.warningTitle')}>
            <List size="sm" spacing={4}>
              <List.Item>{t('backup.restore.warningReplace', { when: format.dateTime(backup.created_at) })}</List.Item>
              <List.Item>{t('backup.restore.warningLost')}</List.Item>
              <List.Item>{t('backup.restore.warningSignOut')}</List.Item>
            </List>
          </Alert>

          <Stack gap={4} data-testid="restore-facts">
            <Text size="sm">
              {t('backup.restore.facts', {
                when: format.dateTime(backup.created_at),
                size: formatBytes(backup.size, i18n.resolvedLanguage ?? 'en'),
                rows: number.count(totalRows(backup.counts)),
              })}
            </Text>
            <HashCopy sha256={backup.sha256} />
          </Stack>

          <TextInput
            label={
              <Trans
                i18nKey="backup.restore.typeLabel"
                values={{ word: RESTORE_CONFIRMATION }}
                components={{ word: <Code dir="ltr" fw={700} /> }}
              />
            }
            description={t('backup.restore.typeHint')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void start();
            }}
            dir="ltr"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            disabled={running}
            data-autofocus
            data-testid="restore-confirm-input"
          />

          {running && <OperationProgress operation="restore" progress={progress} testId="restore-progress" />}

          {error !== null && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('backup.restore.failedTitle')} data-testid="restore-error">
              <ServerReason error={error} />
            </Alert>
          )}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={running}>
              {t('common.cancel')}
            </Button>
            <Button color="red" leftSection={<IconRestore size={16} />} disabled={!confirmed} loading={running} onClick={() => void start()} data-testid="restore-submit">
              {t('backup.restore.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
