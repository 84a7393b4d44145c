// `web`: what the browser must download before each route is interactive, Lighthouse on /login,
// each role's dashboard and the requests list,
// and whether hashed assets go out compressed with their long cache headers.
// See docs/performance.md (## web) for what each figure means.
import { createServer, request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { createReport, portalRequest, requireBuild, rounds, signIn, startPortal, DEMO_PASSWORD, SMOKE } from './lib/harness.mjs';

const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
/**
 * How the portal is reached (decision 023): `https` (the default) as a phone reaches a real
 * install, the portal serving HTTPS itself with HTTP/2; `http`, plain HTTP/1.1, as a browser on the
 * shop's own machine reaches it, and as every figure before session 31 was measured.
 */
const TRANSPORT = process.env.BENCH_WEB_TRANSPORT ?? 'https';
if (!['https', 'http'].includes(TRANSPORT)) throw new Error(`BENCH_WEB_TRANSPORT must be https or http, not ${TRANSPORT}`);
// Nothing in the browser may reach the network beyond the portal (no updates, no sync, no QUIC).
// The portal's throwaway certificate is added (`trustCertificate`) once it has started.
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--mute-audio',
];

/** Chrome trusts the certificate with this public key as if a real authority had signed it. */
function trustCertificate(spki) {
  CHROME_FLAGS.push(`--ignore-certificate-errors-spki-list=${spki}`);
}

const ROUTES = [
  { name: 'login', path: '/login', ready: '[data-testid=login-form]' },
  { name: 'dashboard admin', path: '/dashboard', email: 'admin@demo.test', ready: '[data-testid=dashboard-home]' },
  { name: 'dashboard supervisor', path: '/dashboard', email: 'supervisor@demo.test', ready: '[data-testid=dashboard-home]' },
  { name: 'dashboard technician', path: '/dashboard', email: 'tech1@demo.test', ready: '[data-testid=dashboard-home]' },
  { name: 'dashboard customer', path: '/dashboard', email: 'customer1@demo.test', ready: '[data-testid=dashboard-home]' },
];

const KB = 1024;
// BENCH_WEB_PARTS=routes,assets,lighthouse (the default: all three) runs only some parts;
// `prerendered` (never by default) measures what a server render could give (see prerenderedBound).
const PARTS = new Set((process.env.BENCH_WEB_PARTS ?? 'routes,assets,lighthouse').split(',').map((p) => p.trim()));

export async function run() {
  requireBuild({ web: true });
  const report = createReport('web');
  if (PARTS.has('prerendered') && TRANSPORT !== 'http') throw new Error('the prerendered bound was measured over plain HTTP: run it with BENCH_WEB_TRANSPORT=http');
  const portal = await startPortal({ db: 'pglite', tls: TRANSPORT === 'https' });
  if (portal.tls) trustCertificate(portal.tls.spki);
  const extra = { transport: TRANSPORT };
  try {
    report.note(`portal on ${portal.url} (PGlite; ${TRANSPORT === 'https' ? 'HTTPS, HTTP/2' : 'plain HTTP/1.1'}); browser ${CHROME}`);
    if (PARTS.has('routes')) extra.routes = await routeWeights(portal.url, report);
    if (PARTS.has('assets')) extra.assets = await compressedAssets(portal.url, report);
    if (PARTS.has('lighthouse')) extra.lighthouse = await lighthouseScores(portal.url, report);
    if (PARTS.has('prerendered')) extra.prerendered = await prerenderedBound(portal.url, report);
  } finally {
    await portal.stop();
  }
  return report.save(extra);
}

// ── (a) JS and CSS per route ─────────────────────────────────────────────────────────────────

/**
 * Loads `route` in a fresh browser profile (empty cache; signed in through the login page in
 * another profile first when the route needs a user) and sums the gzip size of every JS and CSS
 * response until the page shows its main content and the network is idle. Gzip is computed here
 * (zlib, level 9) over the decoded body, so the figure does not depend on the server's encoding.
 */
