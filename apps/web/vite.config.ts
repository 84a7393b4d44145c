import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import transformImports from '@rolldown/plugin-transform-imports';
import { VitePWA } from 'vite-plugin-pwa';
import { localeParts } from './locale-parts.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/** Text files worth compressing; fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip -9) beside every compressible build
 * file, once the build is written. The server sends them with @fastify/static's
 * `preCompressed` (see apps/server/src/app.ts), so no CPU is spent compressing per request and
 * the smallest encoding the browser accepts goes out. Last of all (`post`, after the service
 * worker plugin's own closeBundle), so that sw.js and workbox-*.js are compressed too.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
        for (const file of walk(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const body = readFileSync(file);
          const br = brotliCompressSync(body, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
          });
          const gz = gzipSync(body, { level: 9 });
          // A tiny file can come out bigger; then the plain one is sent.
          if (br.length < body.length) writeFileSync(`${file}.br`, br);
          if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

/**
 * Lists the app's own code (src/app/start.tsx and every chunk it imports statically) in index.html
 * as module preloads with a low fetch priority. The entry (src/main.tsx) imports the app only once
 * the critical shell has been painted; without these hints its code would only be asked for then.
 * Low priority, because the page's own first paint must not share a slow link with some 200 KB of
 * scripts; Chrome still fetches them at once and keeps them until the app is imported.
 */
function preloadStart(): Plugin {
  const START = /[\\/]src[\\/]app[\\/]start\.tsx$/;
  return {
    name: 'portal:preload-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        // The app's page only: the sign-in page does not load the app (decision 019).
        if (basename(ctx.filename) !== 'index.html') return [];
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const start = chunks.find((c) => c.facadeModuleId && START.test(c.facadeModuleId));
        if (!start) throw new Error('portal:preload-start: no chunk for src/app/start.tsx');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const visit = (chunk: Rollup.OutputChunk) => {
          if (files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const name of chunk.imports) {
            const imported = byName.get(name);
            if (imported) visit(imported);
          }
        };
        visit(start);
        const tags: HtmlTagDescriptor[] = [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', fetchpriority: 'low', crossorigin: '', href: `/${file}` },
            injectTo: 'head',
          }));
        return tags;
      },
    },
  };
}

/**
 * Mantine's ScrollArea imports one hook from `@floating-ui/react` (`useMergeRefs`), and the bundler
 * then gives every screen with a table (its scroll container) or a scroll area the whole of
 * floating-ui, the popups' positioning engine (15 KB gzip), before any popup is opened (issue #26).
 * That one import resolves to src/vendor/floating-ui-merge-refs.ts, the same hook from Mantine's
 * own hooks. The build fails if ScrollArea stops importing it, so this never outlives its reason.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
  const SHIM = fileURLToPath(new URL('./src/vendor/floating-ui-merge-refs.ts', import.meta.url));
  let redirected = false;
  return {
    name: 'portal:scroll-area-without-floating-ui',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      redirected = false;
    },
    resolveId(id, importer) {
      if (id !== '@floating-ui/react' || !importer || !SCROLL_AREA.test(importer)) return undefined;
      redirected = true;
      return SHIM;
    },
    buildEnd(error) {
      if (!error && !redirected) {
        throw new Error('portal:scroll-area-without-floating-ui: ScrollArea no longer imports @floating-ui/react; remove this plugin');
      }
    },
  };
}

/**
 * The service worker (Workbox, generated; registered by src/app/pwa.ts in production builds
 * only). It precaches the whole built app — the shell, every hashed chunk (pages, the message
 * parts), the styles, fonts and icons — so the app opens and moves between its pages offline, and
 * answers every navigation with the precached index.html (the app's router takes it from there).
 *
 * - The API and the realtime socket are never cached: /api is denied the fallback and no runtime
 *   route is declared, so those requests go to the network as if there were no worker (a
 *   WebSocket never passes through a worker anyway).
 * - The precached index.html is the build's, not the server's copy with the company's default
 *   language in `<html lang dir>` and its name in the title and the critical shell
 *   (apps/server/src/app.ts). Nothing depends on them once the app has been opened: the worker
 *   only installs after a first visit served by the server, whose detected language i18next keeps
 *   in localStorage; the app sets lang, dir and the title itself (lib/i18n.ts) before it draws
 *   anything; and from the cache the critical shell ("Service Portal") shows for an instant only.
 * - No manifest is generated: one file cannot be in both languages, so the server answers
 *   /manifest.webmanifest?lang= (apps/server/src/modules/web-app) and pwa.ts points the page's
 *   link at the current language.
 * - A new version takes over by itself (skipWaiting) — Chrome lets it once the old worker has
 *   been idle about 30 s — and nothing is reloaded: the page in use keeps its code, and its next
 *   screen is a full load into the new version, with a quiet "updated" notice (src/app/pwa.ts).
 *   Waiting for every tab to close instead would leave an app kept open for days on the old one.
 */
