import { useQuery } from '@tanstack/react-query';
import type { TSupervisorDashboard } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { inventoryKeys } from '../../../lib/inventory-lookups';

/**
 * GET /api/dashboard/supervisor — PRODUCT.md §5's supervisor figures. Kept fresh by the stock
 * and transfer events registered in inventory-lookups (the page joins both topics).
 */
export function useSupervisorDashboard() {
  return useQuery({
    queryKey: inventoryKeys.supervisorDashboard,
    queryFn: ({ signal }) => apiFetch<TSupervisorDashboard>('/api/dashboard/supervisor', { signal }),
  });
}
