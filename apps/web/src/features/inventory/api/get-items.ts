import type { TItem } from '@portal/shared';
import { inventoryKeys } from '../../../lib/inventory-lookups';
import { usePagedQuery, type ListQuery } from '../../../lib/paged-query';

/** GET /api/items — one page of items (search, filters, sort, cursor). */
export function useItems(query: ListQuery) {
  return usePagedQuery<TItem>(inventoryKeys.items, '/api/items', query);
}
