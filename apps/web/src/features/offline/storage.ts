import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';

/**
 * Where the device keeps a technician's work between visits: the persisted reads and the
 * outbox. IndexedDB in the browser (structured clone, so a photo's Blob is stored as it is);
 * an in-memory map in unit tests, where the DOM has no IndexedDB.
 */
export interface OfflineStorage {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

const DB_NAME = 'portal-offline';
const STORE_NAME = 'kv';

/** IndexedDB through idb-keyval; the database opens on first use (never at import). */
export function idbStorage(): OfflineStorage {
  let store: UseStore | null = null;
  const db = () => (store ??= createStore(DB_NAME, STORE_NAME));
  return {
    get: (key) => get(key, db()),
    set: (key, value) => set(key, value, db()),
    del: (key) => del(key, db()),
    keys: async () => (await keys(db())).map(String),
  };
}

/** The same contract in memory: copies, as IndexedDB's structured clone makes (a Blob is kept as it is). */
export function memoryStorage(): OfflineStorage & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  const copy = <T>(value: T): T => (value instanceof Blob ? value : structuredClone(value));
  return {
    data,
    get: async <T>(key: string) => (data.has(key) ? copy(data.get(key) as T) : undefined),
    set: async (key, value) => {
      data.set(key, copy(value));
    },
    del: async (key) => {
      data.delete(key);
    },
    keys: async () => [...data.keys()],
  };
}

let shared: OfflineStorage | null = null;

/** The app's one storage (tests put a `memoryStorage()` in its place with setOfflineStorage). */
export function offlineStorage(): OfflineStorage {
  return (shared ??= idbStorage());
}

export function setOfflineStorage(storage: OfflineStorage): void {
  shared = storage;
}
