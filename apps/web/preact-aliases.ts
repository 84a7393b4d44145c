import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Our Preact, found from this package. Not found from each importer: FullCalendar brings its own
 * Preact 10 (it renders with it internally), which npm installs at the top of node_modules, so a
 * library resolving `preact/compat` from there would get that one, and the page two runtimes.
 */
const preactDir = dirname(createRequire(import.meta.url).resolve('preact/package.json'));
const preactExports = (JSON.parse(readFileSync(join(preactDir, 'package.json'), 'utf8')) as {
  exports: Record<string, { import?: string; default?: string }>;
}).exports;

/** Whether a module id is our Preact or the `react` shim over it (the app's runtime, one vendor chunk). */
export function isPreactRuntime(id: string): boolean {
  return id.startsWith(preactDir + sep) || id.startsWith(here('./preact/'));
}

/** The ES module file of one of our Preact's entry points (`./compat`, `./compat/client`, …). */
function preactEntry(subpath: string): string {
  const target = preactExports[subpath];
  const file = target?.import ?? target?.default;
  if (!file) throw new Error(`preact-aliases: preact has no ES module for ${subpath}`);
  return join(preactDir, file);
}

/**
 * The app runs on Preact, not React (docs/decisions/018-preact-in-the-browser.md): every import of
 * `react`, `react-dom` and React's JSX runtime — ours and every library's — resolves to Preact's
 * compatibility layer. `react` itself goes through `preact/react.mjs`, which adds what the layer
 * lacks; the unit tests (`test`) get the same runtime with `act` added.
 */
export function preactAliases(target: 'app' | 'test'): Alias[] {
  const compat = preactEntry('./compat');
  return [
    { find: /^react-dom\/client$/, replacement: preactEntry('./compat/client') },
    { find: /^react-dom\/test-utils$/, replacement: preactEntry('./test-utils') },
    { find: /^react-dom$/, replacement: compat },
    // React's own hook, behind a shim some libraries (react-i18next) still import for React 17.
    { find: /^use-sync-external-store\/shim(?:\/index\.js)?$/, replacement: compat },
    { find: /^react\/jsx-runtime$/, replacement: preactEntry('./compat/jsx-runtime') },
    { find: /^react\/jsx-dev-runtime$/, replacement: preactEntry('./compat/jsx-dev-runtime') },
    { find: /^react$/, replacement: here(target === 'app' ? './preact/react.mjs' : './preact/react-test.mjs') },
  ];
}
