import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDispatchCandidates, TDispatchList } from '@portal/shared';
import { apiFetch } from '../../lib/api-client';
import { registerRealtimeInvalidation, useRealtimeSubscription } from '../../lib/realtime';

export const dispatchKeys = {
  all: ['dispatch'] as const,
  lists: () => ['dispatch', 'list'] as const,
  candidates: (id: string) => ['dispatch', 'candidates', id] as const,
};

// Any request raised or changed (an assignment here or elsewhere, a start, a wait for parts)
// can move a row between tabs or change its SLA; appointments change candidates' load.
for (const event of ['service_request.created', 'service_request.updated']) registerRealtimeInvalidation(event, [dispatchKeys.all]);
for (const event of ['appointment.created', 'appointment.updated']) registerRealtimeInvalidation(event, [['dispatch', 'candidates']]);

const ignore = () => {};
export function useDispatchLive(): void {
  useRealtimeSubscription('service_requests', ignore);
  useRealtimeSubscription('appointments', ignore);
}

/** GET /api/dispatch, page after page ("show more"); refetched every minute so SLA states move on. */
export function useDispatchList(query: Record<string, string>) {
  return useInfiniteQuery({
    queryKey: [...dispatchKeys.lists(), query],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<TDispatchList>('/api/dispatch', { query: { ...query, limit: '25', ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

export function useCandidates(requestId: string | null) {
  return useQuery({
    queryKey: dispatchKeys.candidates(requestId ?? ''),
    queryFn: ({ signal }) => apiFetch<TDispatchCandidates>(`/api/dispatch/${encodeURIComponent(requestId!)}/candidates`, { signal }),
    enabled: !!requestId,
  });
}

/** POST /api/service-requests/:id/assign (assign or reassign); every dispatch and request query is refreshed. */
export function useAssign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, technicianId }: { id: string; technicianId: string }) =>
      apiFetch<unknown>(`/api/service-requests/${encodeURIComponent(id)}/assign`, { method: 'POST', body: { technician_id: technicianId } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: dispatchKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['service-requests'] });
      void queryClient.invalidateQueries({ queryKey: ['appointments'] });
    },
  });
}
