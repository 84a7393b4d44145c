import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { makeSession } from '../../test-utils/session-factory';
import { clearSession, setSession } from '../../lib/session-store';
import { isOfflineQuery, OFFLINE_READS_MAX_AGE_MS, persistReads, restoreReads } from './persisted-reads';
import { outboxOf } from './runtime';
import { memoryStorage, setOfflineStorage } from './storage';
// Its sign-out listener is what clears the device (the app imports it from providers.tsx).
import './offline-reads';

const TECH = '00000000-0000-4000-8000-000000000201';

afterEach(() => clearSession('expired'));

describe('the reads kept on the device', () => {
  it('are the technician screens’ queries only', () => {
    for (const key of [
      ['service-requests', 'list', { status: 'assigned,in_progress,pending_parts' }],
      ['service-requests', 'detail', 'id'],
      ['service-requests', 'tasks-today', TECH, '2025-01-01'],
      ['dashboard', 'technician'],
      ['stock', { warehouse_id: 'van', limit: 100 }],
      ['van-stock', 'van', ''],
      ['warehouses', 'options', false],
      ['settings', 'public'],
    ]) {
      expect(isOfflineQuery(key), JSON.stringify(key)).toBe(true);
    }
    for (const key of [['notifications'], ['dashboard', 'admin'], ['stock', 'movements', {}], ['items', 'search', '', true], ['audit']]) {
      expect(isOfflineQuery(key), JSON.stringify(key)).toBe(false);
    }
  });

  it('are saved as they change and restored into a fresh cache (newer data there wins)', async () => {
    const storage = memoryStorage();
    const client = new QueryClient();
    const stop = persistReads(client, storage, TECH, { delayMs: 0 });
    client.setQueryData(['service-requests', 'detail', 'a'], { id: 'a', status: 'assigned' });
    client.setQueryData(['notifications'], { items: ['not kept'] });
    await vi.waitFor(() => expect(storage.data.has(`queries:${TECH}`)).toBe(true));
    stop();

    const next = new QueryClient();
    next.setQueryData(['settings', 'public'], { time_zone: 'Asia/Riyadh' });
    await restoreReads(next, storage, TECH);
    expect(next.getQueryData(['service-requests', 'detail', 'a'])).toEqual({ id: 'a', status: 'assigned' });
    expect(next.getQueryState(['service-requests', 'detail', 'a'])!.dataUpdatedAt).toBe(client.getQueryState(['service-requests', 'detail', 'a'])!.dataUpdatedAt);
    expect(next.getQueryData(['notifications'])).toBeUndefined();
    expect(next.getQueryData(['settings', 'public'])).toEqual({ time_zone: 'Asia/Riyadh' });
    // Kept in the cache as long as on the device, not the default five minutes.
    expect(next.getQueryCache().find({ queryKey: ['service-requests', 'detail', 'a'] })!.gcTime).toBe(OFFLINE_READS_MAX_AGE_MS);
    // Another user's copy is not theirs.
    const stranger = new QueryClient();
    await restoreReads(stranger, storage, 'someone-else');
    expect(stranger.getQueryData(['service-requests', 'detail', 'a'])).toBeUndefined();
  });

  it('drops a copy older than the age limit instead of showing it', async () => {
    const storage = memoryStorage();
    const client = new QueryClient();
    const stop = persistReads(client, storage, TECH, { delayMs: 0 });
    client.setQueryData(['dashboard', 'technician'], { today: [] });
    await vi.waitFor(() => expect(storage.data.has(`queries:${TECH}`)).toBe(true));
    stop();
    const later = new QueryClient();
    await restoreReads(later, storage, TECH, Date.now() + OFFLINE_READS_MAX_AGE_MS + 1000);
    expect(later.getQueryData(['dashboard', 'technician'])).toBeUndefined();
    expect(storage.data.has(`queries:${TECH}`)).toBe(false);
  });

  it('leave the device at sign-out, and the unsent work with them when the user chose it', async () => {
    const storage = memoryStorage();
    setOfflineStorage(storage);
    setSession(makeSession({ user: { id: TECH, role: 'technician' } }), 'SIGNED_IN');
    await storage.set(`queries:${TECH}`, { version: 1 });
    await outboxOf(TECH).enqueue({ id: 'k1', userId: TECH, requestId: 'r', kind: 'diagnostic', method: 'PUT', path: '/api/x', body: {}, at: new Date().toISOString(), state: 'pending' });

    // The session expired: the reads go, the unsent work waits for the next sign-in.
    clearSession('expired');
    await vi.waitFor(() => expect(storage.data.has(`queries:${TECH}`)).toBe(false));
    await new Promise((r) => setTimeout(r, 20));
    expect(storage.data.has(`outbox:${TECH}`)).toBe(true);

    // Signed out on purpose (the menu warned): both go.
    setSession(makeSession({ user: { id: TECH, role: 'technician' } }), 'SIGNED_IN');
    await storage.set(`queries:${TECH}`, { version: 1 });
    clearSession('user');
    await vi.waitFor(() => expect(storage.data.has(`outbox:${TECH}`)).toBe(false));
    expect(storage.data.has(`queries:${TECH}`)).toBe(false);
    expect(outboxOf(TECH).list()).toEqual([]);
  });
});
