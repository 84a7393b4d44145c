import type { QueryClient } from '@tanstack/react-query';
import type { TServiceRequest, TServiceRequestList, TStockList } from '@portal/shared';
import { apiFetch } from '../../lib/api-client';

/** How many task details are read at once while warming (a technician has a handful open). */
const CONCURRENCY = 2;
/**
 * A copy younger than this is not read again: the warm-up is about having a copy at all (an
 * opened screen refreshes its own), so reloads and reconnects in a row cost one list request.
 */
const FRESH_ENOUGH_MS = 10 * 60 * 1000;
const OPEN = 'assigned,in_progress,pending_parts';

/**
 * While online, reads every open task of the technician and their van's stock into the cache,
 * so the device keeps them even for a task not opened yet (the basement is where the task is
 * opened for the first time). Same keys and calls as the screens (service-requests/api/keys.ts,
 * get-service-request.ts, work.ts useVanStock); fresh entries are not read again. Best effort.
 */
export async function warmOfflineCopy(client: QueryClient): Promise<void> {
  try {
    const open = await apiFetch<TServiceRequestList>('/api/service-requests', { query: { status: OPEN, limit: 50, sort: 'status', order: 'asc' } });
    const vans = new Set<string>();
    const queue = [...open.items];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const id = next.id;
        const detail = await client
          .fetchQuery({
            queryKey: ['service-requests', 'detail', id],
            queryFn: ({ signal }) => apiFetch<TServiceRequest>(`/api/service-requests/${encodeURIComponent(id)}`, { signal }),
            staleTime: FRESH_ENOUGH_MS,
          })
          .catch(() => null);
        if (detail?.work.van_id) vans.add(detail.work.van_id);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    for (const van of vans) {
      await client
        .prefetchQuery({
          queryKey: ['van-stock', van, ''],
          queryFn: ({ signal }) => apiFetch<TStockList>('/api/stock', { query: { warehouse_id: van, limit: 50, sort: 'item_code' }, signal }),
          staleTime: FRESH_ENOUGH_MS,
        })
        .catch(() => {});
    }
  } catch {
    // Offline or refused: what is kept stays as it is.
  }
}
