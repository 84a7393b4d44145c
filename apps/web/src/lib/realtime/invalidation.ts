import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Which cached queries a realtime event makes stale: one declarative map, filled by the
 * features at module load (`registerRealtimeInvalidation('service_request.updated',
 * [['service-requests']])`), so no feature needs to know another. Events carry ids, not rows:
 * the queries refetch through the REST API, which applies every permission rule again.
 */
const invalidations = new Map<string, QueryKey[]>();

function sameKey(a: QueryKey, b: QueryKey): boolean {
  return hashKey(a) === hashKey(b);
}

export function registerRealtimeInvalidation(event: string, keys: readonly QueryKey[]): void {
  const list = invalidations.get(event) ?? [];
  for (const key of keys) if (!list.some((known) => sameKey(known, key))) list.push(key);
  invalidations.set(event, list);
}

/** The query keys to invalidate when `event` arrives. */
export function realtimeInvalidationKeys(event: string): QueryKey[] {
  return [...(invalidations.get(event) ?? [])];
}

/** Every key any event invalidates: what may have gone stale while the socket was down. */
export function allRealtimeQueryKeys(): QueryKey[] {
  const all: QueryKey[] = [];
  for (const keys of invalidations.values()) for (const key of keys) if (!all.some((known) => sameKey(known, key))) all.push(key);
  return all;
}

export function invalidateForEvent(queryClient: QueryClient, event: string): Promise<void> {
  return invalidateKeys(queryClient, realtimeInvalidationKeys(event));
}

export function invalidateAfterReconnect(queryClient: QueryClient): Promise<void> {
  return invalidateKeys(queryClient, allRealtimeQueryKeys());
}

async function invalidateKeys(queryClient: QueryClient, keys: QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** For tests: forget every registration. */
export function resetRealtimeInvalidations(): void {
  invalidations.clear();
}
