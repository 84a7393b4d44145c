import type { TMovement } from '@portal/shared';
import { inventoryKeys } from '../../../lib/inventory-lookups';
import { usePagedQuery, type ListQuery } from '../../../lib/paged-query';

/** GET /api/stock/movements — the ledger, newest first. */
export function useMovements(query: ListQuery, enabled = true) {
  return usePagedQuery<TMovement>(inventoryKeys.movements, '/api/stock/movements', query, { enabled });
}
