import { describe, expect, it } from 'vitest';
import type { TServiceRequest, TTrackingLink } from '@portal/shared';
import { htmlLangDir, skipE2e, useBrowserContexts } from './browser';
import { api, documentIsTheSame, markDocument, tokenOf } from './helpers';

async function technicianId(adminToken: string, email: string): Promise<string> {
  const found = await api<{ items: { id: string; email: string }[] }>(`/api/admin/users/lookup?role=technician&q=${encodeURIComponent(email)}`, { token: adminToken });
  return found.items.find((u) => u.email === email)!.id;
}

// Public repair tracking (issue #28): a customer without an account, on a phone, in Arabic.
describe.skipIf(skipE2e())('public repair tracking', () => {
  const { openPage } = useBrowserContexts();

  it('signed out, the customer finds the request by number and mobile; its link shows the technician starting work live', async () => {
    const admin = await tokenOf('admin@demo.test');
    const tech = await tokenOf('tech1@demo.test');
    const request = await api<TServiceRequest>('/api/service-requests', {
      token: admin,
      body: {
        new_customer: { name: 'سلمان العتيبي', email: `track-${Date.now()}@example.test`, mobile_number: '+966 55 987 6543' },
        priority: 'medium',
        location: 'office',
        address: null,
        service_type: 'laptop',
        fault_type: 'battery',
        problem_description: 'البطارية لا تشحن',
        device: { brand: 'Lenovo', model: 'ThinkPad T14', serial_number: 'TRK-E2E-1', warranty_status: 'unknown' },
      },
    });
    await api(`/api/service-requests/${request.id}/assign`, { token: admin, body: { technician_id: await technicianId(admin, 'tech1@demo.test') } });

    // By number (typed in lower case, without the dash) and the mobile as the customer says it.
    const page = await openPage({ phone: true, locale: 'ar-SA' });
    await page.goto('/track?lng=ar');
    await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await page.getByTestId('tracking-number-input').fill(request.number.toLowerCase().replace('-', ''));
    await page.getByTestId('tracking-mobile-input').fill('0559876543');
    await page.getByTestId('tracking-submit').click();
    const view = page.getByTestId('tracking-view');
    await view.waitFor();
    expect(await view.getAttribute('data-status')).toBe('assigned');
    expect(await page.getByTestId('tracking-number').textContent()).toContain(request.number);
    expect(await view.getByTestId('sr-status').textContent()).toBe('تم التعيين');
    // The technician by first name only; nothing of the customer, the serial or the problem.
    expect(await page.getByTestId('tracking-technician').textContent()).toContain('Tariq');
    const text = (await page.locator('main').textContent()) ?? '';
    for (const secret of ['Technician', 'سلمان', 'TRK-E2E-1', 'البطارية لا تشحن', '987']) expect(text).not.toContain(secret);

    // A wrong mobile: the same "not found" as any unknown request.
    await page.getByTestId('tracking-another').click();
    await page.getByTestId('tracking-number-input').fill(request.number);
    await page.getByTestId('tracking-mobile-input').fill('0550000000');
    await page.getByTestId('tracking-submit').click();
    await page.getByTestId('tracking-not-found').waitFor();

    // The tracking link opens the view at once, and follows the request while open.
    const { url } = await api<TTrackingLink>(`/api/service-requests/${request.id}/tracking-link`, { token: admin });
    await page.goto(`${new URL(url).pathname}?lng=ar`);
    await expect.poll(() => page.getByTestId('tracking-view').getAttribute('data-status')).toBe('assigned');
    await page.getByTestId('tracking-live').waitFor();
    await markDocument(page);

    // The technician starts work (the field-work start: in progress).
    await api(`/api/service-requests/${request.id}/work-log/start`, { token: tech, body: {} });
    await expect.poll(() => page.getByTestId('tracking-view').getAttribute('data-status')).toBe('in_progress');
    expect(await page.getByTestId('tracking-view').getByTestId('sr-status').textContent()).toBe('قيد التنفيذ');
    await expect.poll(() => page.getByTestId('tracking-timeline-entry').last().getAttribute('data-status')).toBe('in_progress');
    expect(await documentIsTheSame(page)).toBe(true);
  });
});
