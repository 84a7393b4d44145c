import { dehydrate, hydrate, type DehydratedState, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { OfflineStorage } from './storage';

/**
 * The technician's reads kept on the device (issue #27), by query key — the keys their screens
 * use (features/service-requests/api, dashboard/technician, inventory's van, lib/public-settings):
 * the open-work list, today's visits, every task's detail, the service and fault type names,
 * the dashboard's today, the van's stock (the van screen and the parts picker), the warehouses
 * (to find the van) and the company's public settings (time zone, currency). Nothing else.
 */
const OFFLINE_QUERY_PREFIXES: readonly QueryKey[] = [
  ['service-requests', 'list'],
  ['service-requests', 'detail'],
  ['service-requests', 'tasks-today'],
  ['service-requests', 'options'],
  ['dashboard', 'technician'],
  ['van-stock'],
  ['warehouses', 'options'],
  ['settings', 'public'],
];

export function isOfflineQuery(queryKey: QueryKey): boolean {
  // The van screen's stock levels, not the movements ledger under the same root.
  if (queryKey[0] === 'stock') return queryKey[1] !== 'movements';
  return OFFLINE_QUERY_PREFIXES.some((prefix) => prefix.every((part, i) => queryKey[i] === part));
}

/** A day's work and a weekend: older copies are dropped rather than shown. */
export const OFFLINE_READS_MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;
/** Bumped when the shape of what is kept changes, so an older copy is never read. */
const VERSION = 1;

interface StoredReads {
  version: number;
  savedAt: number;
  state: DehydratedState;
}

const readsKey = (userId: string) => `queries:${userId}`;

/**
 * Kept queries stay in the cache as long as they are kept on the device: otherwise a task
 * nobody looked at for five minutes would be garbage-collected, and left out of the next save.
 */
function keepInCache(client: QueryClient): void {
  for (const prefix of [...OFFLINE_QUERY_PREFIXES, ['stock']]) client.setQueryDefaults(prefix, { gcTime: OFFLINE_READS_MAX_AGE_MS });
}

/** Puts the user's kept reads into the cache (newer data already there wins). */
export async function restoreReads(client: QueryClient, storage: OfflineStorage, userId: string, now: number = Date.now()): Promise<void> {
  keepInCache(client);
  try {
    const stored = await storage.get<StoredReads>(readsKey(userId));
    if (!stored) return;
    if (stored.version !== VERSION || now - stored.savedAt > OFFLINE_READS_MAX_AGE_MS) {
      await storage.del(readsKey(userId));
      return;
    }
    hydrate(client, stored.state);
  } catch {
    // An unreadable copy: start from the server as before.
  }
}

/**
 * Saves the kept queries whenever one of them gets new data or leaves the cache (at most once
 * per `delayMs`). `isCurrent` is asked before each write: after sign-out nothing is written.
 * Returns the stop function.
 */
export function persistReads(
  client: QueryClient,
  storage: OfflineStorage,
  userId: string,
  options: { delayMs?: number; isCurrent?: () => boolean } = {},
): () => void {
  keepInCache(client);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const save = () => {
    timer = undefined;
    if (stopped || (options.isCurrent && !options.isCurrent())) return;
    const state = dehydrate(client, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && isOfflineQuery(query.queryKey),
      shouldDehydrateMutation: () => false,
    });
    const stored: StoredReads = { version: VERSION, savedAt: Date.now(), state };
    void storage.set(readsKey(userId), stored).catch(() => {});
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (!isOfflineQuery(event.query.queryKey)) return;
    if ((event.type === 'updated' && event.action.type === 'success') || event.type === 'removed') timer ??= setTimeout(save, options.delayMs ?? 1000);
  });
  // Leaving the page (a reload, the phone locked) must not lose a save still waiting.
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    save();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHidden);
  };
}

/** Sign-out: the user's reads leave the device. */
export function clearReads(storage: OfflineStorage, userId: string): Promise<void> {
  return storage.del(readsKey(userId)).catch(() => {});
}
