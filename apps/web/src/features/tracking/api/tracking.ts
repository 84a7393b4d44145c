import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTrackingLink, TTrackingView, TTrackRequest } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';

/** Every tracking query lives under ['tracking']. */
export const trackingKeys = {
  view: (token: string) => ['tracking', 'view', token] as const,
  link: (requestId: string) => ['tracking', 'link', requestId] as const,
};

/** POST /api/track — the public view by request number and mobile (never with the session's token). */
export function trackByNumber(body: TTrackRequest): Promise<TTrackingView> {
  return apiFetch<TTrackingView>('/api/track', { method: 'POST', body, auth: false });
}

/** GET /api/track/:token — the public view by tracking link. */
export const trackingViewQuery = (token: string) =>
  queryOptions({
    queryKey: trackingKeys.view(token),
    queryFn: ({ signal }) => apiFetch<TTrackingView>(`/api/track/${encodeURIComponent(token)}`, { auth: false, signal }),
    // A 404 or 429 is the answer, not a hiccup to retry.
    retry: false,
  });

export function useTrackingView(token: string) {
  return useQuery(trackingViewQuery(token));
}

/** GET /api/service-requests/:id/tracking-link — admins, and the request's customer. */
export function useTrackingLink(requestId: string) {
  return useQuery({
    queryKey: trackingKeys.link(requestId),
    queryFn: ({ signal }) => apiFetch<TTrackingLink>(`/api/service-requests/${encodeURIComponent(requestId)}/tracking-link`, { signal }),
  });
}

/** POST /api/service-requests/:id/tracking-link/revoke — admins: the old link stops, a new one is answered. */
export function revokeTrackingLink(requestId: string): Promise<TTrackingLink> {
  return apiFetch<TTrackingLink>(`/api/service-requests/${encodeURIComponent(requestId)}/tracking-link/revoke`, { method: 'POST' });
}
