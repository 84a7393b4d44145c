import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { htmlLangDir, launchBrowser, newContext, sidebarLabels, signIn, skipE2e } from './browser';

/** PRODUCT.md §2, "Sidebar by role". */
const SIDEBAR: Record<string, string[]> = {
  'customer1@demo.test': ['Dashboard', 'Book service', 'Service requests', 'Appointments', 'Help & support'],
  'tech1@demo.test': [
    'Dashboard',
    'Service orders',
    'Schedule',
    'My inventory',
    'Transfers',
    'Warehouse status',
    'Service reports',
    'Performance reports',
    'Help & support',
  ],
  'supervisor@demo.test': ['Dashboard', 'Inventory reports', 'Warehouses', 'Inventory', 'Transfers', 'Adjustments'],
  'admin@demo.test': [
    'Dashboard',
    'Book service',
    'Users',
    'Technicians',
    'Service orders',
    'Appointments',
    'Analytics',
    'Data management',
    'Backup & restore',
    'Service reports',
    'Performance reports',
    'Inventory reports',
    'Warehouses',
    'Inventory',
    'Transfers',
    'Adjustments',
    'Settings',
  ],
};

describe.skipIf(skipE2e())('the dashboard shell', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await newContext(browser);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  it.each(Object.entries(SIDEBAR))('%s sees their role sidebar', async (email, expected) => {
    await page.goto('/login?lng=en');
    await signIn(page, email);
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-home').waitFor();
    await expect(sidebarLabels(page)).resolves.toEqual(expected);
  });

  it('highlights the current page in the sidebar', async () => {
    await page.goto('/login?lng=en');
    await signIn(page, 'tech1@demo.test');
    await page.getByTestId('nav-transfers').click();
    await page.waitForURL((url) => url.pathname === '/dashboard/transfers');
    await expect(page.getByTestId('nav-transfers').getAttribute('aria-current')).resolves.toBe('page');
    await expect(page.getByTestId('nav-dashboard').getAttribute('aria-current')).resolves.toBeNull();
  });

  it('flips the signed-in page between Arabic and English from the header', async () => {
    await page.goto('/login?lng=ar');
    await signIn(page, 'admin@demo.test');
    await page.goto('/dashboard');
    await expect(htmlLangDir(page)).resolves.toEqual({ lang: 'ar', dir: 'rtl' });
    await page.getByTestId('language-switch').click();
    await expect(htmlLangDir(page)).resolves.toEqual({ lang: 'en', dir: 'ltr' });
    await expect(page.getByTestId('welcome').textContent()).resolves.toBe('Welcome, Amal Admin');
    await page.getByTestId('language-switch').click();
    await expect(htmlLangDir(page)).resolves.toEqual({ lang: 'ar', dir: 'rtl' });
    await expect(page.getByTestId('welcome').textContent()).resolves.toBe('مرحبًا، Amal Admin');
  });

  it('says "not allowed" for a page the role may not use, and "not found" for an unknown one', async () => {
    await page.goto('/login?lng=en');
    await signIn(page, 'customer1@demo.test');
    await page.goto('/dashboard/users');
    await page.getByTestId('not-allowed').waitFor();
    await page.getByTestId('sidebar').waitFor();

    await page.goto('/dashboard/no-such-page');
    await page.getByTestId('not-found').waitFor();
    await page.getByTestId('sidebar').waitFor();

    await page.goto('/no-such-page');
    await page.getByTestId('not-found').waitFor();
    await expect(page.getByTestId('sidebar').count()).resolves.toBe(0);
  });

  it('shows pages to come as "not available yet"', async () => {
    await page.goto('/login?lng=en');
    await signIn(page, 'admin@demo.test');
    for (const path of ['/dashboard/users', '/dashboard/reports/inventory', '/book-appointment']) {
      await page.goto(path);
      await page.getByTestId('coming-soon').waitFor();
    }
  });

  it('offers WhatsApp and a call to the support phone from the header', async () => {
    await page.goto('/login?lng=en');
    await signIn(page, 'customer1@demo.test');
    await page.getByTestId('support-button').click();
    const whatsapp = await page.getByTestId('support-whatsapp').getAttribute('href');
    const call = await page.getByTestId('support-call').getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\d+$/);
    expect(call).toMatch(/^tel:\+?\d+$/);
    await expect(page.getByTestId('support-phone').locator('[dir=ltr]').count()).resolves.toBe(1);
  });

  it('opens the menu as a drawer on a phone', async () => {
    const phone = await newContext(browser, { phone: true });
    const phonePage = await phone.newPage();
    await phonePage.goto('/login?lng=en');
    await signIn(phonePage, 'customer1@demo.test');
    await phonePage.getByTestId('nav-burger').click();
    await phonePage.getByRole('dialog').getByText('Service requests').click();
    await phonePage.waitForURL((url) => url.pathname === '/dashboard/service-requests');
    await phone.close();
  });
});
