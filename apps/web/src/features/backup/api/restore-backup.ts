import { RESTORE_CONFIRMATION, type TRestoreResult } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/admin/backups/:id/restore — replaces every row with the backup's and ends every session. */
export function restoreBackup(id: string): Promise<TRestoreResult> {
  return apiFetch<TRestoreResult>(`/api/admin/backups/${encodeURIComponent(id)}/restore`, {
    method: 'POST',
    body: { confirm: RESTORE_CONFIRMATION },
  });
}

