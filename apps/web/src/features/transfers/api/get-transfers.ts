import type { TTransferSummary } from '@portal/shared';
import { usePagedQuery, type ListQuery } from '../../../lib/paged-query';
import { transferKeys } from './keys';

/** GET /api/transfers — one keyset page of `{ items, next_cursor, total }` (realtime refreshes every page). */
export function useTransfers(query: ListQuery) {
  return usePagedQuery<TTransferSummary>(transferKeys.lists(), '/api/transfers', query);
}
