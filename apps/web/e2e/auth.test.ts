import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { htmlLangDir, launchBrowser, newContext, readResetLink, signIn, skipE2e } from './browser';

describe.skipIf(skipE2e())('sign-up, sign-in, sign-out and password reset', () => {
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

  it('signs up a new customer, who lands signed in with their name in the header', async () => {
    const email = `new.customer.${Date.now()}@example.test`;
    await page.goto('/signup?lng=en');
    await page.locator('button[type=submit]').click();
    await expect(page.getByText('This field is required').first().isVisible()).resolves.toBe(true);

    await page.locator('input[name=name]').fill('Layla <b>Test</b>');
    await page.locator('input[name=email]').fill(`  ${email.toUpperCase()} `);
    await page.locator('input[name=mobile]').fill('+966 512 345 678');
    await page.locator('input[name=password]').fill('short');
    await page.locator('input[name=confirmPassword]').fill('different');
    await page.locator('button[type=submit]').click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText('Passwords do not match').waitFor();

    await page.locator('input[name=password]').fill('a-good-password');
    await page.locator('input[name=confirmPassword]').fill('a-good-password');
    await page.locator('button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('landing').waitFor();
    await page.getByText('Account created successfully').waitFor();
    // The name is shown as text, never as markup.
    await expect(page.getByTestId('welcome').textContent()).resolves.toBe('Welcome, Layla <b>Test</b>');
  });

  it('refuses a second account with the same email, under the email field', async () => {
    await page.goto('/signup?lng=en');
    await page.locator('input[name=name]').fill('Someone');
    await page.locator('input[name=email]').fill('customer1@demo.test');
    await page.locator('input[name=mobile]').fill('+966512345670');
    await page.locator('input[name=password]').fill('a-good-password');
    await page.locator('input[name=confirmPassword]').fill('a-good-password');
    await page.locator('button[type=submit]').click();
    await page.getByTestId('signup-form').getByText('An account with this email already exists.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
  });

  it('says "Invalid email or password" for a wrong password', async () => {
    await page.goto('/login?lng=en');
    await page.locator('input[type=email]').fill('admin@demo.test');
    await page.locator('input[type=password]').fill('wrong-password');
    await page.locator('button[type=submit]').click();
    await page.getByTestId('login-error').waitFor();
    await expect(page.getByTestId('login-error').textContent()).resolves.toContain('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('fills the form from a demo account card', async () => {
    await page.goto('/login?lng=en');
    await page.getByTestId('demo-account-tech1@demo.test').click();
    await expect(page.locator('input[type=email]').inputValue()).resolves.toBe('tech1@demo.test');
    await page.locator('button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('signs out to /login, and the session is gone', async () => {
    await page.goto('/login?lng=en');
    await signIn(page, 'customer1@demo.test');
    await page.goto('/dashboard');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
    await page.getByText('Signed out successfully').waitFor();
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('sends a signed-out visitor of /dashboard/profile to /login and back there after sign-in', async () => {
    await page.goto('/dashboard/profile?lng=en');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/profile?lng=en');
    await signIn(page, 'customer1@demo.test');
    await page.waitForURL((url) => url.pathname === '/dashboard/profile');
    await expect(page.getByTestId('profile-email').inputValue()).resolves.toBe('customer1@demo.test');
  });

  it('resets a forgotten password through the mailed link, in the same browser', async () => {
    const email = 'customer2@demo.test';
    await page.goto('/forgot-password?lng=en');
    await page.locator('input[type=email]').fill(email);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('reset-sent').waitFor();

    const link = await readResetLink(email);
    const { pathname } = new URL(link);
    expect(pathname).toBe('/reset-password');
    await page.goto(link);
    await page.getByTestId('reset-form').waitFor();
    expect(new URL(page.url()).searchParams.has('code')).toBe(false);
    await page.locator('input[name=password]').fill('my-new-password-1');
    await page.locator('input[name=confirmPassword]').fill('my-new-password-1');
    await page.locator('button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Password updated successfully').waitFor();

    await signIn(page, email, 'my-new-password-1');
    expect(new URL(page.url()).pathname).toBe('/');

    // The link worked once.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto(link);
    await page.getByTestId('reset-invalid').waitFor();
    await page.getByTestId('request-new-link').click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
  });

  it('refuses a reset link opened in another browser (no code verifier there)', async () => {
    const email = 'tech2@demo.test';
    await page.goto('/forgot-password?lng=en');
    await page.locator('input[type=email]').fill(email);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('reset-sent').waitFor();
    const link = await readResetLink(email);

    const other = await newContext(browser);
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    await otherPage.getByTestId('reset-invalid').waitFor();
    await other.close();
  });

  it('switches the language: <html dir> and lang flip, and the font follows', async () => {
    await page.goto('/login?lng=ar');
    await expect(htmlLangDir(page)).resolves.toEqual({ lang: 'ar', dir: 'rtl' });
    const font = () => page.evaluate(() => getComputedStyle(document.body).fontFamily);
    await expect(font()).resolves.toMatch(/^"?Cairo/);

    await page.getByTestId('language-switch').click();
    await expect(htmlLangDir(page)).resolves.toEqual({ lang: 'en', dir: 'ltr' });
    await expect(font()).resolves.toMatch(/^"?Inter/);
    await page.getByText('Sign in', { exact: true }).first().waitFor();

    await page.getByTestId('language-switch').click();
    await expect(htmlLangDir(page)).resolves.toEqual({ lang: 'ar', dir: 'rtl' });

    // The choice sticks for the next visit (cached in localStorage).
    await page.getByTestId('language-switch').click();
    await page.goto('/login');
    await expect(htmlLangDir(page)).resolves.toEqual({ lang: 'en', dir: 'ltr' });
  });

  it('greets a browser that prefers neither language in Arabic', async () => {
    const french = await newContext(browser, { locale: 'fr-FR' });
    const frenchPage = await french.newPage();
    await frenchPage.goto('/login');
    await expect(htmlLangDir(frenchPage)).resolves.toEqual({ lang: 'ar', dir: 'rtl' });
    await french.close();
  });
});
