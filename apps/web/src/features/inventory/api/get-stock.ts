import type { TStockRow } from '@portal/shared';
import { inventoryKeys } from '../../../lib/inventory-lookups';
import { usePagedQuery, type ListQuery } from '../../../lib/paged-query';

/** GET /api/stock — stock levels (a technician's van, one warehouse, …). */
export function useStock(query: ListQuery, enabled = true) {
  return usePagedQuery<TStockRow>(inventoryKeys.stock, '/api/stock', query, { enabled });
}
