import type { TWarehouseWithStock } from '@portal/shared';
import { inventoryKeys } from '../../../lib/inventory-lookups';
import { usePagedQuery, type ListQuery } from '../../../lib/paged-query';

/** GET /api/warehouses — with each warehouse's stock value and low/out counts. */
export function useWarehouses(query: ListQuery) {
  return usePagedQuery<TWarehouseWithStock>(inventoryKeys.warehouses, '/api/warehouses', query);
}
