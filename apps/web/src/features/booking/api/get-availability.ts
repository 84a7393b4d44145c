import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ServiceKind, TAvailability } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';

/** Free slots change with every booking: realtime appointment events make them stale (see ../realtime.ts). */
export const availabilityKey = ['availability'] as const;

/** GET /api/availability?service_kind=&service_type=&date= — the free slots of one company day. */
export function useAvailability(serviceKind: ServiceKind | null, serviceType: string | null, date: string | null) {
  return useQuery({
    queryKey: [...availabilityKey, serviceKind, serviceType, date],
    queryFn: ({ signal }) =>
      apiFetch<TAvailability>('/api/availability', { query: { service_kind: serviceKind!, service_type: serviceType!, date: date! }, signal }),
    enabled: Boolean(serviceKind && serviceType && date),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
