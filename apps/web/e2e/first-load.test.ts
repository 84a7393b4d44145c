import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, skipE2e, useBrowserPage } from './browser';

// The first load on a slow phone (issue #26): the critical shell in index.html paints before the
// app's code runs, that code is fetched at once but at low priority, and the first screen is
// laid out in its own fonts.

describe.skipIf(skipE2e())('the first load', () => {
  const t = useBrowserPage({ phone: true });

  it('index.html blocks its first paint on nothing and lists the app as low-priority preloads', async () => {
    const html = await (await fetch(`${baseUrl()}/login`)).text();
    // No stylesheet in the page itself: the app's styles come with its code.
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    const entry = html.match(/<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(entry).toBeTruthy();
    const preloads = [...html.matchAll(/<link rel="modulepreload"([^>]*)>/g)].map((m) => m[1]!);
    const start = preloads.find((attrs) => /href="\/assets\/start-[^"]+\.js"/.test(attrs));
    expect(start, 'the app (start-*.js) is preloaded').toBeTruthy();
    expect(start).toContain('fetchpriority="low"');
    // The big libraries are among them too, so nothing waits for the entry to ask.
    expect(preloads.some((attrs) => /vendor-react-[^"]+\.js"/.test(attrs) && attrs.includes('fetchpriority="low"'))).toBe(true);
    // The entry stays small: it only picks the fonts and waits for a paint.
    const entryJs = await (await fetch(`${baseUrl()}${entry}`)).text();
    expect(entryJs.length).toBeLessThan(20_000);
  });

  it('paints the shell with the company name while the app is still on its way, then the login form', async () => {
    const page = t.page;
    // Hold the app's code back, as a slow link would.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/start-[^/]+\.js$/, async (route: Route) => {
      await released;
      await route.continue();
    });
    await page.goto('/login?lng=ar', { waitUntil: 'commit' });
    const shell = page.locator('#root .boot');
    await shell.waitFor({ state: 'visible' });
    await expect.poll(() => page.locator('#root .boot-name').textContent()).toBe('Demo Repairs Co.');
    // Painted, not just in the DOM: the browser has reported a first contentful paint.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
      .toBe(1);
    expect(await page.getByTestId('login-form').count()).toBe(0);

    release();
    await page.getByTestId('login-form').waitFor();
    await expect.poll(() => shell.count()).toBe(0);
  });

  it('lays out the first screen in its own fonts: Cairo is loaded when the Arabic login is first drawn', async () => {
    const page = t.page;
    // Which faces are loaded at the moment the login form enters the page (not after).
    await page.addInitScript(() => {
      const record = window as unknown as { facesAtFirstScreen?: string[] };
      new MutationObserver((_changes, observer) => {
        if (!document.querySelector('[data-testid=login-form]')) return;
        observer.disconnect();
        record.facesAtFirstScreen = [...document.fonts]
          .filter((face) => face.status === 'loaded')
          .map((face) => `${face.family.replace(/["']/g, '')} ${face.weight}`);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/login?lng=ar');
    await page.getByTestId('login-form').waitFor();
    const faces = await page.evaluate(() => (window as unknown as { facesAtFirstScreen?: string[] }).facesAtFirstScreen);
    for (const weight of ['400', '600', '700']) expect(faces).toContain(`Cairo ${weight}`);
    // Asked for by the entry, ahead of the app's code.
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=font]')].map((link) => link.href),
    );
    expect(preloaded.some((href) => /cairo-arabic-400-normal/.test(href))).toBe(true);
  });
});