const serviceWorker = VitePWA({
  strategies: 'generateSW',
  injectRegister: false,
  manifest: false,
  workbox: {
    // Every file the app can ask for; the .br/.gz copies are the server's business.
    globPatterns: ['**/*.{html,js,css,woff2,png,svg}'],
    // The sign-in page's template: the server fills it in (decision 019).
    globIgnores: ['sign-in.html'],
    navigateFallback: '/index.html',
    // The server's own answers, never the app: the API (and its docs), the manifest and the
    // sign-in page. (Workbox tests the path with its query string.)
    navigateFallbackDenylist: [/^\/api(?:\/|$)/, /^\/manifest\.webmanifest$/, /^\/login(?:\?|$)/],
    // The sign-in page from the network, and from the last copy seen when offline (a session
    // that ends offline still lands on a page, not the browser's error).
    runtimeCaching: [
      {
        urlPattern: ({ request, url }) => request.mode === 'navigate' && url.pathname === '/login',
        handler: 'NetworkFirst',
        options: { cacheName: 'sign-in-page', expiration: { maxEntries: 4 } },
      },
    ],
    skipWaiting: true,
    // The first visit's page is controlled at once: what it loads later comes from the same build.
    clientsClaim: true,
    cleanupOutdatedCaches: true,
  },
});

/**
 * Mantine's core and the components every signed-in first screen draws (the shell, the dashboards):
 * one chunk instead of some forty of a few hundred bytes each. Over HTTP/1.1's six connections per
 * origin each of those cost a round trip before the first screen (issue #26). Popups (Popover,
 * Menu, Tooltip, Combobox) stay out: they bring floating-ui, and load when first wanted.
 */
const MANTINE_BASE = [
  'AccordionChevron', 'ActionIcon', 'Alert', 'Anchor', 'AppShell', 'Avatar', 'Badge', 'Box', 'Burger', 'Button', 'Card',
  'Center', 'CloseButton', 'Collapse', 'Divider', 'Group', 'Indicator', 'Loader', 'NavLink', 'Paper', 'Portal',
  'SimpleGrid', 'Skeleton', 'Stack', 'Text', 'ThemeIcon', 'Title', 'Transition', 'UnstyledButton', 'VisuallyHidden',
];

/**
 * The signed-in first screens (the shell, the landing page, each role's dashboard): what their
 * modules import statically is what a visitor downloads before the first screen after sign-in.
 */
const FIRST_SCREENS = [
  'src/app/start.tsx',
  'src/app/shell/shell-layout.tsx',
  'src/features/dashboard/pages/landing-page.tsx',
  'src/features/dashboard/pages/dashboard-home-page.tsx',
  'src/features/dashboard/admin/admin-dashboard.tsx',
  'src/features/dashboard/supervisor/supervisor-dashboard.tsx',
  'src/features/dashboard/technician/technician-dashboard.tsx',
  'src/features/dashboard/customer/customer-dashboard.tsx',
].map((file) => fileURLToPath(new URL(file, import.meta.url)));

