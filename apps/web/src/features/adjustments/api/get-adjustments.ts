import type { TAdjustment } from '@portal/shared';
import { inventoryKeys } from '../../../lib/inventory-lookups';
import { usePagedQuery, type ListQuery } from '../../../lib/paged-query';

/** GET /api/adjustments — newest first. */
export function useAdjustments(query: ListQuery) {
  return usePagedQuery<TAdjustment>(inventoryKeys.adjustments, '/api/adjustments', query);
}
