/**
 * Leaves the app for `url` with a full page load, in place of the current history entry: for the
 * pages the server sends outside the app (the sign-in page, decision 019). Apart, so that the
 * tests can see where the app went (jsdom loads no pages).
 */
export function replacePage(url: string): void {
  window.location.replace(url);
}
