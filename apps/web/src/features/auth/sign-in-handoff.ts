import { replacePage } from '../../lib/page-load';
import { paths } from '../../lib/paths';

// The sign-in page is not part of the app (decision 019): the server sends it at /login, and the
// app reaches it with a full page load, as the page reaches the app after sign-in. What one wants
// said on the other (signed out, password changed, session expired; signed in) goes along in this
// tab's sessionStorage, as message keys, and is shown once: by the sign-in page's script
// (sign-in-page/main.ts) and by the app's toasts (app/toasts.tsx).

/** A notice not picked up by then was meant for a visit that never came: it is dropped. */
const NOTICE_TTL_MS = 60_000;

/** Which page the notice is for. */
export type NoticeFor = 'sign-in' | 'app';

export interface PageNotice {
  kind: 'success' | 'error';
  /** Message keys: the page words them in its own language. */
  title: string;
  body?: string;
}

const storageKey = (page: NoticeFor) => `portal.notice.${page}`;

/** Leaves a notice for `page`'s next load in this tab. */
export function leaveNotice(page: NoticeFor, notice: PageNotice): void {
  try {
    sessionStorage.setItem(storageKey(page), JSON.stringify({ ...notice, at: Date.now() }));
  } catch {
    // Storage blocked: the page simply says nothing.
  }
}

/** The notice left for `page`, once; null when there is none, it is stale or malformed. */
export function takeNotice(page: NoticeFor, now = Date.now()): PageNotice | null {
  try {
    const raw = sessionStorage.getItem(storageKey(page));
    if (!raw) return null;
    sessionStorage.removeItem(storageKey(page));
    const value = JSON.parse(raw) as Partial<PageNotice & { at: number }>;
    if (typeof value.at !== 'number' || now - value.at > NOTICE_TTL_MS || now < value.at) return null;
    if ((value.kind !== 'success' && value.kind !== 'error') || typeof value.title !== 'string') return null;
    return { kind: value.kind, title: value.title, ...(typeof value.body === 'string' ? { body: value.body } : {}) };
  } catch {
    return null;
  }
}

/** The sign-in page's address, coming back to `redirect` (a path of the app) afterwards. */
export function signInUrl(redirect?: string): string {
  return redirect ? `${paths.login}?redirect=${encodeURIComponent(redirect)}` : paths.login;
}

/** Leaves the app for the sign-in page, in place of the current entry of the history. */
export function goToSignIn({ redirect, notice }: { redirect?: string; notice?: PageNotice } = {}): void {
  if (notice) leaveNotice('sign-in', notice);
  replacePage(signInUrl(redirect));
}
