import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TServiceRequest } from '@portal/shared';
import { htmlLangDir, signIn, skipE2e, useBrowserContexts } from './browser';
import { api, documentIsTheSame, markDocument, tokenOf, watchJoins } from './helpers';

// --- the API, called from the test process --------------------------------------------------

/** A request of `customerToken`'s own, raised through the API (pending). */
function raise(customerToken: string, problem: string, serial?: string): Promise<TServiceRequest> {
  return api<TServiceRequest>('/api/service-requests', {
    token: customerToken,
    body: {
      priority: 'high',
      location: 'office',
      service_type: 'laptop',
      fault_type: 'battery',
      problem_description: problem,
      device: { brand: 'Lenovo', model: 'ThinkPad T14', serial_number: serial, warranty_status: 'in_warranty' },
    },
  });
}

async function technicianId(adminToken: string, email: string): Promise<string> {
  const found = await api<{ items: { id: string; email: string }[] }>(`/api/admin/users/lookup?role=technician&q=${encodeURIComponent(email)}`, { token: adminToken });
  return found.items.find((u) => u.email === email)!.id;
}

const act = (token: string, id: string, action: string, body: unknown = {}) =>
  api<TServiceRequest>(`/api/service-requests/${id}/${action}`, { token, body });

// --- the page ---------------------------------------------------------------------------------

const statusOf = (page: Page) => page.getByTestId('sr-number').locator('xpath=..').getByTestId('sr-status').getAttribute('data-status');

