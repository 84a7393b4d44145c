import type { TSession, TUser } from '@portal/shared';

/**
 * The one auth session of this browser. Kept in localStorage so every tab shares it; the
 * `storage` event tells the other tabs when one of them signs in, refreshes or signs out.
 */
export const SESSION_STORAGE_KEY = 'portal.session';

export type AuthEvent =
  | 'SIGNED_IN'
  | 'TOKEN_REFRESHED'
  | 'PASSWORD_RECOVERY'
  | 'USER_UPDATED'
  | 'SIGNED_OUT';

/** Why the session ended: the user asked for it, or it could not be kept (expired, revoked). */
export type SignOutReason = 'user' | 'expired';

export type AuthListener = (event: AuthEvent, session: TSession | null) => void;

let current: TSession | null = readStoredSession();
let lastSignOutReason: SignOutReason | null = null;
const listeners = new Set<AuthListener>();
const snapshotListeners = new Set<() => void>();

function isSessionShape(value: unknown): value is TSession {
  if (!value || typeof value !== 'object') return false;
  const s = value as Record<string, unknown>;
  const user = s.user as Record<string, unknown> | undefined;
  return (
    typeof s.access_token === 'string' &&
    typeof s.refresh_token === 'string' &&
    typeof s.expires_at === 'number' &&
    !!user &&
    typeof user === 'object' &&
    typeof user.id === 'string' &&
    typeof user.role === 'string'
  );
}

/** Reads the session as stored right now (another tab may have changed it). */
export function readStoredSession(): TSession | null {
  try {
    const raw = globalThis.localStorage?.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSessionShape(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function writeStoredSession(session: TSession | null): void {
  try {
    if (session) globalThis.localStorage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    else globalThis.localStorage?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage full or blocked: the session still lives in memory for this tab.
  }
}

/**
 * Equal as JSON whatever the order of the objects' keys (each tab builds its copy in its own
 * order). Not TanStack Query's hashKey, which does the same: the sign-in page uses this store and
 * must not load the query library for it.
 */
function sameJson(a: unknown, b: unknown): boolean {
  const sorted = (_key: string, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : value;
  return JSON.stringify(a, sorted) === JSON.stringify(b, sorted);
}

function emit(event: AuthEvent): void {
  for (const listener of snapshotListeners) listener();
  for (const listener of [...listeners]) {
    try {
      listener(event, current);
    } catch (error) {
      console.error(error);
    }
  }
}

export function getSession(): TSession | null {
  return current;
}

export function getAccessToken(): string | null {
  return current?.access_token ?? null;
}

export function getLastSignOutReason(): SignOutReason | null {
  return lastSignOutReason;
}

export function setSession(session: TSession, event: Exclude<AuthEvent, 'SIGNED_OUT'>): void {
  current = session;
  lastSignOutReason = null;
  writeStoredSession(session);
  emit(event);
}

export function updateSessionUser(user: TUser): void {
  if (!current) return;
  current = { ...current, user };
  writeStoredSession(current);
  emit('USER_UPDATED');
}

export function clearSession(reason: SignOutReason): void {
  const hadSession = current !== null;
  current = null;
  lastSignOutReason = reason;
  writeStoredSession(null);
  if (hadSession) emit('SIGNED_OUT');
  else for (const listener of snapshotListeners) listener();
}

/** Like onAuthStateChange: called on every auth event, in this tab or (via storage) another. */
export function onAuthStateChange(listener: AuthListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Takes over what another tab stored, naming the change as the event it stands for. */
export function syncFromStorage(): void {
  const next = readStoredSession();
  const prev = current;
  if (!next && !prev) return;
  if (next && prev && sameJson(next, prev)) return;
  current = next;
  if (!next) {
    lastSignOutReason = 'expired';
    emit('SIGNED_OUT');
  } else if (!prev || prev.user.id !== next.user.id) {
    lastSignOutReason = null;
    emit(next.recovery ? 'PASSWORD_RECOVERY' : 'SIGNED_IN');
  } else if (prev.access_token !== next.access_token) {
    emit('TOKEN_REFRESHED');
  } else {
    emit('USER_UPDATED');
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) syncFromStorage();
  });
}

/** Calls `listener` whenever the session changes (for useSession, lib/use-session.ts). */
export function subscribeSnapshot(listener: () => void): () => void {
  snapshotListeners.add(listener);
  return () => snapshotListeners.delete(listener);
}
