/**
 * What the app and its libraries get when they import `react`: Preact's compatibility layer, plus
 * the one React 19 export it lacks. `preact-aliases.ts` points `react` here; see
 * docs/decisions/018-preact-in-the-browser.md. Plain JavaScript: Preact's compat types are an
 * `export =` module, which TypeScript cannot re-export with `export *`.
 */
import { createElement } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React 19's `<Activity>`, which Mantine uses to keep a closed panel (Tabs, a Transition with
 * `keepMounted`) in the tree but out of sight. React hides the panel's elements and keeps their
 * state; a wrapper that takes no box of its own (`display: contents`) does the same by switching
 * to `display: none`. Always the same wrapper, so a change of mode never remounts the panel.
 *
 * @param {{ mode?: 'visible' | 'hidden', children?: unknown }} props
 */
export function Activity({ mode = 'visible', children }) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}
