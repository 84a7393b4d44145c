import { useQuery } from '@tanstack/react-query';
import type { TCustomerDashboard } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { registerRealtimeInvalidation } from '../../../lib/realtime';

export const customerDashboardKey = ['dashboard', 'customer'] as const;

// A request of theirs raised or changed (the server sends a customer only their own) moves the figures.
for (const event of ['service_request.created', 'service_request.updated']) registerRealtimeInvalidation(event, [customerDashboardKey]);
// So does an appointment of theirs booked, moved or cancelled (the upcoming list).
for (const event of ['appointment.created', 'appointment.updated']) registerRealtimeInvalidation(event, [customerDashboardKey]);

/** GET /api/dashboard/customer — PRODUCT.md §5's customer figures. */
export function useCustomerDashboard() {
  return useQuery({
    queryKey: customerDashboardKey,
    queryFn: ({ signal }) => apiFetch<TCustomerDashboard>('/api/dashboard/customer', { signal }),
  });
}
