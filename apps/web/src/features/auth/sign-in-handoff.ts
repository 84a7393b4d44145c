import { replacePage } from '../../lib/page-load';
import { paths } from '../../lib/paths';

// The sign-in page is not part of the app (decision 019): the server sends it at /login, and the
// app reaches it with a full page load. What the app wants said there (signed out, password
// changed, session expired) goes along in this tab's sessionStorage, as message keys, and the page
// shows it once (sign-in-page/main.ts).

const NOTICE_KEY = 'portal.sign-in-notice';
/** A notice not picked up by then was meant for a visit that never came: it is dropped. */
const NOTICE_TTL_MS = 60_000;

export interface SignInNotice {
  kind: 'success' | 'error';
  /** Message keys: the page words them in its own language. */
  title: string;
  body?: string;
}

/** Leaves a notice for the sign-in page's next load in this tab. */
export function leaveSignInNotice(notice: SignInNotice): void {
  try {
    sessionStorage.setItem(NOTICE_KEY, JSON.stringify({ ...notice, at: Date.now() }));
  } catch {
    // Storage blocked: the page simply says nothing.
  }
}

/** The notice left for this load, once; null when there is none, it is stale or malformed. */
export function takeSignInNotice(now = Date.now()): SignInNotice | null {
  try {
    const raw = sessionStorage.getItem(NOTICE_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(NOTICE_KEY);
    const value = JSON.parse(raw) as Partial<SignInNotice & { at: number }>;
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
export function goToSignIn({ redirect, notice }: { redirect?: string; notice?: SignInNotice } = {}): void {
  if (notice) leaveSignInNotice(notice);
  replacePage(signInUrl(redirect));
}
