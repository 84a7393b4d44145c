import { useQuery } from '@tanstack/react-query';
import type { TAuditEntry, TAuditFacets } from '@portal/shared';
import { apiFetch, apiFetchFile } from '../../../lib/api-client';
import { filenameFromDisposition, saveBlob } from '../../../lib/download';
import { usePagedQuery, type ListQuery } from '../../../lib/paged-query';

export const auditKeys = { all: ['admin', 'audit'] as const, list: ['admin', 'audit', 'list'] as const, facets: ['admin', 'audit', 'facets'] as const };

/** GET /api/admin/audit — newest first, filtered as the URL says. */
export function useAuditLog(query: ListQuery) {
  return usePagedQuery<TAuditEntry>(auditKeys.list, '/api/admin/audit', query);
}

/** GET /api/admin/audit/facets — the actions and record types for the filters. */
export function useAuditFacets() {
  return useQuery({ queryKey: auditKeys.facets, queryFn: ({ signal }) => apiFetch<TAuditFacets>('/api/admin/audit/facets', { signal }) });
}

/** The filtered log as CSV, saved by the browser. */
export async function exportAuditCsv(filters: ListQuery): Promise<void> {
  const { cursor: _cursor, limit: _limit, ...rest } = filters;
  const { blob, disposition } = await apiFetchFile('/api/admin/audit', { query: { ...rest, format: 'csv' } });
  saveBlob(blob, filenameFromDisposition(disposition) ?? `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
}
