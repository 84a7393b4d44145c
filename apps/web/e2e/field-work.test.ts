import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TServiceRequest, TStockList } from '@portal/shared';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { htmlLangDir, signIn, skipE2e, useBrowserContexts } from './browser';
import { api, apiRequest, tokenOf } from './helpers';

/** Screenshots for review land here (E2E_SCREENSHOTS, or a temporary directory). */
const shots = process.env.E2E_SCREENSHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-field-work-'));
const shot = (name: string) => path.join(shots, name);

/** pdftotext's text, without the bidi marks it adds around runs (they say nothing about order). */
function pdfText(pdf: Buffer): string {
  const file = path.join(os.tmpdir(), `e2e-report-${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  } finally {
    fs.rmSync(file, { force: true });
  }
}

// A technician's working day on a phone: start, log, diagnose, use a part from the van, take a
// photo, complete with both signatures; then the admin's quality check.

async function technicianId(adminToken: string, email: string): Promise<string> {
  const found = await api<{ items: { id: string; email: string }[] }>(`/api/admin/users/lookup?role=technician&q=${encodeURIComponent(email)}`, { token: adminToken });
  return found.items.find((u) => u.email === email)!.id;
}

const statusOf = (page: Page) => page.getByTestId('sr-number').locator('xpath=..').getByTestId('sr-status').getAttribute('data-status');

/** Draws a wavy stroke across a signature pad (inside `scope`). */
async function sign(page: Page, scope: Locator) {
  const pad = scope.getByTestId('sr-signature-canvas');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 10; i += 1) await page.mouse.move(box.x + 20 + i * 15, box.y + box.height * (0.6 + 0.2 * Math.sin(i)), { steps: 3 });
  await page.mouse.up();
}

const vanQuantity = async (token: string, vanId: string, itemId: string) =>
  (await api<TStockList>(`/api/stock?warehouse_id=${vanId}&limit=100`, { token })).items.find((s) => s.item_id === itemId)?.quantity;

describe.skipIf(skipE2e())('field work', () => {
  const { openPage } = useBrowserContexts();

  it('on a phone the technician starts, logs work, uses a van part, adds a photo and completes with both signatures; the admin passes the quality check', async () => {
    const admin = await tokenOf('admin@demo.test');
    const diagnosis = 'البطارية تالفة ولا تحتفظ بالشحن';
    const tech = await tokenOf('tech1@demo.test');
    // A customer with an Arabic name, created on the spot by the admin (the report must carry it).
    const customerName = 'ريم الشهري';
    const request = await api<TServiceRequest>('/api/service-requests', {
      token: admin,
      body: {
        new_customer: { name: customerName, email: `reem-${Date.now()}@example.test` },
        priority: 'medium',
        location: 'office',
        service_type: 'laptop',
        fault_type: 'battery',
        problem_description: 'The battery drains in an hour.',
        device: { brand: 'Dell', model: 'Latitude 5440', serial_number: 'E2E-FW-1', warranty_status: 'out_of_warranty' },
      },
    });
    await api(`/api/service-requests/${request.id}/assign`, { token: admin, body: { technician_id: await technicianId(admin, 'tech1@demo.test') } });
    const seen = await api<TServiceRequest>(`/api/service-requests/${request.id}`, { token: tech });
    const vanId = seen.work.van_id!;
    const stock = await api<TStockList>(`/api/stock?warehouse_id=${vanId}&limit=100`, { token: tech });
    const part = stock.items.find((s) => Number(s.quantity) >= 2)!;
    expect(part).toBeTruthy();
    const before = Number(part.quantity);

    // The technician works in Arabic.
    const page = await openPage({ phone: true, locale: 'ar-SA' });
    await page.goto('/login?lng=ar');
    await signIn(page, 'tech1@demo.test');
    // The job is on the technician's task list.
    await page.goto('/dashboard/tasks');
    await page.getByText(request.number).first().waitFor();
    await page.goto(`/dashboard/service-requests/${request.id}`);
    await expect.poll(() => statusOf(page)).toBe('assigned');

    // Start: in progress, the timer runs.
    await page.getByTestId('work-note').fill('Checked the charger first.');
    await page.getByTestId('work-start').click();
    await expect.poll(() => statusOf(page)).toBe('in_progress');
    await page.getByTestId('work-pause').waitFor();
    const shown = await page.getByTestId('work-duration').textContent();
    await expect.poll(() => page.getByTestId('work-duration').textContent(), { timeout: 5000 }).not.toBe(shown);

    // The diagnostic.
    await page.getByTestId('work-diagnostic-symptoms').fill('تفرغ البطارية خلال ساعة');
    await page.getByTestId('work-diagnostic-diagnosis').fill(diagnosis);
    await page.getByTestId('work-diagnostic-resolution').fill('استبدال البطارية ومعايرتها');
    await page.getByTestId('work-diagnostic-labor').fill('1.5');
    await page.getByTestId('work-diagnostic-save').click();
    await expect
      .poll(async () => (await api<TServiceRequest>(`/api/service-requests/${request.id}`, { token: tech })).work.labor_hours)
      .toBe('1.50');

    // A part from the van: more than it holds is refused, then one is used and the van drops by one.
    const picker = page.getByTestId('work-part-item');
    await picker.click();
    await picker.fill(part.item_code);
    await page.getByRole('option').filter({ hasText: part.item_code }).first().click();
    await page.getByTestId('work-part-quantity').fill(String(before + 1));
    await page.getByTestId('work-part-add').click();
    await page.getByTestId('work-error').waitFor();
    expect(Number(await vanQuantity(tech, vanId, part.item_id))).toBe(before);
    await page.getByTestId('work-part-quantity').fill('1');
    await page.getByTestId('work-part-add').click();
    await expect.poll(() => page.getByTestId('work-part-line').count()).toBe(1);
    expect(Number(await vanQuantity(tech, vanId, part.item_id))).toBe(before - 1);

    // A photo (a real PNG: a screenshot of this very page).
    const png = await page.screenshot();
    await page.getByTestId('work-photo-input').setInputFiles({ name: 'battery.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.getByTestId('work-photo').count()).toBe(1);
    await expect.poll(() => page.getByTestId('work-photo').locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    // Pause: one closed entry.
    await page.getByTestId('work-pause').click();
    await page.getByTestId('work-start').waitFor();
    await expect.poll(() => page.getByTestId('work-log-entry').count()).toBe(1);

    // Complete: diagnosis and resolution come from the diagnostic; both signatures are needed.
    await page.getByTestId('work-start').click();
    await page.getByTestId('work-pause').waitFor();
    await page.getByTestId('sr-action-complete').click();
    const dialog = page.getByTestId('sr-action-dialog');
    await expect.poll(() => dialog.getByTestId('sr-action-diagnosis').inputValue()).toBe(diagnosis);
    await page.getByTestId('sr-action-confirm').click();
    await expect.poll(() => dialog.getByText('يُرجى التوقيع للتأكيد.').count()).toBe(2);
    await sign(page, dialog.getByTestId('sr-action-technician_signature'));
    await sign(page, dialog.getByTestId('sr-action-customer_signature'));
    await page.getByTestId('sr-action-confirm').click();
    await expect.poll(() => statusOf(page)).toBe('completed');
    await page.getByTestId('work-start').waitFor({ state: 'detached' });

    const done = await api<TServiceRequest>(`/api/service-requests/${request.id}`, { token: admin });
    expect(done.work.work_log).toHaveLength(2);
    expect(done.work.work_log.every((e) => e.ended_at !== null)).toBe(true);
    expect(done.work.parts).toHaveLength(1);
    expect(done.work.attachments.map((a) => a.kind).sort()).toEqual(['customer_signature', 'photo', 'technician_signature']);

    // The admin passes the quality check.
    const desk = await openPage();
    await desk.goto('/login?lng=en');
    await signIn(desk, 'admin@demo.test');
    await desk.goto(`/dashboard/service-requests/${request.id}`);
    await desk.getByTestId('work-quality-open').click();
    await desk.getByTestId('work-quality-notes').fill('Battery health 100%, charger OK.');
    await desk.getByTestId('work-quality-confirm').click();
    await desk.getByTestId('work-quality-result').waitFor();
    expect(await desk.getByTestId('work-quality-result').textContent()).toContain('Battery health 100%');
    expect((await api<TServiceRequest>(`/api/service-requests/${request.id}`, { token: admin })).quality_check?.result).toBe('passed');

    // The service report, in English then Arabic: customer, diagnosis, the part and its total, the check, both signatures.
    await desk.getByTestId('sr-report-open').click();
    const report = desk.getByTestId('service-report');
    await report.waitFor();
    await expect.poll(() => desk.getByTestId('report-customer').textContent()).toBe(customerName);
    expect(await desk.getByTestId('report-diagnosis').textContent()).toBe(diagnosis);
    expect(await desk.getByTestId('report-part').count()).toBe(1);
    expect(await desk.getByTestId('report-part').textContent()).toContain(part.item_code);
    expect(await desk.getByTestId('report-quality').textContent()).toContain('Battery health 100%');
    for (const kind of ['technician_signature', 'customer_signature']) {
      await expect.poll(() => desk.getByTestId(`report-${kind}-image`).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    await expect.poll(() => desk.getByTestId('report-photo').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await desk.screenshot({ path: shot('service-report-en.png'), fullPage: true });
    await desk.goto(`/dashboard/reports/service/${request.id}?lng=ar`);
    await expect.poll(() => htmlLangDir(desk)).toEqual({ lang: 'ar', dir: 'rtl' });
    await expect.poll(() => desk.getByTestId('report-customer').textContent()).toBe(customerName);
    expect(await report.getAttribute('dir')).toBe('rtl');
    expect(await report.textContent()).toContain('تقرير الخدمة');
    await desk.screenshot({ path: shot('service-report-ar.png'), fullPage: true });

    // The PDF in Arabic: its text holds the customer's name and the diagnosis in reading order.
    const pdf = Buffer.from(await (await apiRequest(`/api/service-requests/${request.id}/report?format=pdf&lang=ar`, { token: admin })).arrayBuffer());
    const text = pdfText(pdf);
    expect(text).toContain(customerName);
    expect(text).toContain(diagnosis);
    expect(text).toContain(request.number);
  });
});
