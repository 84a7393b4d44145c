import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBackup } from '@portal/shared';
import { apiFetch, apiFetchFile } from '../../../lib/api-client';
import { filenameFromDisposition, saveBlob } from '../../../lib/download';
import { backupKeys } from './keys';

const path = (id: string) => `/api/admin/backups/${encodeURIComponent(id)}`;

/** POST /api/admin/backups — a backup now (answers when it is written). */
export function createBackup(): Promise<TBackup> {
  return apiFetch<TBackup>('/api/admin/backups', { method: 'POST' });
}

/** POST /api/admin/backups/upload — a backup file from elsewhere, checked by the server. */
export function uploadBackup(file: File): Promise<TBackup> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiFetch<TBackup>('/api/admin/backups/upload', { method: 'POST', body });
}

/** DELETE /api/admin/backups/:id */
export function deleteBackup(id: string): Promise<void> {
  return apiFetch<void>(path(id), { method: 'DELETE' });
}

/** GET /api/admin/backups/:id/download — saved by the browser under the server's file name. */
export async function downloadBackup(id: string): Promise<void> {
  const { blob, disposition } = await apiFetchFile(`${path(id)}/download`);
  saveBlob(blob, filenameFromDisposition(disposition) ?? id);
}

function useBackupMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: backupKeys.all }) });
}

export const useCreateBackup = () => useBackupMutation(createBackup);
export const useUploadBackup = () => useBackupMutation(uploadBackup);
export const useDeleteBackup = () => useBackupMutation(deleteBackup);
