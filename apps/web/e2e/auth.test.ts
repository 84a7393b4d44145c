import { describe, expect, it } from 'vitest';
import { baseUrl, htmlLangDir, useBrowserPage, readResetLink, signIn, skipE2e } from './browser';
import { api, tokenOf } from './helpers';

describe.skipIf(skipE2e())('sign-up, sign-in, sign-out and password reset', () => {
  const t = useBrowserPage();

  it('signs up a new customer, who lands signed in with their name in the header', async () => {
    const email = `new.customer.${Date.now()}@example.test`;
    await t.page.goto('/signup?lng=en');
    await t.page.locator('button[type=submit]').click();
    await expect.poll(() => t.page.getByText('This field is required').first().isVisible()).toBe(true);

    await t.page.locator('input[name=name]').fill('Layla <b>Test</b>');
    await t.page.locator('input[name=email]').fill(`  ${email.toUpperCase()} `);
    await t.page.locator('input[name=mobile]').fill('+966 512 345 678');
    await t.page.locator('input[name=password]').fill('short');
    await t.page.locator('input[name=confirmPassword]').fill('different');
    await t.page.locator('button[type=submit]').click();
    await t.page.getByText('Password must be at least 8 characters').waitFor();
    await t.page.getByText('Passwords do not match').waitFor();

    await t.page.locator('input[name=password]').fill('a-good-password');
    await t.page.locator('input[name=confirmPassword]').fill('a-good-password');
    await t.page.locator('button[type=submit]').click();
    await t.page.waitForURL((url) => url.pathname === '/');
    await t.page.getByTestId('landing').waitFor();
    await t.page.getByText('Account created successfully').waitFor();
    // The name is shown as text, never as markup.
    await expect.poll(() => t.page.getByTestId('welcome').textContent()).toBe('Welcome, Layla <b>Test</b>');
  });

  it('refuses a second account with the same email, under the email field', async () => {
    await t.page.goto('/signup?lng=en');
    await t.page.locator('input[name=name]').fill('Someone');
    await t.page.locator('input[name=email]').fill('customer1@demo.test');
    await t.page.locator('input[name=mobile]').fill('+966512345670');
    await t.page.locator('input[name=password]').fill('a-good-password');
    await t.page.locator('input[name=confirmPassword]').fill('a-good-password');
    await t.page.locator('button[type=submit]').click();
    await t.page.getByTestId('signup-form').getByText('An account with this email already exists.').waitFor();
    expect(new URL(t.page.url()).pathname).toBe('/signup');
  });

  it('says "Invalid email or password" for a wrong password', async () => {
    await t.page.goto('/login?lng=en');
    await t.page.locator('input[type=email]').fill('admin@demo.test');
    await t.page.locator('input[type=password]').fill('wrong-password');
    await t.page.locator('button[type=submit]').click();
    await t.page.getByTestId('login-error').waitFor();
    await expect.poll(() => t.page.getByTestId('login-error').textContent()).toContain('Invalid email or password');
    expect(new URL(t.page.url()).pathname).toBe('/login');
  });

  it('fills the form from a demo account card', async () => {
    await t.page.goto('/login?lng=en');
    await t.page.getByTestId('demo-account-tech1@demo.test').click();
    await expect.poll(() => t.page.locator('input[type=email]').inputValue()).toBe('tech1@demo.test');
    await t.page.locator('button[type=submit]').click();
    await t.page.waitForURL((url) => url.pathname === '/');
  });

  it('signs out to /login, and the session is gone', async () => {
    await t.page.goto('/login?lng=en');
    await signIn(t.page, 'customer1@demo.test');
    await t.page.goto('/dashboard');
    await t.page.getByTestId('user-menu').click();
    await t.page.getByTestId('sign-out').click();
    await t.page.waitForURL((url) => url.pathname === '/login' && url.search === '');
    await t.page.getByText('Signed out successfully').waitFor();
    await t.page.goto('/dashboard');
    await t.page.waitForURL((url) => url.pathname === '/login');
  });

  it('sends a signed-in visitor of the sign-in page straight on to ?redirect=, a path of this site only', async () => {
    await signIn(t.page, 'customer1@demo.test');
    await t.page.goto(`/login?redirect=${encodeURIComponent('/dashboard/profile')}`);
    await t.page.waitForURL((url) => url.pathname === '/dashboard/profile');
    await t.page.goto(`/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    await t.page.waitForURL((url) => url.pathname === '/');
    expect(new URL(t.page.url()).origin).toBe(new URL(baseUrl()).origin);
  });

  it('sends a signed-out visitor of /dashboard/profile to /login and back there after sign-in', async () => {
    await t.page.goto('/dashboard/profile?lng=en');
    await t.page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(t.page.url()).searchParams.get('redirect')).toBe('/dashboard/profile?lng=en');
    await signIn(t.page, 'customer1@demo.test');
    await t.page.waitForURL((url) => url.pathname === '/dashboard/profile');
    await expect.poll(() => t.page.getByTestId('profile-email').inputValue()).toBe('customer1@demo.test');
  });

  it('resets a forgotten password through the mailed link, in the same browser', async () => {
    const email = 'customer2@demo.test';
    await t.page.goto('/forgot-password?lng=en');
    await t.page.locator('input[type=email]').fill(email);
    await t.page.locator('button[type=submit]').click();
    await t.page.getByTestId('reset-sent').waitFor();

    const link = await readResetLink(email);
    const { pathname } = new URL(link);
    expect(pathname).toBe('/reset-password');
    await t.page.goto(link);
    await t.page.getByTestId('reset-form').waitFor();
    expect(new URL(t.page.url()).searchParams.has('code')).toBe(false);
    await t.page.locator('input[name=password]').fill('my-new-password-1');
    await t.page.locator('input[name=confirmPassword]').fill('my-new-password-1');
    await t.page.locator('button[type=submit]').click();
    await t.page.waitForURL((url) => url.pathname === '/login');
    await t.page.getByText('Password updated successfully').waitFor();

    await signIn(t.page, email, 'my-new-password-1');
    expect(new URL(t.page.url()).pathname).toBe('/');

    // The link worked once.
    await t.page.getByTestId('user-menu').click();
    await t.page.getByTestId('sign-out').click();
    await t.page.waitForURL((url) => url.pathname === '/login');
    await t.page.goto(link);
    await t.page.getByTestId('reset-invalid').waitFor();
    await t.page.getByTestId('request-new-link').click();
    await t.page.waitForURL((url) => url.pathname === '/forgot-password');
  });

  it('refuses a reset link opened in another browser (no code verifier there)', async () => {
    const email = 'tech2@demo.test';
    await t.page.goto('/forgot-password?lng=en');
    await t.page.locator('input[type=email]').fill(email);
    await t.page.locator('button[type=submit]').click();
    await t.page.getByTestId('reset-sent').waitFor();
    const link = await readResetLink(email);

    const otherPage = await t.openPage();
    await otherPage.goto(link);
    await otherPage.getByTestId('reset-invalid').waitFor();
  });

  it('switches the language: <html dir> and lang flip, and the font follows', async () => {
    await t.page.goto('/login?lng=ar');
    await expect.poll(() => htmlLangDir(t.page)).toEqual({ lang: 'ar', dir: 'rtl' });
    const font = () => t.page.evaluate(() => getComputedStyle(document.body).fontFamily);
    await expect.poll(() => font()).toMatch(/^"?Cairo/);

    await t.page.getByTestId('language-switch').click();
    await expect.poll(() => htmlLangDir(t.page)).toEqual({ lang: 'en', dir: 'ltr' });
    await expect.poll(() => font()).toMatch(/^"?Inter/);
    await t.page.getByText('Sign in', { exact: true }).first().waitFor();

    await t.page.getByTestId('language-switch').click();
    await expect.poll(() => htmlLangDir(t.page)).toEqual({ lang: 'ar', dir: 'rtl' });

    // The choice sticks for the next visit (cached in localStorage).
    await t.page.getByTestId('language-switch').click();
    await t.page.goto('/login');
    await expect.poll(() => htmlLangDir(t.page)).toEqual({ lang: 'en', dir: 'ltr' });
  });

  it("greets a browser that prefers neither language in the company's default language (Arabic, or English when set)", async () => {
    const greet = async () => {
      const frenchPage = await t.openPage({ locale: 'fr-FR' });
      await frenchPage.goto('/login');
      return htmlLangDir(frenchPage);
    };
    expect(await greet()).toEqual({ lang: 'ar', dir: 'rtl' });
    const token = await tokenOf('admin@demo.test');
    await api('/api/admin/settings', { method: 'PUT', token, body: { default_language: 'en' } });
    try {
      expect(await greet()).toEqual({ lang: 'en', dir: 'ltr' });
    } finally {
      await api('/api/admin/settings', { method: 'PUT', token, body: { default_language: 'ar' } });
    }
    // A browser preferring English still gets English whatever the default.
    const englishPage = await t.openPage({ locale: 'en-US' });
    await englishPage.goto('/login');
    await expect.poll(() => htmlLangDir(englishPage)).toEqual({ lang: 'en', dir: 'ltr' });
  });
});
