import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataSet, TImportJob } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { dataKeys } from './keys';

export interface StartImportInput {
  set: DataSet;
  file: File;
  /** A dry run checks every row and writes nothing. */
  dryRun: boolean;
}

/**
 * POST /api/admin/data/:set/import?dry_run=… as a job (`Prefer: respond-async`): the server
 * answers 202 at once and the job is followed with GET /api/admin/data/imports/:id.
 */
export function startImport({ set, file, dryRun }: StartImportInput): Promise<TImportJob> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiFetch<TImportJob>(`/api/admin/data/${set}/import`, {
    method: 'POST',
    query: { dry_run: dryRun ? 'true' : 'false' },
    body,
    headers: { Prefer: 'respond-async' },
  });
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: (job) => {
      queryClient.setQueryData(dataKeys.importJob(job.id), job);
      return queryClient.invalidateQueries({ queryKey: dataKeys.imports, exact: true });
    },
  });
}
