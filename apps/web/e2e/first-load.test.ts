import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '@portal/shared/locales/en.json';
import { baseUrl, signIn, skipE2e, useBrowserContexts, useBrowserPage } from './browser';

// The first load on a slow phone (issue #26): the critical shell in index.html paints before the
// app's code runs, that code is fetched at once but at low priority, and the first screen is
// laid out in its own fonts. The sign-in page is no part of the app: it comes whole from the
// server, with a script of a few kilobytes (decision 019).

describe.skipIf(skipE2e())('the first load', () => {
  const t = useBrowserPage({ phone: true });

  it('index.html blocks its first paint on nothing and lists the app as low-priority preloads', async () => {
    const html = await (await fetch(`${baseUrl()}/signup`)).text();
    // No stylesheet in the page itself: the app's styles come with its code.
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    // The shell's mark is inline: an <img> of an SVG costs the main thread a document of its own.
    expect(html).toMatch(/<svg class="boot-mark"/);
    expect(html).not.toMatch(/<img[^>]+\.svg"/);
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

  it('paints the shell with the company name while the app is still on its way, then the first screen', async () => {
    const page = t.page;
    // Hold the app's code back, as a slow link would.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/start-[^/]+\.js$/, async (route: Route) => {
      await released;
      await route.continue();
    });
    await page.goto('/signup?lng=ar', { waitUntil: 'commit' });
    const shell = page.locator('#root .boot');
    await shell.waitFor({ state: 'visible' });
    await expect.poll(() => page.locator('#root .boot-name').textContent()).toBe('Demo Repairs Co.');
    // Painted, not just in the DOM: the browser has reported a first contentful paint.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
      .toBe(1);
    expect(await page.getByTestId('signup-form').count()).toBe(0);

    release();
    await page.getByTestId('signup-form').waitFor();
    await expect.poll(() => shell.count()).toBe(0);
  });

  it('lays out the first screen in its own fonts: Cairo is loaded when the Arabic sign-up page is first drawn', async () => {
    const page = t.page;
    // Which faces are loaded at the moment the login form enters the page (not after).
    await page.addInitScript(() => {
      const record = window as unknown as { facesAtFirstScreen?: string[] };
      new MutationObserver((_changes, observer) => {
        if (!document.querySelector('[data-testid=signup-form]')) return;
        observer.disconnect();
        record.facesAtFirstScreen = [...document.fonts]
          .filter((face) => face.status === 'loaded')
          .map((face) => `${face.family.replace(/["']/g, '')} ${face.weight}`);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/signup?lng=ar');
    await page.getByTestId('signup-form').waitFor();
    const faces = await page.evaluate(() => (window as unknown as { facesAtFirstScreen?: string[] }).facesAtFirstScreen);
    for (const weight of ['400', '600', '700']) expect(faces).toContain(`Cairo ${weight}`);
    // Asked for by the entry, ahead of the app's code.
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=font]')].map((link) => link.href),
    );
    expect(preloaded.some((href) => /cairo-arabic-400-normal/.test(href))).toBe(true);
  });
});

describe.skipIf(skipE2e())('a signed-in first screen', () => {
  const t = useBrowserPage();

  it("loads the popups' positioning code only when a popup is wanted: the supervisor's stock badge", async () => {
    const asked: string[] = [];
    t.page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const askedForFloatingUi = () => asked.some((path) => /^\/assets\/floating-ui[^/]*\.js$/.test(path));
    await signIn(t.page, 'supervisor@demo.test');
    await t.page.goto('/dashboard');
    // The items that need attention: a table (Mantine's, with its scroll container) of stock badges.
    const badge = t.page.getByTestId('attention').locator('[data-status]').first();
    await badge.waitFor();
    await t.page.waitForLoadState('networkidle');
    expect(askedForFloatingUi()).toBe(false);
    // The pointer over a badge brings the tooltip's code, and the tooltip opens.
    await badge.hover();
    await t.page.getByRole('tooltip').waitFor();
    expect(await t.page.getByRole('tooltip').textContent()).toContain('all warehouses');
    expect(askedForFloatingUi()).toBe(true);
  });
});

/** A message key drawn as it is (`group.key`), in the text or in a label, title or placeholder. */
const RAW_KEY = new RegExp(`\\b(?:${Object.keys(en).join('|')})\\.[A-Za-z][\\w.]*`, 'g');
async function rawKeysShown(page: Page): Promise<string[]> {
  const text = await page.evaluate(() =>
    [
      document.body.innerText,
      ...[...document.querySelectorAll('[aria-label],[placeholder],[title],[alt]')].flatMap((el) =>
        ['aria-label', 'placeholder', 'title', 'alt'].map((name) => el.getAttribute(name) ?? ''),
      ),
    ].join('\n'),
  );
  return text.match(RAW_KEY) ?? [];
}

/** Every class Mantine's core stylesheets give rules to (`m_` and eight hex digits). */
const MANTINE_CLASSES = (() => {
  const styles = dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.layer.css'));
  const classes = new Set<string>();
  for (const file of readdirSync(join(styles, 'styles')).filter((name) => name.endsWith('.layer.css'))) {
    for (const match of readFileSync(join(styles, 'styles', file), 'utf8').matchAll(/\.(m_[0-9a-f]{8})\b/g)) classes.add(match[1]!);
  }
  return classes;
})();

/** The Mantine classes on the page whose rules no loaded stylesheet holds: components drawn unstyled. */
async function unstyledMantineClasses(page: Page): Promise<string[]> {
  const { drawn, styled } = await page.evaluate(() => {
    const pattern = /m_[0-9a-f]{8}/g;
    const styledClasses = new Set<string>();
    const visit = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) for (const name of rule.selectorText.match(pattern) ?? []) styledClasses.add(name);
        if ('cssRules' in rule) visit((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) visit(sheet.cssRules);
    const drawnClasses = new Set([...document.querySelectorAll('[class]')].flatMap((el) => [...el.classList]).filter((name) => /^m_[0-9a-f]{8}$/.test(name)));
    return { drawn: [...drawnClasses], styled: [...styledClasses] };
  });
  const loaded = new Set(styled);
  return drawn.filter((name) => MANTINE_CLASSES.has(name) && !loaded.has(name));
}

describe.skipIf(skipE2e())("each role's dashboard with the shell's messages only", () => {
  const t = useBrowserContexts();
  const messagePart = (path: string) => /^\/assets\/(public|shell|pages)-[^/]+\.js$/.exec(path)?.[1];

  for (const [email, next] of [
    ['admin@demo.test', 'nav-users'],
    ['supervisor@demo.test', 'nav-transfers'],
    ['tech1@demo.test', 'nav-tasks'],
    ['customer1@demo.test', 'nav-service-requests'],
  ] as const) {
    for (const locale of ['ar-SA', 'en-US']) {
      it(`${email} (${locale}): drawn whole without the pages' messages, which come with the next page`, async () => {
        const page = await t.openPage({ locale });
        const parts: string[] = [];
        page.on('request', (request) => {
          const part = messagePart(new URL(request.url()).pathname);
          if (part) parts.push(part);
        });
        await signIn(page, email);
        await page.goto('/dashboard');
        await page.getByTestId('dashboard-home').waitFor();
        await page.waitForLoadState('networkidle');
        expect(parts).toContain('shell');
        expect(parts).not.toContain('pages');
        expect(await rawKeysShown(page)).toEqual([]);
        expect(await unstyledMantineClasses(page)).toEqual([]);
        // Another page brings the rest of the messages with its code.
        await page.getByTestId('sidebar').getByTestId(next).click();
        await page.waitForURL((url) => url.pathname !== '/dashboard');
        await expect.poll(() => parts.includes('pages')).toBe(true);
        // The page's own title (a load state such as network idle was reached once already).
        await page.locator('main h2').first().waitFor();
        expect(await rawKeysShown(page)).toEqual([]);
        expect(await unstyledMantineClasses(page)).toEqual([]);
      });
    }
  }

  // The shell's styles (styles/mantine-shell.ts) hold everything the header's popups and the
  // phone's navigation draw, on a dashboard, before any other page has brought the rest.
  for (const [email, phone] of [
    ['tech1@demo.test', true],
    ['admin@demo.test', false],
  ] as const) {
    it(`${email}${phone ? ' on a phone' : ''}: the header's popups are styled on the dashboard`, async () => {
      const page = await t.openPage({ phone });
      await signIn(page, email);
      await page.goto('/dashboard');
      await page.getByTestId('dashboard-home').waitFor();
      const popups: [string, string][] = [
        ['user-menu', '[data-testid=menu-profile]'],
        ['notification-bell', '[data-testid=notification-panel]'],
        ['support-button', '[data-testid=support-panel]'],
      ];
      if (phone) popups.push(['nav-burger', '[data-testid=nav-drawer] [data-testid=sidebar-nav]']);
      for (const [trigger, popup] of popups) {
        await page.getByTestId(trigger).first().click();
        await page.locator(popup).first().waitFor();
        expect(await unstyledMantineClasses(page), popup).toEqual([]);
        expect(await rawKeysShown(page), popup).toEqual([]);
        await page.keyboard.press('Escape');
        await page.locator(popup).first().waitFor({ state: 'hidden' });
      }
      // The sign-out dialog (a technician's asks first when work is queued) is a modal.
      await page.getByTestId('user-menu').first().click();
      await page.getByTestId('sign-out').click();
      await page.waitForTimeout(500);
      expect(await unstyledMantineClasses(page)).toEqual([]);
    });
  }
});

describe.skipIf(skipE2e())('the sign-in page', () => {
  const t = useBrowserPage({ phone: true });

  it('comes whole in one response: its styles inside, one small script, none of the app', async () => {
    const res = await fetch(`${baseUrl()}/login?lng=en`);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-language')).toBe('en');
    const html = await res.text();
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    expect(html).toMatch(/<style>[\s\S]*?\.card\b[\s\S]*?<\/style>/);
    expect(html).toContain('data-testid="login-form"');
    expect(html).toContain('<title>Sign in · Demo Repairs Co.</title>');
    // Every slot filled (the messages for the script keep their own `{{value}}` placeholders).
    expect(html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, '')).not.toContain('{{');
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.some((file) => /\/(start|vendor-react|vendor-router|vendor-i18n)-/.test(file))).toBe(false);
    let bytes = 0;
    for (const file of scripts) bytes += (await (await fetch(`${baseUrl()}${file}`)).arrayBuffer()).byteLength;
    expect(bytes).toBeLessThan(40_000);
  });

  it('shows its form in the language asked for even before any script runs', async () => {
    const page = await t.openPage({ javaScript: false });
    await page.goto('/login?lng=ar');
    const html = await page.locator('html').evaluate((el) => [el.getAttribute('lang'), el.getAttribute('dir')]);
    expect(html).toEqual(['ar', 'rtl']);
    await page.getByLabel('البريد الإلكتروني').waitFor();
    await page.getByRole('button', { name: 'تسجيل الدخول' }).waitFor();
    await page.getByTestId('demo-account-admin@demo.test').waitFor();
  });

  it('fetches the app while the visitor signs in, not before', async () => {
    const asked: string[] = [];
    t.page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const askedForTheApp = () => asked.some((path) => /^\/assets\/start-[^/]+\.js$/.test(path));
    await t.page.goto('/login?lng=en');
    await t.page.getByTestId('login-form').waitFor();
    await t.page.waitForLoadState('networkidle');
    expect(askedForTheApp()).toBe(false);
    await t.page.locator('input[type=email]').focus();
    await expect.poll(askedForTheApp).toBe(true);
  });

  it('checks its fields in the page language, with the server\'s schema', async () => {
    await t.page.goto('/login?lng=ar');
    await t.page.locator('input[type=email]').fill('not-an-email');
    await t.page.locator('button[type=submit]').click();
    await expect.poll(() => t.page.locator('#email').getAttribute('aria-invalid')).toBe('true');
    expect(await t.page.locator('#email-error').isVisible()).toBe(true);
    expect(await t.page.locator('#password-error').isVisible()).toBe(true);
    expect(new URL(t.page.url()).pathname).toBe('/login');
    // Typing clears a field's message.
    await t.page.locator('input[type=password]').fill('x');
    expect(await t.page.locator('#password-error').isVisible()).toBe(false);
  });
});