/** What the bundler's chunking functions are given, as far as they are used here (rolldown's `ChunkingContext`). */
interface ModuleGraph {
  getModuleInfo(moduleId: string): { importedIds: readonly string[] } | null;
}

/**
 * Every icon the app draws (some 135) in two files: `icons`, those a first screen draws (the
 * sidebar's, the dashboards'), and `icons-pages`, the rest, with the first other page. Left to the
 * bundler, the icons that several pages share became a file each, and a dashboard waited on some
 * 24 of them, 0.2 KB apiece, a round trip each on a slow link; in one file, a dashboard downloaded
 * the other pages' icons too (issue #26).
 */
function iconChunk(moduleId: string, ctx: ModuleGraph): string {
  // Walked again for each icon: some 135 walks of the app's graph cost the build a few milliseconds.
  return staticGraph(FIRST_SCREENS, ctx).has(moduleId) ? 'icons' : 'icons-pages';
}

/** The modules `roots` import statically, directly or not (the roots too). */
function staticGraph(roots: string[], ctx: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    const info = ctx.getModuleInfo(id);
    if (!info) return;
    seen.add(id);
    for (const imported of info.importedIds) visit(imported);
  };
  for (const root of roots) {
    if (!ctx.getModuleInfo(root)) throw new Error(`vite.config.ts: ${root} is no module of the build; FIRST_SCREENS names it`);
    visit(root);
  }
  return seen;
}

/**
 * Libraries every screen needs, in long-lived chunks of their own so a release that changes only
 * our code leaves them cached. Only libraries the entry loads anyway: grouping a library that
 * only some lazy pages use would make every visitor download it.
 */
const VENDOR_GROUPS = [
  { name: 'vendor-react', test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/ },
  { name: 'vendor-router', test: /[\\/]node_modules[\\/](?:react-router|cookie|set-cookie-parser)[\\/]/ },
  // Not the language detector: the entry uses it alone (lib/language-detection.ts), before i18next is needed.
  // Nor <Trans> and its HTML parser: one dialog uses it, and it loads with that dialog.
  { name: 'vendor-i18n', test: /[\\/]node_modules[\\/](?:i18next[\\/]|react-i18next[\\/](?!dist[\\/]es[\\/](?:Trans|TransWithoutContext)\.js))/ },
  // The one exception: the icons, in two files (`iconChunk`).
  { name: iconChunk, test: /[\\/]node_modules[\\/]@tabler[\\/]icons-react[\\/]/ },
  { name: 'vendor-query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
  {
    name: 'vendor-mantine-base',
    test: new RegExp(
      String.raw`[\\/]node_modules[\\/]@mantine[\\/](?:hooks[\\/]|core[\\/]esm[\\/]core[\\/]|core[\\/]esm[\\/]components[\\/](?:${MANTINE_BASE.join('|')})[\\/])`,
    ),
  },
];

export default defineConfig({
  plugins: [
    react(),
    // `import { IconX } from '@tabler/icons-react'` becomes an import of IconX's own module, so the
    // module graph says which icons each screen draws (`iconChunk`), and the build no longer
    // reads the barrel of some 5,000 icons.
    transformImports({ '@tabler/icons-react': { transform: '@tabler/icons-react/dist/esm/icons/{{member}}.mjs' } }),
    scrollAreaWithoutFloatingUi(),
    localeParts(),
    preloadStart(),
    serviceWorker,
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Mantine is one big vendor chunk by nature; keep the warning meaningful for our own code.
    chunkSizeWarningLimit: 900,
    // Every browser the app supports (ES modules with dynamic import) knows `modulepreload`:
    // no polyfill in the first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Two pages: the app, and the sign-in page the server sends outside it (decision 019).
      input: { index: 'index.html', 'sign-in': 'sign-in.html' },
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
      // The sign-in page is the server's (decision 019); so are a build's assets it may name.
      '^/login(?:\\?.*)?$': { target: apiTarget, changeOrigin: true },
      '/assets': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
});
