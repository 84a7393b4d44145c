import { useQuery } from '@tanstack/react-query';
import type { TPerformanceReport, TServiceReport, TServiceReportList, TServiceReportRow } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { usePagedQuery, type ListQuery } from '../../../lib/paged-query';
import { registerRealtimeInvalidation } from '../../../lib/realtime';

export const reportKeys = {
  all: ['reports'] as const,
  serviceLists: () => ['reports', 'service', 'list'] as const,
  service: (id: string) => ['reports', 'service', 'detail', id] as const,
  performance: (query: ListQuery) => ['reports', 'performance', query] as const,
};

// A request changed (work, parts, check, signatures) changes its report and every figure.
for (const event of ['service_request.created', 'service_request.updated']) registerRealtimeInvalidation(event, [reportKeys.all]);

/** GET /api/reports/service — one keyset page of reports. */
export function useServiceReports(query: ListQuery) {
  const page = usePagedQuery<TServiceReportRow>(reportKeys.serviceLists(), '/api/reports/service', query);
  return page as typeof page & { data?: TServiceReportList };
}

/** GET /api/service-requests/:id/report — the whole record of one request. */
export function useServiceReport(id: string) {
  return useQuery({
    queryKey: reportKeys.service(id),
    queryFn: ({ signal }) => apiFetch<TServiceReport>(`/api/service-requests/${encodeURIComponent(id)}/report`, { signal }),
  });
}

/** GET /api/reports/performance — per technician over a period, with the series for the charts. */
export function usePerformanceReport(query: ListQuery) {
  return useQuery({
    queryKey: reportKeys.performance(query),
    queryFn: ({ signal }) => apiFetch<TPerformanceReport>('/api/reports/performance', { query, signal }),
    placeholderData: (previous) => previous,
  });
}
