import { useQuery } from '@tanstack/react-query';
import type { TStockList, TStockRow } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { transferKeys } from './keys';

/** GET /api/stock?warehouse_id=&item_id= — the item's level in the warehouse, or null without one. */
export async function getAvailableStock(warehouseId: string, itemId: string, signal?: AbortSignal): Promise<TStockRow | null> {
  const list = await apiFetch<TStockList>('/api/stock', { query: { warehouse_id: warehouseId, item_id: itemId, limit: 1 }, signal });
  return list.items[0] ?? null;
}

export function useAvailableStock(warehouseId: string | null, itemId: string | null) {
  return useQuery({
    queryKey: transferKeys.available(warehouseId ?? '', itemId ?? ''),
    queryFn: ({ signal }) => getAvailableStock(warehouseId!, itemId!, signal),
    enabled: Boolean(warehouseId && itemId),
  });
}
