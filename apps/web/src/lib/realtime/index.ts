import { useEffect, useRef, useSyncExternalStore } from 'react';
import { REALTIME_PATH, type RealtimeEvent, type Topic } from '@portal/shared';
import { getAccessToken } from '../session-store';
import { RealtimeClient, type RealtimeStatus } from './realtime-client';

export { RealtimeClient, type RealtimeStatus, type WebSocketFactory, type WebSocketLike } from './realtime-client';
export {
  allRealtimeQueryKeys,
  invalidateAfterReconnect,
  invalidateForEvent,
  realtimeInvalidationKeys,
  registerRealtimeInvalidation,
} from './invalidation';

/** Same origin: wss:// on an https page, ws:// otherwise. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${REALTIME_PATH}`;
}

/**
 * The tab's one realtime connection. The app starts and stops it with the session
 * (src/app/realtime-bridge.tsx); features only subscribe to topics.
 */
export const realtime = new RealtimeClient({ url: () => realtimeUrl(), getToken: getAccessToken });

/** Handles the events of `topic` while the component is mounted (the latest handler is used). */
export function useRealtimeSubscription(topic: Topic, handler: (event: RealtimeEvent) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtime.subscribe(topic, (event) => latest.current(event)), [topic]);
}

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => realtime.onStatus(listener),
    () => realtime.getStatus(),
    () => realtime.getStatus(),
  );
}
