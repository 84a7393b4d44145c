import { useState } from 'react';
import { Alert, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '../../../lib/confirm-modal';
import { IconAlertTriangle, IconDatabaseExport, IconDatabase, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BACKUP_UPLOAD_MAX_BYTES, type TBackup } from '@portal/shared';
import { ListEmpty, ListError } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { useDateFormat } from '../../../lib/date-format';
import { describeError } from '../../../lib/errors';
import { clearSession } from '../../../lib/session-store';
import { toastError, toastSuccess } from '../../../lib/toast';
import { downloadBackup, useCreateBackup, useDeleteBackup, useUploadBackup } from '../api/backup-files';
import { useBackups } from '../api/get-backups';
import { restoreBackup } from '../api/restore-backup';
import { BackupsTable } from '../components/backups-table';
import { OperationProgress } from '../components/operation-progress';
import { RestoreModal } from '../components/restore-modal';
import { ScheduleForm } from '../components/schedule-form';
import { ServerReason } from '../components/server-reason';
import { useBackupProgress } from '../realtime';
import { goToSignIn } from '../../auth';

/**
 * Backups (admins): make one now, upload one, download, delete or restore one, and the
 * schedule. A restore replaces every row and ends every session, this one included, so the
 * page signs the tab out and sends it to the sign-in page.
 */
export function BackupPage() {
  const { t } = useTranslation();
  const format = useDateFormat();
  const backups = useBackups();
  const progress = useBackupProgress();
  const create = useCreateBackup();
  const upload = useUploadBackup();
  const remove = useDeleteBackup();
  const [uploadError, setUploadError] = useState<{ tooLarge: true } | { error: unknown } | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<TBackup | null>(null);
  const list = backups.data;
  const backingUp = create.isPending || progress.backup !== null;

  const backUpNow = () =>
    create.mutate(undefined, {
      onSuccess: () => toastSuccess('backup.created'),
      onError: (error) => toastError('backup.createFailed', describeError(t, error)),
      onSettled: () => progress.clear('backup'),
    });

  const uploadFile = (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    if (file.size > BACKUP_UPLOAD_MAX_BYTES) {
      setUploadError({ tooLarge: true });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toastSuccess('backup.upload.done'),
      onError: (error) => setUploadError({ error }),
    });
  };

  const download = async (backup: TBackup) => {
    setDownloading(backup.id);
    try {
      await downloadBackup(backup.id);
    } catch (error) {
      toastError('backup.actions.downloadFailed', describeError(t, error));
    } finally {
      setDownloading(null);
    }
  };

  const confirmDelete = (backup: TBackup) =>
    openConfirmModal({
      title: t('backup.delete.title'),
      children: <Text size="sm">{t('backup.delete.body', { when: format.dateTime(backup.created_at) })}</Text>,
      labels: { confirm: t('backup.actions.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-backup' } as never,
      onConfirm: () =>
        remove.mutate(backup.id, {
          onSuccess: () => toastSuccess('backup.delete.done'),
          onError: (error) => toastError('backup.delete.failed', describeError(t, error)),
        }),
    });

  // Every session ended with the restore: this tab signs out (no call: the server already did)
  // and goes to the sign-in page, where the message waits.
  const restored = () => {
    setRestoring(null);
    clearSession('user');
    goToSignIn({ notice: { kind: 'success', title: 'backup.restore.doneTitle', body: 'backup.restore.doneBody' } });
  };

  return (
    <>
      <PageHeader
        title={t('backup.title')}
        subtitle={t('backup.subtitle')}
        actions={
          <Group gap="sm">
            <FileButton onChange={uploadFile}>
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconUpload size={16} />} loading={upload.isPending} data-testid="backup-upload">
                  {t('backup.upload.button')}
                </Button>
              )}
            </FileButton>
            <Button leftSection={<IconDatabaseExport size={16} />} loading={create.isPending} disabled={backingUp} onClick={backUpNow} data-testid="backup-now">
              {t('backup.now')}
            </Button>
          </Group>
        }
      />

      <Stack gap="lg">
        {backingUp && (
          <Paper withBorder radius="md" p="md" data-testid="backup-running">
            <OperationProgress operation="backup" progress={progress.backup} testId="backup-progress" />
          </Paper>
        )}

        {uploadError !== null && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('backup.upload.failedTitle')} withCloseButton closeButtonLabel={t('common.close')} onClose={() => setUploadError(null)} data-testid="backup-upload-error">
            {'error' in uploadError ? (
              <ServerReason error={uploadError.error} />
            ) : (
              <Text size="sm">{t('backup.upload.tooLarge', { gb: BACKUP_UPLOAD_MAX_BYTES / 1024 ** 3 })}</Text>
            )}
          </Alert>
        )}

        <Stack gap="sm">
          <Title order={3} fz="lg">
            {t('backup.listTitle')}
          </Title>
          {backups.isError ? (
            <ListError error={backups.error} onRetry={() => void backups.refetch()} />
          ) : list && list.items.length === 0 ? (
            <ListEmpty icon={IconDatabase} title={t('backup.emptyTitle')} body={t('backup.emptyBody')} />
          ) : (
            <BackupsTable backups={list?.items} loading={backups.isPending} downloading={downloading} onDownload={(b) => void download(b)} onRestore={setRestoring} onDelete={confirmDelete} />
          )}
        </Stack>

        {list && <ScheduleForm key={JSON.stringify(list.schedule)} list={list} />}
      </Stack>

      <RestoreModal backup={restoring} onClose={() => setRestoring(null)} restore={restoreBackup} onRestored={restored} progress={progress.restore} />
    </>
  );
}

export default BackupPage;
