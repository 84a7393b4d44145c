import { useQuery } from '@tanstack/react-query';
import type { TTechnicianDashboard } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { registerRealtimeInvalidation } from '../../../lib/realtime';

export const technicianDashboardKey = ['dashboard', 'technician'] as const;

// A job of theirs assigned, worked or completed, and an appointment booked, moved or cancelled, move the figures.
for (const event of ['service_request.created', 'service_request.updated', 'appointment.created', 'appointment.updated']) {
  registerRealtimeInvalidation(event, [technicianDashboardKey]);
}

/** GET /api/dashboard/technician — PRODUCT.md §5's technician figures. */
export function useTechnicianDashboard() {
  return useQuery({
    queryKey: technicianDashboardKey,
    queryFn: ({ signal }) => apiFetch<TTechnicianDashboard>('/api/dashboard/technician', { signal }),
  });
}
