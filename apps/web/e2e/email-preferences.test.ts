import { describe, expect, it } from 'vitest';
import { EMAIL_KINDS, type TEmailPreferences, type TSession } from '@portal/shared';
import { htmlLangDir, signIn, skipE2e, useBrowserContexts } from './browser';
import { api } from './helpers';

// Issue #28: a customer chooses, per kind, in-app only or in-app and e-mail; the e-mails'
// unsubscribe link opens a public page that asks before it turns anything off. (The e2e server
// runs no job runner, so no customer e-mail is sent here: the mails themselves, and a valid
// token, are covered by the server's customer-mail tests.)
describe.skipIf(skipE2e())('customer e-mail preferences (Arabic, phone)', () => {
  const { openPage } = useBrowserContexts();

  it('a customer turns the completion e-mail off and it stays off; the others stay on', async () => {
    const email = `prefs-${Date.now()}@e2e.test`;
    const password = 'prefs-e2e-123';
    const session = await api<TSession>('/api/auth/signup', { body: { email, password, name: 'عميل التفضيلات', mobile: '+966500001122' } });

    const page = await openPage({ phone: true, locale: 'ar-SA' });
    await page.goto('/login');
    await signIn(page, email, password);
    await page.goto('/dashboard/preferences');
    const card = page.getByTestId('email-preferences');
    await card.waitFor();
    expect(await htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(await card.textContent()).toContain('البريد الإلكتروني');
    // Phone-first: the card fits the screen.
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);

    await card.getByTestId('email-pref-completed').getByText('في البوابة فقط').click();
    await page.getByText('حُفظت تفضيلات البريد الإلكتروني').waitFor();
    const saved = await api<TEmailPreferences>('/api/me/email-preferences', { token: session.access_token });
    expect(saved.kinds).toEqual(EMAIL_KINDS.map((kind) => ({ kind, email: kind !== 'completed' })));

    await page.reload();
    await page.getByTestId('email-pref-completed').waitFor();
    expect(await page.getByTestId('email-pref-completed').locator('input[value=app]').isChecked()).toBe(true);
    expect(await page.getByTestId('email-pref-request_received').locator('input[value=email]').isChecked()).toBe(true);
  });

  it('the unsubscribe page, signed out: asks first, and a forged or broken link is "not valid"', async () => {
    const page = await openPage({ phone: true, locale: 'ar-SA' });
    const forged = `3f1c2b9a-1234-4abc-8def-0123456789ab.${'A'.repeat(43)}`;
    await page.goto(`/unsubscribe/${forged}`);
    await page.getByTestId('unsubscribe-confirm').waitFor();
    expect(await htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(await page.getByTestId('unsubscribe').textContent()).toContain('إيقاف الرسائل');
    await page.getByTestId('unsubscribe-confirm').click();
    await page.getByTestId('unsubscribe-invalid').waitFor();
    expect(await page.getByTestId('unsubscribe-invalid').textContent()).toContain('هذا الرابط غير صالح');

    await page.goto('/unsubscribe/broken');
    await page.getByTestId('unsubscribe-invalid').waitFor();
    expect(await page.getByTestId('unsubscribe-confirm').count()).toBe(0);
  });
});
