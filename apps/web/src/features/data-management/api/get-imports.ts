import { useQuery } from '@tanstack/react-query';
import type { TImportJob, TImportJobList } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { dataKeys } from './keys';

/** How often a running import is asked for its progress (realtime events also refetch it). */
export const IMPORT_POLL_MS = 700;

/** GET /api/admin/data/imports — the recent imports, newest first. */
export function useImports() {
  return useQuery({
    queryKey: dataKeys.imports,
    queryFn: ({ signal }) => apiFetch<TImportJobList>('/api/admin/data/imports', { signal }),
  });
}

/** GET /api/admin/data/imports/:id — polled while the import runs. */
export function useImportJob(id: string | null) {
  return useQuery({
    queryKey: dataKeys.importJob(id ?? ''),
    queryFn: ({ signal }) => apiFetch<TImportJob>(`/api/admin/data/imports/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? IMPORT_POLL_MS : false),
  });
}
