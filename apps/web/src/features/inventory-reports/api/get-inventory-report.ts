import { useQuery } from '@tanstack/react-query';
import type { TInventoryReport } from '@portal/shared';
import { apiFetch, type ApiRequestOptions } from '../../../lib/api-client';
import { inventoryKeys } from '../../../lib/inventory-lookups';

/** GET /api/reports/inventory (JSON). */
export function useInventoryReport(query: NonNullable<ApiRequestOptions['query']>) {
  return useQuery({
    queryKey: [...inventoryKeys.report, query],
    queryFn: ({ signal }) => apiFetch<TInventoryReport>('/api/reports/inventory', { query: { ...query, format: 'json' }, signal }),
  });
}
