import type { TServiceRequestList, TServiceRequestSummary } from '@portal/shared';
import { usePagedQuery, type ListQuery } from '../../../lib/paged-query';
import { serviceRequestKeys } from './keys';

/** GET /api/service-requests — one keyset page of `{ items, next_cursor, total, total_capped }`. */
export function useServiceRequests(query: ListQuery) {
  const page = usePagedQuery<TServiceRequestSummary>(serviceRequestKeys.lists(), '/api/service-requests', query);
  return page as typeof page & { data?: TServiceRequestList };
}
