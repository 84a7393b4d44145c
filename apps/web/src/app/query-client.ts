import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { QUERY_STALE_TIME_MS } from '@portal/shared';
import { isApiError } from '../lib/api-client';
import { retryQuery } from '../lib/retry';
import { handleUnauthorized } from '../features/auth';

/**
 * A 401 anywhere goes to the auth layer: it refreshes the session (and the failed queries run
 * again) or signs out. Other errors are for the screen that made the call.
 */
export function createQueryClient(): QueryClient {
  // TanStack assumes a network until an `offline` event: an app started offline would fetch,
  // fail and show errors instead of the reads kept on the device (issue #27).
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isApiError(error) && error.status === 401) {
          void handleUnauthorized().then((refreshed) => {
            if (refreshed) void client.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
          });
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isApiError(error) && error.status === 401) void handleUnauthorized();
      },
    }),
    defaultOptions: {
      queries: {
        retry: retryQuery,
        refetchOnWindowFocus: false,
        staleTime: QUERY_STALE_TIME_MS,
      },
    },
  });
  return client;
}
