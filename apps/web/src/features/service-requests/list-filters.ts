import { ACTIVE_REQUEST_STATUSES, SERVICE_REQUEST_STATUSES, type ServiceRequestStatus } from '@portal/shared';

/** The `status` filter as the URL and the API hold it: one status, or several joined by commas. */
export const ACTIVE_STATUS_FILTER = ACTIVE_REQUEST_STATUSES.join(',');

export const STATUS_TABS = ['all', 'active', ...SERVICE_REQUEST_STATUSES] as const;
/**
 * `status=all` in the URL: every status, on a list whose default is narrower (the technician's
 * tasks open on their active jobs). Never sent to the server.
 */
export const ALL_STATUSES = 'all';
export type StatusTab = (typeof STATUS_TABS)[number];

/** Which tab a `status` filter is: a known preset, one status, or null for any other mix. */
export function statusTabOf(status: string | undefined): StatusTab | null {
  if (!status || status === ALL_STATUSES) return 'all';
  const parts = [...new Set(status.split(',').map((s) => s.trim()).filter(Boolean))];
  if (parts.length === 1 && (SERVICE_REQUEST_STATUSES as readonly string[]).includes(parts[0]!)) return parts[0] as ServiceRequestStatus;
  const active = new Set<string>(ACTIVE_REQUEST_STATUSES);
  if (parts.length === active.size && parts.every((p) => active.has(p))) return 'active';
  return null;
}

/** The `status` filter of a tab (undefined: no filter). */
export function statusFilterOf(tab: StatusTab): string | undefined {
  if (tab === 'all') return undefined;
  if (tab === 'active') return ACTIVE_STATUS_FILTER;
  return tab;
}

/** The list's filters that the export and the API share (no paging). */
export function withoutPaging(query: Record<string, string | number | undefined>): Record<string, string | number | undefined> {
  const { cursor: _cursor, limit: _limit, ...rest } = query;
  return rest;
}