async function measureRoute(browser, baseUrl, route) {
  let storageState;
  if (route.email) {
    const ctx = await browser.newContext({ baseURL: baseUrl, locale: 'en-US' });
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.locator('input[type=email]').fill(route.email);
    await page.locator('input[type=password]').fill(DEMO_PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
    storageState = await ctx.storageState();
    await ctx.close();
  }
  const ctx = await browser.newContext({ baseURL: baseUrl, locale: 'en-US', storageState, viewport: { width: 1366, height: 850 } });
  const page = await ctx.newPage();
  const pending = [];
  const files = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    // The page itself too: the sign-in page carries its styles in its HTML (decision 019).
    if (!['document', 'script', 'stylesheet', 'font'].includes(type)) return;
    pending.push(
      (async () => {
        const body = await res.body().catch(() => null);
        if (!body) return;
        const sizes = await res.request().sizes().catch(() => null);
        files.push({
          url: new URL(res.url()).pathname,
          type,
          bytes: body.length,
          gzip: type === 'font' ? body.length : gzipSync(body, { level: 9 }).length,
          wire: sizes?.responseBodySize ?? null,
          encoding: res.headers()['content-encoding'] ?? null,
        });
      })(),
    );
  });
  await page.goto(route.path, { waitUntil: 'load' });
  // Generous: on a shared 2-core machine a first render can take many seconds.
  await page.locator(route.ready).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await page.evaluate(() => globalThis.document.fonts.ready.then(() => undefined));
  // Responses that arrived while we waited add their own bodies to `pending`.
  for (let seen = 0; seen < pending.length; ) {
    seen = pending.length;
    await Promise.all(pending);
  }
  await ctx.close();
  const sum = (list, key) => list.reduce((n, f) => n + (f[key] ?? 0), 0);
  const code = files.filter((f) => f.type !== 'font');
  return {
    gzip: sum(code, 'gzip'),
    raw: sum(code, 'bytes'),
    wire: sum(code, 'wire'),
    js: sum(code.filter((f) => f.type === 'script'), 'gzip'),
    css: sum(code.filter((f) => f.type === 'stylesheet'), 'gzip'),
    html: sum(code.filter((f) => f.type === 'document'), 'gzip'),
    fonts: sum(files.filter((f) => f.type === 'font'), 'bytes'),
    files,
  };
}

async function routeWeights(baseUrl, report) {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS });
  const out = {};
  try {
    for (const route of ROUTES) {
      // The bytes are deterministic; rounds still guard against a flaky load.
      const samples = await rounds(() => measureRoute(browser, baseUrl, route));
      const last = samples[samples.length - 1];
      const isLogin = route.name === 'login';
      report.figure(`${route.name}: HTML+JS+CSS before interactive (gzip)`, samples.map((s) => s.gzip / KB), {
        unit: 'KB',
        // Issue #26: the sign-in page within 150 KB, each role's dashboard within 250 KB.
        goal: { op: '<=', value: isLogin ? 150 : 250 },
      });
      if (isLogin) {
        report.figure('login: JS (gzip)', samples.map((s) => s.js / KB), { unit: 'KB' });
        report.figure('login: CSS (gzip)', samples.map((s) => s.css / KB), { unit: 'KB' });
        report.figure('login: the HTML with its inline styles (gzip)', samples.map((s) => s.html / KB), { unit: 'KB' });
        report.figure('login: JS+CSS as sent on the wire', samples.map((s) => s.wire / KB), { unit: 'KB' });
        report.figure('login: fonts downloaded', samples.map((s) => s.fonts / KB), { unit: 'KB' });
      }
      out[route.name] = {
        gzip: last.gzip,
        raw: last.raw,
        wire: last.wire,
        fonts: last.fonts,
        files: last.files.map(({ url, type, gzip, wire, encoding }) => ({ url, type, gzip, wire, encoding })),
      };
    }
  } finally {
    await browser.close();
  }
  return out;
}

// ── (c) hashed assets served compressed, cache headers kept ──────────────────────────────────

async function rawGet(url, headers) {
  const res = await portalRequest(url, { headers });
  return { status: res.status, headers: res.headers, bytes: res.body.length };
}

async function compressedAssets(baseUrl, report) {
  // The app's page (index.html, at any of its routes) and the sign-in page's.
  const pages = await Promise.all(['/signup', '/login'].map(async (path) => (await portalRequest(`${baseUrl}${path}`)).text()));
  const assets = [...new Set(pages.flatMap((html) => [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1])))];
  if (!assets.length) throw new Error('the pages name no hashed asset');
  const results = [];
  for (const path of assets) {
    const identity = await rawGet(baseUrl + path, { 'accept-encoding': 'identity' });
    const br = await rawGet(baseUrl + path, { 'accept-encoding': 'br, gzip' });
    const gz = await rawGet(baseUrl + path, { 'accept-encoding': 'gzip' });
    results.push({
      path,
      identityBytes: identity.bytes,
      brotli: { encoding: br.headers['content-encoding'] ?? null, bytes: br.bytes, cacheControl: br.headers['cache-control'], vary: br.headers.vary },
      gzip: { encoding: gz.headers['content-encoding'] ?? null, bytes: gz.bytes, cacheControl: gz.headers['cache-control'] },
      identityCacheControl: identity.headers['cache-control'],
    });
  }
  const IMMUTABLE = 'public, max-age=31536000, immutable';
  const compressed = results.filter((r) => ['br', 'gzip'].includes(r.brotli.encoding) && r.brotli.cacheControl === IMMUTABLE);
  const gzipOk = results.filter((r) => r.gzip.encoding === 'gzip' && r.gzip.cacheControl === IMMUTABLE);
  report.figure('hashed assets sent compressed, immutable (br)', [(100 * compressed.length) / results.length], {
    unit: '%',
    goal: { op: '>=', value: 100 },
    digits: 0,
  });
  report.figure('hashed assets sent compressed, immutable (gzip)', [(100 * gzipOk.length) / results.length], { unit: '%', digits: 0 });
  const entry = results.find((r) => /\/index-[^/]+\.js$/.test(r.path)) ?? results[0];
  report.note(
    `entry ${entry.path}: ${(entry.identityBytes / KB).toFixed(1)} KB plain, ${(entry.brotli.bytes / KB).toFixed(1)} KB as ${entry.brotli.encoding ?? 'identity'}, ` +
      `${(entry.gzip.bytes / KB).toFixed(1)} KB as ${entry.gzip.encoding ?? 'identity'}; cache-control: ${entry.brotli.cacheControl}`,
  );
  return results;
}

