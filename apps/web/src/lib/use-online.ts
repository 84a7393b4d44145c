import { useSyncExternalStore } from 'react';

/**
 * Whether the browser believes it has a network (navigator.onLine, kept by its `online` and
 * `offline` events). `false` is reliable; `true` only means a network interface is up, so a
 * call may still fail with a network error.
 */
function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const read = () => navigator.onLine;
const readOnServer = () => true;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, read, readOnServer);
}
