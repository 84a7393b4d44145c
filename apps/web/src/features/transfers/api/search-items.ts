import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TItemList } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { transferKeys } from './keys';

/** GET /api/items?q= — active items whose code or name matches, for a line's item picker. */
export function searchItems(q: string, signal?: AbortSignal): Promise<TItemList> {
  return apiFetch<TItemList>('/api/items', { query: { q: q || undefined, active: 'true', limit: 20, sort: 'code' }, signal });
}

export function useItemSearch(q: string) {
  return useQuery({
    queryKey: transferKeys.items(q),
    queryFn: ({ signal }) => searchItems(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
