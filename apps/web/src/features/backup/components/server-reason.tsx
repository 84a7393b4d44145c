import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/errors';

const REASONS = new Set(['backup_damaged', 'backup_newer_version', 'backup_incompatible']);

/**
 * Why the server refused a backup file or a restore, in the reader's language: its stable reason
 * (damaged, from a newer version, not compatible) or a busy server when it says so, else the
 * error's code; the server's own sentence goes under it, since it names the particulars.
 */
export function ServerReason({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const reason = isApiError(error) ? error.details?.reason : undefined;
  const described =
    typeof reason === 'string' && REASONS.has(reason)
      ? t(`backup.reasons.${reason}`)
      : isApiError(error) && error.status === 409 && error.code === 'conflict'
        ? t('backup.reasons.busy')
        : describeError(t, error);
  const detail = isApiError(error) && error.message && error.message !== described ? error.message : null;
  return (
    <>
      <Text size="sm">{described}</Text>
      {detail && (
        <Text size="sm" mt={4} c="dimmed" data-testid="server-reason">
          <bdi>{detail}</bdi>
        </Text>
      )}
    </>
  );
}
