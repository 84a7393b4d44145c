import { useQuery } from '@tanstack/react-query';
import type { TBackupList } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { backupKeys } from './keys';

/** GET /api/admin/backups — the backups (newest first), the schedule, its next run and last failure. */
export function useBackups() {
  return useQuery({ queryKey: backupKeys.list, queryFn: ({ signal }) => apiFetch<TBackupList>('/api/admin/backups', { signal }) });
}
