/**
 * Resolves once the browser has painted what the page holds now: a frame is requested, and the
 * task queued from inside it runs after that frame is drawn. A hidden page paints nothing (and its
 * frames never come), so there it resolves at once.
 */
export function afterFirstPaint(doc: Document = document, win: Window = window): Promise<void> {
  if (doc.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    win.requestAnimationFrame(() => win.setTimeout(resolve, 0));
  });
}
