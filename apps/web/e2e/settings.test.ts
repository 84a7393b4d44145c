import { afterAll, describe, expect, it } from 'vitest';
import type { TAdminSettings } from '@portal/shared';
import { signIn, skipE2e, useBrowserPage } from './browser';
import { api, documentIsTheSame, markDocument, tokenOf, watchJoins } from './helpers';

describe.skipIf(skipE2e())('admin: settings', () => {
  const t = useBrowserPage();
  let original: TAdminSettings | null = null;

  afterAll(async () => {
    if (!original) return;
    const token = await tokenOf('admin@demo.test');
    await api('/api/admin/settings', { method: 'PUT', token, body: { company_name: original.company_name, support_phone: original.support_phone, appointment_slot_minutes: original.appointment_slot_minutes } });
  });

  it("a new support phone and company name show in another user's open header without a reload", async () => {
    original = await api<TAdminSettings>('/api/admin/settings', { token: await tokenOf('admin@demo.test') });

    // The customer's tab is open, joined to the settings topic.
    const customer = await t.openPage();
    const joins = watchJoins(customer);
    await customer.goto('/login?lng=en');
    await signIn(customer, 'customer1@demo.test');
    await joins.joined('settings');
    await markDocument(customer);

    await signIn(t.page, 'admin@demo.test');
    await t.page.goto('/dashboard/settings?lng=en');
    await t.page.getByTestId('settings-support-phone').fill('+966 55 777 8888');
    await t.page.getByTestId('settings-company-name').fill('Fast Fix Co.');
    await t.page.getByTestId('settings-save').click();
    await t.page.getByText('Settings saved').waitFor();

    await customer.getByTestId('support-button').click();
    await expect.poll(() => customer.getByTestId('support-phone').textContent()).toContain('+966 55 777 8888');
    expect(await customer.getByTestId('support-call').getAttribute('href')).toBe('tel:+966557778888');
    await expect.poll(() => customer.getByTestId('home-link').getAttribute('aria-label')).toBe('Fast Fix Co.');
    expect(await documentIsTheSame(customer)).toBe(true);
  });

  it('refuses a bad value on its field, in Arabic, and saves nothing', async () => {
    await t.page.goto('/login?lng=ar');
    await signIn(t.page, 'admin@demo.test');
    await t.page.goto('/dashboard/settings?lng=ar');
    const before = await api<TAdminSettings>('/api/admin/settings', { token: await tokenOf('admin@demo.test') });
    await t.page.getByTestId('settings-slot').fill('50');
    await t.page.getByTestId('settings-save').click();
    await t.page.getByText('اختر من 15 إلى 240 دقيقة، بزيادات قدرها 15.').waitFor();
    const after = await api<TAdminSettings>('/api/admin/settings', { token: await tokenOf('admin@demo.test') });
    expect(after.appointment_slot_minutes).toBe(before.appointment_slot_minutes);
    // Leaving with unsaved changes asks first.
    await t.page.getByTestId('nav-dashboard').first().click();
    await t.page.getByTestId('settings-leave').click();
    await t.page.waitForURL((url) => url.pathname === '/dashboard');
  });
});
