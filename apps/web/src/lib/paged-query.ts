import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { TPage } from '@portal/shared';
import { apiFetch, type ApiRequestOptions } from './api-client';

export type ListQuery = NonNullable<ApiRequestOptions['query']>;

/** GET a paged list: `{ items, next_cursor, total }`. */
export function fetchPage<T>(path: string, query: ListQuery, signal?: AbortSignal): Promise<TPage<T>> {
  return apiFetch<TPage<T>>(path, { query, signal });
}

/**
 * One page of a list, keyed by `[...baseKey, query]` so every filter, sort and cursor is its
 * own cache entry (back and forward show pages at once), and the previous page stays on screen
 * while the next loads. Realtime invalidation of `baseKey` refreshes every page.
 */
export function usePagedQuery<T>(baseKey: QueryKey, path: string, query: ListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...baseKey, query],
    queryFn: ({ signal }) => fetchPage<T>(path, query, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