// ── (b) Lighthouse on /login, each role's dashboard and the requests list ──────────────────────

/** What Lighthouse loads: signed out, or signed in as `email` (issue #26 lists these screens). */
const LIGHTHOUSE_ROUTES = [
  { name: '/login', path: '/login' },
  ...ROUTES.filter((r) => r.email).map((r) => ({ name: r.name, path: r.path, email: r.email })),
  { name: 'service requests admin', path: '/dashboard/service-requests', email: 'admin@demo.test' },
];

/**
 * A tab of the Chrome on `chromePort` with `session` stored for `url`'s origin, written from a page
 * that is not the app (`/api/health`), so the app's code, fonts and service worker stay cold.
 */
async function pageWithSession(chromePort, url, session) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  const page = await browser.newPage();
  await page.goto(new URL('/api/health', url).href);
  await page.evaluate((value) => localStorage.setItem('portal.session', value), JSON.stringify(session));
  return { browser, page };
}

/**
 * One Lighthouse run in a fresh Chrome profile. For a signed-in route the session is written to
 * the origin's localStorage first from a page that is not the app (`/api/health`), so the app's
 * code, fonts and service worker are still cold when Lighthouse loads the route (it keeps the
 * storage: `disableStorageReset`).
 */
async function lighthouseOnce(url, formFactor, session) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const config =
    formFactor === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : (await import('lighthouse/core/config/default-config.js')).default;
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    if (session) {
      const { browser, page } = await pageWithSession(chrome.port, url, session);
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'], disableStorageReset: !!session },
      config,
    );
    const lhr = result.lhr;
    // LIGHTHOUSE_LHR_DIR=dir keeps every run's full report, to see what a score is made of.
    if (process.env.LIGHTHOUSE_LHR_DIR) {
      const { mkdirSync, writeFileSync } = await import('node:fs');
      mkdirSync(process.env.LIGHTHOUSE_LHR_DIR, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${new URL(url).searchParams.get('lng')}-${formFactor}-${Date.now()}.json`;
      writeFileSync(`${process.env.LIGHTHOUSE_LHR_DIR}/${name}`, result.report);
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
    const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
      .map((a) => a.id);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      failing,
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine: retry. */
async function lighthouseWithRetry(url, formFactor, session, attempts = 3) {
  for (let i = 1; ; i++) {
    try {
      return await lighthouseOnce(url, formFactor, session);
    } catch (err) {
      if (i >= attempts) throw err;
      console.log(`  · retrying Lighthouse (${formFactor}) after: ${err.message}`);
    }
  }
}

async function lighthouseScores(baseUrl, report) {
  const out = {};
  // LIGHTHOUSE_ROUTES=login,'dashboard admin',… (names) runs only some screens.
  const only = process.env.LIGHTHOUSE_ROUTES?.split(',').map((n) => n.trim());
  const routes = LIGHTHOUSE_ROUTES.filter((r) => !only || only.includes(r.name) || only.includes(r.name.replace(/^\//, '')));
  for (const route of routes) {
    for (const lng of ['ar', 'en']) {
      for (const formFactor of ['mobile', 'desktop']) {
        const label = `lighthouse ${route.name} ${lng} ${formFactor}`;
        // A fresh session per run: the access token must not expire during the rounds.
        const run = async () =>
          lighthouseWithRetry(`${baseUrl}${route.path}?lng=${lng}`, formFactor, route.email ? await signIn(baseUrl, route.email) : null);
        const samples = await rounds(run);
        report.figure(`${label}: performance`, samples.map((s) => s.performance), { goal: { op: '>=', value: formFactor === 'desktop' ? 98 : 95 }, digits: 0 });
        report.figure(`${label}: accessibility`, samples.map((s) => s.accessibility), { goal: { op: '>=', value: 100 }, digits: 0 });
        report.figure(`${label}: best practices`, samples.map((s) => s.bestPractices), { digits: 0 });
        report.figure(`${label}: first contentful paint`, samples.map((s) => s.fcp), { unit: 'ms', digits: 0 });
        report.figure(`${label}: largest contentful paint`, samples.map((s) => s.lcp), { unit: 'ms', digits: 0 });
        report.figure(`${label}: total blocking time`, samples.map((s) => s.tbt), { unit: 'ms', digits: 0 });
        const failing = [...new Set(samples.flatMap((s) => s.failing))];
        if (failing.length) report.note(`${label}: audits below 0.9: ${failing.join(', ')}`);
        out[`${route.name} ${lng}-${formFactor}`] = samples;
        if (SMOKE) return out; // one Lighthouse run proves the wiring; the rest is minutes of CPU.
      }
    }
  }
  return out;
}

// ── (d) what a server render could give: an upper bound, asked for by name only ─────────────────

/**
 * The page as the browser drew it once the app had rendered it (its DOM, with the stylesheets the
 * app had linked and the fonts it had preloaded): what a server render of the route would send.
 */
async function pageAsDrawn(baseUrl, route, lng) {
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const { browser, page } = await pageWithSession(chrome.port, baseUrl, await signIn(baseUrl, route.email));
    // Lighthouse's phone: the page a phone would be sent.
    await page.setViewport({ width: 412, height: 823 });
    await page.goto(`${baseUrl}${route.path}?lng=${lng}`, { waitUntil: 'networkidle0', timeout: 60_000 });
    await page.waitForSelector(route.ready, { timeout: 60_000 });
    await page.evaluate(() => globalThis.document.fonts.ready.then(() => undefined));
    const html = await page.evaluate(() => '<!doctype html>\n' + globalThis.document.documentElement.outerHTML);
    await browser.disconnect();
    return html;
  } finally {
    chrome.kill();
  }
}

/**
 * Issue #26 asks whether the mobile goal needs a server render (decision 020). This measures its
 * upper bound without building one: Lighthouse on the admin's dashboard sent as it was drawn
 * (`pageAsDrawn`, gzip'd), every other request passed through to the portal. Two variants:
 * - `html only`: the scripts taken out, so nothing runs: a server render's first paint, before any
 *   hydration;
 * - `html + app`: the scripts kept. The app does not hydrate: it renders itself over the page, so
 *   its main-thread work stands for hydration's, and its layout shift and late largest paint are
 *   this stand-in's, not a server render's.
 * Not a goal's figure: `BENCH_WEB_PARTS=prerendered` runs it.
 */
async function prerenderedBound(baseUrl, report) {
  const route = ROUTES.find((r) => r.name === 'dashboard admin');
  const out = {};
  for (const lng of ['ar', 'en']) {
    const drawn = await pageAsDrawn(baseUrl, route, lng);
    const variants = {
      'html only': drawn.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link[^>]+modulepreload[^>]*>/g, ''),
      'html + app': drawn,
    };
    for (const [variant, html] of Object.entries(variants)) {
      const body = gzipSync(html, { level: 9 });
      const target = new URL(baseUrl);
      const proxy = createServer((req, res) => {
        if (new URL(req.url, baseUrl).pathname === route.path && (req.headers.accept ?? '').includes('text/html')) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'cache-control': 'no-store' });
          res.end(body);
          return;
        }
        const upstream = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        });
        upstream.on('error', () => res.destroy());
        req.pipe(upstream);
      });
      await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      try {
        const proxied = `http://127.0.0.1:${proxy.address().port}`;
        const label = `prerendered ${route.name} ${lng} mobile, ${variant}`;
        report.note(`${label}: the page ${(body.length / KB).toFixed(1)} KB gzip`);
        const samples = await rounds(async () => lighthouseWithRetry(`${proxied}${route.path}?lng=${lng}`, 'mobile', await signIn(baseUrl, route.email)));
        report.figure(`${label}: performance`, samples.map((s) => s.performance), { digits: 0 });
        report.figure(`${label}: first contentful paint`, samples.map((s) => s.fcp), { unit: 'ms', digits: 0 });
        report.figure(`${label}: largest contentful paint`, samples.map((s) => s.lcp), { unit: 'ms', digits: 0 });
        report.figure(`${label}: total blocking time`, samples.map((s) => s.tbt), { unit: 'ms', digits: 0 });
        report.figure(`${label}: cumulative layout shift`, samples.map((s) => s.cls), { digits: 3 });
        out[`${lng} ${variant}`] = samples;
      } finally {
        proxy.close();
      }
      if (SMOKE) return out;
    }
  }
  return out;
}
