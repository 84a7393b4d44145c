import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TServiceRequest } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { serviceRequestKeys } from './keys';

/** GET /api/service-requests/:id — sections, history, device history and the caller's allowed_actions. */
export function getServiceRequest(id: string, signal?: AbortSignal): Promise<TServiceRequest> {
  return apiFetch<TServiceRequest>(`/api/service-requests/${encodeURIComponent(id)}`, { signal });
}

export const serviceRequestQuery = (id: string) =>
  queryOptions({ queryKey: serviceRequestKeys.detail(id), queryFn: ({ signal }) => getServiceRequest(id, signal) });

export function useServiceRequest(id: string) {
  return useQuery(serviceRequestQuery(id));
}
