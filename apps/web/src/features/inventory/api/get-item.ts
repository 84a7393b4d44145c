import { useQuery } from '@tanstack/react-query';
import type { TItemDetail } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { inventoryKeys } from '../../../lib/inventory-lookups';

/** GET /api/items/:id — the item with its stock in every warehouse, in transit shown. */
export function useItem(id: string | null) {
  return useQuery({
    queryKey: [...inventoryKeys.items, 'detail', id],
    queryFn: ({ signal }) => apiFetch<TItemDetail>(`/api/items/${encodeURIComponent(id!)}`, { signal }),
    enabled: !!id,
  });
}
