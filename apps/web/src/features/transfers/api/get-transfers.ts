import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TTransferList, TTransferListQuery } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { transferKeys } from './keys';

export type TransferListRequest = Partial<Record<keyof TTransferListQuery, string | number | undefined>>;

/** GET /api/transfers — one keyset page: `{ items, next_cursor, total }`. */
export function getTransfers(query: TransferListRequest, signal?: AbortSignal): Promise<TTransferList> {
  return apiFetch<TTransferList>('/api/transfers', { query, signal });
}

/** One page of the list; the previous page stays on screen while the next one loads. */
export function useTransfers(query: TransferListRequest) {
  return useQuery({
    queryKey: transferKeys.list(query as Partial<TTransferListQuery>),
    queryFn: ({ signal }) => getTransfers(query, signal),
    placeholderData: keepPreviousData,
  });
}
