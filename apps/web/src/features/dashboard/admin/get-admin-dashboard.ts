import { useQuery } from '@tanstack/react-query';
import { TRANSFER_STATUSES, type TAdminDashboard } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { registerRealtimeInvalidation } from '../../../lib/realtime';

export const adminDashboardKey = ['dashboard', 'admin'] as const;

// Requests, transfers and stock all move the admin's figures.
const EVENTS = ['service_request.created', 'service_request.updated', 'transfer.created', ...TRANSFER_STATUSES.map((s) => `transfer.${s}`), 'stock.changed', 'item.changed'];
for (const event of EVENTS) {
  registerRealtimeInvalidation(event, [adminDashboardKey]);
}

/** GET /api/dashboard/admin — PRODUCT.md §5's admin figures. */
export function useAdminDashboard() {
  return useQuery({
    queryKey: adminDashboardKey,
    queryFn: ({ signal }) => apiFetch<TAdminDashboard>('/api/dashboard/admin', { signal }),
  });
}
