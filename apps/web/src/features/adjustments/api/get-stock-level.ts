import { useQuery } from '@tanstack/react-query';
import type { TStockList } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { inventoryKeys } from '../../../lib/inventory-lookups';

/** GET /api/stock?warehouse_id&item_id — the one level the adjustment changes (none yet: null). */
export function useStockLevel(warehouseId: string | null, itemId: string | null) {
  return useQuery({
    queryKey: [...inventoryKeys.stock, 'level', warehouseId, itemId],
    queryFn: async ({ signal }) => {
      const page = await apiFetch<TStockList>('/api/stock', { query: { warehouse_id: warehouseId!, item_id: itemId!, limit: 1 }, signal });
      return page.items[0] ?? null;
    },
    enabled: !!warehouseId && !!itemId,
  });
}
