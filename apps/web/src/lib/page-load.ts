let leaving = false;

/**
 * Leaves the app for `url` with a full page load, in place of the current history entry: for the
 * pages the server sends outside the app (the sign-in page, decision 019). Once only: the same
 * change (a sign-out, say) can ask twice — the code that signed out, and the guard that sees no
 * session — and a second `replace` would abort the first page load. Apart, so that the tests can
 * see where the app went (jsdom loads no pages).
 */
export function replacePage(url: string): void {
  if (leaving) return;
  leaving = true;
  window.location.replace(url);
}
