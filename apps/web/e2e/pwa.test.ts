import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TServiceRequestList } from '@portal/shared';
import ar from '@portal/shared/locales/ar.json';
import en from '@portal/shared/locales/en.json';
import { baseUrl, htmlLangDir, signIn, skipE2e, useBrowserPage } from './browser';
import { api, tokenOf } from './helpers';

// The installable app (issue #27): its manifest, its service worker, and the app shell served
// offline. The built app and server run as in production (global-setup.ts).

/** Waits until the page's service worker is active and controls it (after a reload if need be). */
async function controlledByServiceWorker(page: Page): Promise<string> {
  const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? null);
  expect(scriptUrl).toBe(`${baseUrl()}/sw.js`);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${baseUrl()}/sw.js`);
  return scriptUrl!;
}

const manifestHref = (page: Page) => page.locator('link[rel=manifest]').getAttribute('href');

describe.skipIf(skipE2e())('the installable app', () => {
  const t = useBrowserPage({ serviceWorker: true });

  it('has a manifest in each language, and the page links the one of its language', async () => {
    for (const [lang, messages, dir] of [['ar', ar, 'rtl'], ['en', en, 'ltr']] as const) {
      const res = await fetch(`${baseUrl()}/manifest.webmanifest?lang=${lang}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      const manifest = (await res.json()) as Record<string, unknown>;
      expect(manifest).toMatchObject({
        name: messages.app.name,
        short_name: messages.app.shortName,
        lang,
        dir,
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
        background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      });
      const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
      expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
      for (const icon of icons) {
        const image = await fetch(`${baseUrl()}${icon.src}`);
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/png');
      }
    }

    await t.page.goto('/login?lng=en');
    await t.page.getByTestId('login-form').waitFor();
    await expect.poll(() => manifestHref(t.page)).toBe('/manifest.webmanifest?lang=en');
    await signIn(t.page, 'admin@demo.test');
    await t.page.getByTestId('language-switch').click();
    await expect.poll(() => htmlLangDir(t.page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await expect.poll(() => manifestHref(t.page)).toBe('/manifest.webmanifest?lang=ar');
  });

  it('registers a service worker that controls the page after a reload', async () => {
    await t.page.goto('/signup?lng=en');
    await t.page.getByTestId('signup-form').waitFor();
    await controlledByServiceWorker(t.page);
    // The reload was answered by the worker, from its precache.
    const reload = await t.page.reload();
    expect(reload?.fromServiceWorker()).toBe(true);
    await t.page.getByTestId('signup-form').waitFor();
  });

  it("fetches the server's sign-in page through the network, and shows the last copy offline", async () => {
    await t.page.goto('/signup?lng=en');
    await controlledByServiceWorker(t.page);
    const online = await t.page.goto('/login?lng=en');
    expect(online?.fromServiceWorker()).toBe(true);
    await t.page.getByTestId('login-form').waitFor();
    expect(await t.page.locator('#root').count()).toBe(0); // the server's page, not the app
    await t.page.context().setOffline(true);
    try {
      const offline = await t.page.goto('/login?lng=en');
      expect(offline?.fromServiceWorker()).toBe(true);
      await t.page.getByTestId('login-form').waitFor();
    } finally {
      await t.page.context().setOffline(false);
    }
  });

  it('opens a deep link offline: the app shell comes from the worker, and the screen says it needs a connection', async () => {
    const admin = await tokenOf('admin@demo.test');
    const [request] = (await api<TServiceRequestList>('/api/service-requests', { token: admin })).items;
    expect(request).toBeDefined();

    await t.page.goto('/login?lng=en');
    await signIn(t.page, 'admin@demo.test');
    await controlledByServiceWorker(t.page);
    await t.page.getByTestId('connection-status').waitFor();
    expect(await t.page.getByTestId('connection-status').getAttribute('data-online')).toBe('true');

    await t.page.context().setOffline(true);
    // The API is never answered by the worker: offline, it fails like any request.
    expect(await t.page.evaluate(() => fetch('/api/health').then(() => 'answered', () => 'failed'))).toBe('failed');

    const deepLink = await t.page.goto(`/dashboard/service-requests/${request!.id}`);
    expect(deepLink?.fromServiceWorker()).toBe(true);
    expect(deepLink?.status()).toBe(200);
    // The app's root rendered (the browser's own offline page has no #root): the signed-in shell.
    await t.page.getByTestId('sidebar').waitFor();
    await expect.poll(() => t.page.getByTestId('connection-status').getAttribute('data-online')).toBe('false');
    await expect.poll(() => t.page.getByTestId('connection-status').textContent()).toContain('Offline');
    await t.page.getByTestId('offline-banner').waitFor();
    expect(await t.page.getByTestId('offline-banner').textContent()).toContain('This screen needs a connection');

    await t.page.context().setOffline(false);
    await expect.poll(() => t.page.getByTestId('connection-status').getAttribute('data-online')).toBe('true');
    await t.page.getByTestId('offline-banner').waitFor({ state: 'detached' });
  });

  it('shows a technician the connection mark but no "needs a connection" banner', async () => {
    await t.page.goto('/login?lng=en');
    await signIn(t.page, 'tech1@demo.test');
    await t.page.getByTestId('connection-status').waitFor();
    await t.page.context().setOffline(true);
    await expect.poll(() => t.page.getByTestId('connection-status').getAttribute('data-online')).toBe('false');
    expect(await t.page.getByTestId('offline-banner').count()).toBe(0);
    await t.page.context().setOffline(false);
  });
});
