import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBackupSchedule } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { backupKeys } from './keys';

/** PUT /api/admin/backups/schedule */
export function saveSchedule(schedule: TBackupSchedule): Promise<TBackupSchedule> {
  return apiFetch<TBackupSchedule>('/api/admin/backups/schedule', { method: 'PUT', body: schedule });
}

/** The list refetches after a save: it carries the next run's time. */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSchedule, onSuccess: () => queryClient.invalidateQueries({ queryKey: backupKeys.all }) });
}