/** Picks an option of a (not searchable) Mantine Select by its visible label. */
async function pick(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

describe.skipIf(skipE2e())('service requests', () => {
  const { openPage } = useBrowserContexts();

  it('a customer raises a request in Arabic; the admin assigns a technician and the open page follows live; the customer cancels a pending one', async () => {
    const admin = await tokenOf('admin@demo.test');
    const customer = await tokenOf('customer1@demo.test');

    // The customer, in Arabic, fills the form; a home visit needs an address.
    const page = await openPage({ locale: 'ar-SA' });
    const joins = watchJoins(page);
    await page.goto('/login?lng=ar');
    await signIn(page, 'customer1@demo.test');
    await page.goto('/dashboard/service-requests/new');
    await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await pick(page, 'sr-location', 'زيارة منزلية');
    await page.getByTestId('sr-submit').click();
    // Nothing is sent: every missing field says so, in Arabic.
    await expect.poll(() => page.getByText('هذا الحقل مطلوب').count()).toBeGreaterThanOrEqual(5);
    expect(page.url()).toContain('/dashboard/service-requests/new');

    await page.getByTestId('sr-address').fill('الرياض، حي العليا، شارع التحلية ١٢');
    await pick(page, 'sr-service-type', 'الحواسيب المحمولة والمكتبية');
    await pick(page, 'sr-fault-type', 'البطارية أو الشحن');
    await page.getByTestId('sr-problem').fill('البطارية لا تشحن فوق ٤٠٪ والجهاز يطفئ فجأة');
    await page.getByTestId('sr-brand').fill('لينوفو');
    await page.getByTestId('sr-model').fill('ThinkPad X1');
    const serial = `E2E-${Date.now().toString(36).toUpperCase()}`;
    await page.getByTestId('sr-serial').fill(serial);
    await page.getByTestId('sr-submit').click();
    await page.waitForURL((url) => /^\/dashboard\/service-requests\/[0-9a-f-]{36}$/.test(url.pathname));
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const number = (await page.getByTestId('sr-number').textContent())!.trim();
    expect(number).toMatch(/^SR-\d{6}$/);
    await expect.poll(() => statusOf(page)).toBe('pending');
    await expect.poll(() => page.getByTestId('sr-history-entry').count()).toBe(1);
    expect(await page.getByTestId('sr-section-device').textContent()).toContain(serial);
    // A customer may only cancel: exactly the server's allowed_actions.
    await expect.poll(() => page.getByTestId('sr-actions').getByRole('button').count()).toBe(1);
    await page.getByTestId('sr-action-cancel').waitFor();

    // The admin assigns Tariq from the request desk's detail page (in English).
    await joins.joined('service_requests');
    await markDocument(page);
    const desk = await openPage();
    await desk.goto('/login?lng=en');
    await signIn(desk, 'admin@demo.test');
    await desk.goto(`/dashboard/admin/service-requests?q=${encodeURIComponent(number)}`);
    await desk.locator(`[data-testid=sr-row][data-number="${number}"]`).click();
    await desk.waitForURL((url) => url.pathname === `/dashboard/service-requests/${id}`);
    await desk.getByTestId('sr-action-assign').click();
    // Confirming without a technician is refused in the dialog.
    await desk.getByTestId('sr-action-confirm').click();
    await desk.getByText('This field is required').waitFor();
    const technician = desk.getByTestId('sr-action-technician');
    await technician.click();
    await technician.fill('tech1');
    await desk.getByRole('option').filter({ hasText: 'tech1@demo.test' }).click();
    await desk.getByTestId('sr-action-confirm').click();
    await expect.poll(() => statusOf(desk)).toBe('assigned');

    // The customer's open page shows it without a reload, with the technician's name.
    await expect.poll(() => statusOf(page), { timeout: 15_000 }).toBe('assigned');
    await expect.poll(() => page.getByTestId('sr-fact-technician').textContent()).toContain('Tariq Technician');
    await expect.poll(() => page.getByTestId('sr-history-entry').count()).toBe(2);
    expect(await documentIsTheSame(page)).toBe(true);

    // A pending request of theirs: the customer cancels it with a reason, from their list.
    const other = await raise(customer, 'Keyboard keys stick after a spill.');
    await page.goto('/dashboard/service-requests?status=pending');
    // The search field reads right to left on an Arabic page, its icon at the start (the right),
    // while the text typed in it takes its own direction (Mantine puts `dir="auto"` on the field's
    // wrapper, where it had turned the whole field left to right).
    const search = page.getByTestId('sr-search');
    const field = await search.evaluate((input) => {
      const icon = input.parentElement!.querySelector('[data-position=left]')!.getBoundingClientRect();
      const box = input.getBoundingClientRect();
      const style = getComputedStyle(input);
      return { direction: style.direction, bidi: style.unicodeBidi, iconAtRight: icon.left > box.left + box.width / 2 };
    });
    expect(field).toEqual({ direction: 'rtl', bidi: 'plaintext', iconAtRight: true });
    await page.locator(`[data-testid=sr-row][data-number="${other.number}"]`).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/service-requests/${other.id}`);
    await page.getByTestId('sr-action-cancel').click();
    await page.getByTestId('sr-action-confirm').click();
    await page.getByText('هذا الحقل مطلوب').waitFor();
    await page.getByTestId('sr-action-reason').fill('أصلحتها بنفسي، شكرًا');
    await page.getByTestId('sr-action-confirm').click();
    await expect.poll(() => statusOf(page)).toBe('cancelled');
    await expect.poll(() => page.getByTestId('sr-cancellation').textContent()).toContain('أصلحتها بنفسي');
    await expect.poll(() => page.getByTestId('sr-actions').count()).toBe(0);
    expect((await api<TServiceRequest>(`/api/service-requests/${other.id}`, { token: admin })).status).toBe('cancelled');
  });

  it('on a completed request the customer rates it and signs with the mouse; the signature is shown afterwards', async () => {
    const admin = await tokenOf('admin@demo.test');
    const customer = await tokenOf('customer1@demo.test');
    const tech = await tokenOf('tech1@demo.test');
    const request = await raise(customer, 'Fan is loud under load.');
    await act(admin, request.id, 'assign', { technician_id: await technicianId(admin, 'tech1@demo.test') });
    await act(tech, request.id, 'start');
    // Completed by the admin: no signature was captured on a technician's device, so the customer signs here.
    await act(admin, request.id, 'complete', { diagnosis: 'Dusty fan, dried thermal paste.', resolution: 'Cleaned the fan, new thermal paste.' });

    const page = await openPage();
    await page.goto('/login?lng=en');
    await signIn(page, 'customer1@demo.test');
    await page.goto(`/dashboard/service-requests/${request.id}`);
    await expect.poll(() => statusOf(page)).toBe('completed');
    expect(await page.getByTestId('sr-fact-resolution').textContent()).toContain('new thermal paste');
    const form = page.getByTestId('sr-feedback-form');
    await form.waitFor();

    // No stars and an empty pad: refused before anything is sent.
    await page.getByTestId('sr-feedback-submit').click();
    await page.getByText('Please sign to confirm.').waitFor();
    await page.getByText('This field is required').waitFor();

    const four = await page.getByTestId('sr-rating').locator('input[value="4"]').getAttribute('id');
    await page.locator(`label[for="${four}"]`).click();
    await page.getByTestId('sr-feedback-input').fill('Quick and tidy work — thank you!');
    const pad = page.getByTestId('sr-signature-canvas');
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
    await page.mouse.down();
    for (let i = 1; i <= 12; i += 1) await page.mouse.move(box.x + 30 + i * 18, box.y + box.height * (0.6 + 0.25 * Math.sin(i)), { steps: 3 });
    await page.mouse.up();
    await page.getByTestId('sr-feedback-submit').click();

    const given = page.getByTestId('sr-feedback-given');
    await given.waitFor();
    await expect.poll(() => page.getByTestId('sr-feedback-text').textContent()).toBe('Quick and tidy work — thank you!');
    await expect.poll(() => page.getByTestId('sr-signature-image').getAttribute('src')).toMatch(/^blob:/);
    // The image really loaded (the attachment needs the bearer token).
    await expect.poll(() => page.getByTestId('sr-signature-image').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await page.getByTestId('sr-feedback-form').count()).toBe(0);

    const stored = await api<TServiceRequest>(`/api/service-requests/${request.id}`, { token: admin });
    expect(stored.feedback).toMatchObject({ rating: 4, feedback: 'Quick and tidy work — thank you!' });
    expect(stored.feedback?.signature_url).toBeTruthy();
  });
});
