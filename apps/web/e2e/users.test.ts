import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { TAdminUser } from '@portal/shared';
import { signIn, skipE2e, useBrowserPage } from './browser';
import { api, choose, tokenOf } from './helpers';

/** The welcome mail's set-password link to `email` (fragment included), from the server's outbox. */
async function welcomeLink(email: string, timeoutMs = 15_000): Promise<string> {
  const outbox = join(inject('dataDir'), 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(outbox)) {
      for (const name of readdirSync(outbox).filter((n) => n.endsWith('.eml')).sort().reverse()) {
        const raw = readFileSync(join(outbox, name), 'utf8');
        const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
        if (!text.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
        const match = /https?:\/\/[^\s"<>]+\/reset-password\?code=[^\s"<>&]+&welcome=1#verifier=[A-Za-z0-9_-]+/.exec(text);
        if (match) return match[0];
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no welcome mail to ${email}`);
}

describe.skipIf(skipE2e())('admin: users and technicians', () => {
  const t = useBrowserPage();

  it('creates a technician in one step; they follow the welcome link in their own browser, choose a password and sign in', async () => {
    const email = `new.tech.${Date.now()}@example.test`;
    await signIn(t.page, 'admin@demo.test');
    await t.page.goto('/dashboard/technicians?lng=en');
    await t.page.getByTestId('technician-new').click();
    const form = t.page.getByTestId('technician-form');
    await form.getByLabel('Name').fill('Nadia Newtech');
    await form.getByLabel('Email').fill(email);
    await choose(t.page, 'technician-skills', 'Phone', 'Phones and tablets');
    await t.page.keyboard.press('Escape');
    // A Friday shift that ends before it starts is caught in the editor.
    await t.page.getByTestId('weekday-5').getByRole('switch').check();
    await t.page.getByTestId('weekday-5-start').fill('14:00');
    await t.page.getByTestId('weekday-5-end').fill('10:00');
    await t.page.getByTestId('technician-form-submit').click();
    await t.page.getByText('Must be after the start').waitFor();
    await t.page.getByTestId('weekday-5-end').fill('18:00');
    await t.page.getByTestId('technician-form-submit').click();
    await t.page.getByText('Technician Nadia Newtech created').waitFor();
    const row = t.page.locator(`[data-testid=technician-row][data-email="${email}"]`);
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('Phones and tablets');
    await expect.poll(() => row.textContent()).toMatch(/VAN-\d{4}/);

    const link = await welcomeLink(email);
    const page = await t.openPage();
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByTestId('reset-form').waitFor();
    await page.getByText('Welcome! Choose your password').waitFor();
    // Neither the code nor the verifier stays in the address bar.
    expect(page.url()).not.toMatch(/code=|verifier=/);
    await page.locator('input[name=password]').fill('nadia-pass-123');
    await page.locator('input[name=confirmPassword]').fill('nadia-pass-123');
    await page.locator('button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, email, 'nadia-pass-123');
    await page.getByTestId('welcome').waitFor();
    await expect.poll(() => page.getByTestId('welcome').textContent()).toContain('Nadia Newtech');
    // The link worked once.
    const second = await t.openPage();
    await second.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await second.getByTestId('reset-invalid').waitFor();
  });

  it('deactivating a user signs their open tab out at once; reactivating lets them back in', async () => {
    const admin = await tokenOf('admin@demo.test');
    const email = `staff.${Date.now()}@example.test`;
    const user = await api<TAdminUser>('/api/admin/users', { token: admin, body: { name: 'Sara Staff', email, role: 'whs_supervisor', language: 'en' } });
    await api(`/api/admin/users/${user.id}/reset-password`, { token: admin, body: { new_password: 'sara-pass-123' } });

    const page = await t.openPage();
    await signIn(page, email, 'sara-pass-123');
    await page.goto('/dashboard/profile?lng=en');
    await page.getByTestId('welcome').waitFor();

    await signIn(t.page, 'admin@demo.test');
    await t.page.goto(`/dashboard/users?lng=en&q=${encodeURIComponent(email)}`);
    const row = t.page.locator(`[data-testid=user-row][data-email="${email}"]`);
    await row.getByTestId('user-actions').click();
    await t.page.getByTestId('user-toggle-active').click();
    await t.page.getByTestId('confirm-toggle-user').click();
    await t.page.getByText('Sara Staff was deactivated').waitFor();
    await row.getByTestId('user-inactive').waitFor();

    // Their tab, untouched, ends up signed out.
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });

    await row.getByTestId('user-actions').click();
    await t.page.getByTestId('user-toggle-active').click();
    await t.page.getByTestId('confirm-toggle-user').click();
    await t.page.getByText('Sara Staff was reactivated').waitFor();
    await signIn(page, email, 'sara-pass-123');
  });

  it("resets another user's password after a confirmation, with the success toast", async () => {
    const admin = await tokenOf('admin@demo.test');
    const email = `reset.${Date.now()}@example.test`;
    await api('/api/admin/users', { token: admin, body: { name: 'Rami Reset', email, role: 'customer', language: 'en' } });
    await signIn(t.page, 'admin@demo.test');
    await t.page.goto(`/dashboard/users?lng=en&q=${encodeURIComponent(email)}`);
    const row = t.page.locator(`[data-testid=user-row][data-email="${email}"]`);
    await row.getByTestId('user-actions').click();
    await t.page.getByTestId('user-reset-password').click();
    await t.page.locator('input[name=password]').fill('rami-pass-123');
    await t.page.locator('input[name=confirmPassword]').fill('rami-pass-123');
    await t.page.getByTestId('reset-user-password-submit').click();
    await t.page.getByTestId('confirm-reset-password').click();
    await t.page.getByText('User password reset successfully').waitFor();
    expect(await tokenOf(email, 'rami-pass-123')).toBeTruthy();
  });
});
