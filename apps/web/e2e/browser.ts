import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';

export function chromePath(): string {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

export const skipE2e = (): boolean => inject('e2eSkip');
export const baseUrl = (): string => inject('baseUrl');

export const DEMO_PASSWORD = 'demo12345';

/** A port free on 127.0.0.1 right now, for a server a test starts. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface ContextOptions {
  phone?: boolean;
  locale?: string;
  /**
   * Let the app install its service worker (issue #27). Off by default: a worker that precaches
   * the whole build in every fresh profile only slows the other tests and changes when their
   * requests run; the installability and offline tests turn it on.
   */
  serviceWorker?: boolean;
  /** Off: the page as a browser without scripts (or before they arrive) shows it. */
  javaScript?: boolean;
}

/** A fresh browser profile (its own localStorage), desktop-sized, preferring English. */
export function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl(),
    viewport: options.phone ? { width: 390, height: 844 } : { width: 1366, height: 850 },
    locale: options.locale ?? 'en-US',
    serviceWorkers: options.serviceWorker ? 'allow' : 'block',
    javaScriptEnabled: options.javaScript ?? true,
  });
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
}

/** The sidebar's item labels, in order, as a desktop user sees them (hover widens the bar). */
export async function sidebarLabels(page: Page): Promise<string[]> {
  const items = page.locator('[data-testid=sidebar] [data-testid^="nav-"]');
  await items.first().waitFor();
  return (await items.allTextContents()).map((text) => text.trim());
}

export async function htmlLangDir(page: Page): Promise<{ lang: string; dir: string }> {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

/** Undoes quoted-printable and base64 transfer encodings well enough to find a link. */
function decodedParts(raw: string): string[] {
  const qp = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const base64Blocks = raw.match(/(?:^[A-Za-z0-9+/=]{16,}\r?\n)+/gm) ?? [];
  return [qp, ...base64Blocks.map((block) => Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8'))];
}

/** Waits for the reset mail to `email` in the server's outbox and returns its link. */
export async function readResetLink(email: string, timeoutMs = 15_000): Promise<string> {
  const outbox = join(inject('dataDir'), 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(outbox)) {
      for (const name of readdirSync(outbox).filter((n) => n.endsWith('.eml')).sort().reverse()) {
        const raw = readFileSync(join(outbox, name), 'utf8');
        if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
        for (const text of decodedParts(raw)) {
          const match = text.match(/https?:\/\/[^\s"<>]+\/reset-password\?code=[A-Za-z0-9_\-%.~]+/);
          if (match) return match[0];
        }
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No reset mail for ${email} in ${outbox}`);
}

/**
 * One browser for the file and a fresh context and page for each test: call it at the top
 * of a describe block and use `t.page` inside the tests; `t.openPage()` opens another user's,
 * a phone's or another language's page, closed after the test like `t.page`.
 */
export function useBrowserPage(defaults: ContextOptions = {}): { page: Page; openPage: OpenPage } {
  const { openPage } = useBrowserContexts(defaults);
  const t = { openPage } as { page: Page; openPage: OpenPage };
  beforeEach(async () => {
    t.page = await openPage();
  });
  return t;
}

type OpenPage = (options?: ContextOptions) => Promise<Page>;

/**
 * One browser for the file and any number of pages per test, each in its own context (another
 * user, a phone, a language), all closed after the test: call it at the top of a describe block
 * and `await openPage({ phone: true, locale: 'ar-SA' })` inside the tests.
 */
export function useBrowserContexts(defaults: ContextOptions = {}): { openPage: OpenPage } {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  return {
    openPage: async (options = {}) => {
      const context = await newContext(browser, { ...defaults, ...options });
      contexts.push(context);
      return context.newPage();
    },
  };
}
