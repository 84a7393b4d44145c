import { describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared';
import ar from '@portal/shared/locales/ar.json';
import en from '@portal/shared/locales/en.json';
import { PRODUCT_SIDEBAR } from '../src/test-utils/product-sidebar';
import { htmlLangDir, useBrowserPage, sidebarLabels, signIn, skipE2e } from './browser';

const DEMO_ACCOUNT_OF: Record<Role, string> = {
  customer: 'customer1@demo.test',
  technician: 'tech1@demo.test',
  whs_supervisor: 'supervisor@demo.test',
  admin: 'admin@demo.test',
};

describe.skipIf(skipE2e())('the dashboard shell', () => {
  const t = useBrowserPage();

  it.each(Object.entries(DEMO_ACCOUNT_OF) as [Role, string][])('%s (%s) sees their role sidebar', async (role, email) => {
    const expected = PRODUCT_SIDEBAR[role];
    await t.page.goto('/login?lng=en');
    await signIn(t.page, email);
    await t.page.goto('/dashboard');
    await t.page.getByTestId('dashboard-home').waitFor();
    const labels = await sidebarLabels(t.page);
    // One shared order cannot match PRODUCT.md's supervisor list and admin list both: see the fixture.
    if (role === 'whs_supervisor') expect([...labels].sort()).toEqual([...expected].sort());
    else expect(labels).toEqual(expected);
  });

  it('highlights the current page in the sidebar', async () => {
    await t.page.goto('/login?lng=en');
    await signIn(t.page, 'tech1@demo.test');
    await t.page.getByTestId('nav-transfers').click();
    await t.page.waitForURL((url) => url.pathname === '/dashboard/transfers');
    await expect.poll(() => t.page.getByTestId('nav-transfers').getAttribute('aria-current')).toBe('page');
    await expect.poll(() => t.page.getByTestId('nav-dashboard').getAttribute('aria-current')).toBeNull();
  });

  it('flips the signed-in page between Arabic and English from the header', async () => {
    await t.page.goto('/login?lng=ar');
    await signIn(t.page, 'admin@demo.test');
    await t.page.goto('/dashboard');
    await expect.poll(() => htmlLangDir(t.page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await t.page.getByTestId('language-switch').click();
    await expect.poll(() => htmlLangDir(t.page)).toEqual({ lang: 'en', dir: 'ltr' });
    await expect.poll(() => t.page.getByTestId('welcome').textContent()).toBe('Welcome, Amal Admin');
    await t.page.getByTestId('language-switch').click();
    await expect.poll(() => htmlLangDir(t.page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await expect.poll(() => t.page.getByTestId('welcome').textContent()).toBe('مرحبًا، Amal Admin');
  });

  // The other language comes with every part the session has loaded (lib/i18n.ts): a group split
  // between parts (the statuses of serviceRequests) must arrive whole, not as raw keys.
  it('flips a list page between Arabic and English with every status and label worded', async () => {
    await t.page.goto('/login?lng=ar');
    await signIn(t.page, 'admin@demo.test');
    await t.page.goto('/dashboard/service-requests');
    const status = t.page.getByTestId('sr-status').first();
    await status.waitFor();
    for (const [language, messages] of [['en', en], ['ar', ar]] as const) {
      await t.page.getByTestId('language-switch').click();
      await expect.poll(() => htmlLangDir(t.page)).toEqual({ lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' });
      const shown = (await status.getAttribute('data-status')) as keyof typeof messages.serviceRequests.status;
      await expect.poll(() => status.textContent()).toBe(messages.serviceRequests.status[shown]);
      expect(await t.page.locator('main').innerText()).not.toMatch(/\bserviceRequests\.|\blist\./);
    }
  });

  it('says "not allowed" for a page the role may not use, and "not found" for an unknown one', async () => {
    await t.page.goto('/login?lng=en');
    await signIn(t.page, 'customer1@demo.test');
    await t.page.goto('/dashboard/users');
    await t.page.getByTestId('not-allowed').waitFor();
    await t.page.getByTestId('sidebar').waitFor();

    await t.page.goto('/dashboard/no-such-page');
    await t.page.getByTestId('not-found').waitFor();
    await t.page.getByTestId('sidebar').waitFor();

    await t.page.goto('/no-such-page');
    await t.page.getByTestId('not-found').waitFor();
    await expect.poll(() => t.page.getByTestId('sidebar').count()).toBe(0);
  });

  it('opens the admin data pages (no longer "not available yet")', async () => {
    await t.page.goto('/login?lng=en');
    await signIn(t.page, 'admin@demo.test');
    for (const [path, testId] of [['/dashboard/data-management', 'data-set-customers'], ['/dashboard/backup', 'backup-now']] as const) {
      await t.page.goto(path);
      await t.page.getByTestId(testId).waitFor();
      await expect.poll(() => t.page.getByTestId('coming-soon').count()).toBe(0);
    }
  });

  it('offers WhatsApp and a call to the support phone from the header', async () => {
    await t.page.goto('/login?lng=en');
    await signIn(t.page, 'customer1@demo.test');
    await t.page.getByTestId('support-button').click();
    const whatsapp = await t.page.getByTestId('support-whatsapp').getAttribute('href');
    const call = await t.page.getByTestId('support-call').getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\d+$/);
    expect(call).toMatch(/^tel:\+?\d+$/);
    await expect.poll(() => t.page.getByTestId('support-phone').locator('[dir=ltr]').count()).toBe(1);
  });

  it('breaks no rule of the content security policy, from the sign-in page to a validated form', async () => {
    const page = await t.openPage();
    const violations: string[] = [];
    await page.exposeBinding('reportCspViolation', (_source, text: string) => void violations.push(text));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
          `${location.pathname}: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
        ),
      ),
    );
    // The sign-in page (its own script), then the app it hands over to.
    await page.goto('/login?lng=ar');
    await signIn(page, 'customer1@demo.test');
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-home').waitFor();
    // A list, then a form that validates (zod) and refuses an empty submit.
    await page.goto('/dashboard/service-requests');
    await page.getByTestId('sr-filters-toggle').waitFor({ state: 'attached' });
    await page.goto('/dashboard/service-requests/new');
    await page.locator('button[type=submit]').click();
    await page.locator('[aria-invalid=true]').first().waitFor();
    expect(violations).toEqual([]);
  });

  // The header's popups come with their code on first use (components/on-demand.tsx). From the
  // keyboard: Enter opens one with the focus inside, Tab stays inside, Escape closes it and gives
  // the focus back to its button, whether the key came before the popup's code or after.
  const HEADER_POPUPS = [
    { trigger: 'notification-bell', panel: '[data-testid=notification-panel]', chunk: 'notification-popover' },
    { trigger: 'support-button', panel: '[data-testid=support-panel]', chunk: 'support-popover' },
    { trigger: 'user-menu', panel: '[role=menu]', chunk: 'user-menu-full' },
  ];
  it.each(HEADER_POPUPS.flatMap((popup) => [true, false].map((early) => ({ ...popup, early, when: early ? 'before' : 'after' }))))(
    'the $trigger popup works from the keyboard, Enter pressed $when its code came',
    async ({ trigger, panel, chunk, early }) => {
      const page = await t.openPage();
      await page.goto('/login?lng=ar');
      await signIn(page, 'customer1@demo.test');
      await page.goto('/dashboard');
      await page.getByTestId('dashboard-home').waitFor();
      const arrived = page.waitForResponse((response) => new RegExp(`/assets/${chunk}-[^/]+\\.js$`).test(response.url()));
      if (early) {
        // Hold the popup's code back, so Enter reaches the plain button first.
        await page.route(new RegExp(`/assets/${chunk}-[^/]+\\.js$`), async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 600));
          await route.continue();
        });
      }
      const button = page.getByTestId(trigger);
      await button.focus();
      if (!early) await arrived;
      await page.keyboard.press('Enter');
      if (early) await arrived;
      const dropdown = page.locator(panel);
      await dropdown.waitFor();
      const focusInside = () => dropdown.evaluate((element) => element.contains(document.activeElement));
      await expect.poll(focusInside).toBe(true);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect.poll(focusInside).toBe(true);
      await page.keyboard.press('Escape');
      await dropdown.waitFor({ state: 'hidden' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(trigger);
      // And again, with the code here by now.
      await page.keyboard.press('Enter');
      await dropdown.waitFor();
      await expect.poll(focusInside).toBe(true);
      await page.keyboard.press('Escape');
      await dropdown.waitFor({ state: 'hidden' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(trigger);
    },
  );

  it('opens the menu as a drawer on a phone', async () => {
    const phonePage = await t.openPage({ phone: true });
    await phonePage.goto('/login?lng=en');
    await signIn(phonePage, 'customer1@demo.test');
    await phonePage.getByTestId('nav-burger').click();
    await phonePage.getByRole('dialog').getByText('Service requests').click();
    await phonePage.waitForURL((url) => url.pathname === '/dashboard/service-requests');
  });
});
