import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { baseUrl, htmlLangDir, signIn, skipE2e, useBrowserContexts } from './browser';

/** The first page of a PDF drawn at 200 dpi (poppler's pdftoppm), its QR code decoded with jsQR. */
async function qrCodeOf(pdf: Buffer): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'receipt-e2e-'));
  try {
    writeFileSync(join(dir, 'receipt.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', '200', '-f', '1', '-l', '1', '-singlefile', join(dir, 'receipt.pdf'), join(dir, 'page')]);
    const { data, info } = await sharp(join(dir, 'page.png')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    if (!code) throw new Error('no QR code on the receipt');
    return code.data;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Picks an option of a (not searchable) Mantine Select by its visible label. */
async function pick(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

describe.skipIf(skipE2e())('intake receipt', () => {
  const { openPage } = useBrowserContexts();

  it('the admin raises a request for a walk-in customer in Arabic and prints its receipt; its QR code opens the tracking page signed out', async () => {
    const page = await openPage({ locale: 'ar-SA' });
    await page.goto('/login?lng=ar');
    await signIn(page, 'admin@demo.test');
    await page.goto('/dashboard/service-requests/new');
    await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });

    // A customer without an account, created on the spot.
    const stamp = Date.now().toString(36);
    await page.getByTestId('sr-customer-mode').getByText('عميل جديد').click();
    await page.getByTestId('sr-new-customer-name').fill('خالد الدوسري');
    await page.getByTestId('sr-new-customer-email').fill(`walkin-${stamp}@example.test`);
    await page.getByTestId('sr-new-customer-mobile').fill('+966551234567');
    await pick(page, 'sr-location', 'في مكتبنا');
    await pick(page, 'sr-service-type', 'الجوالات والأجهزة اللوحية');
    await pick(page, 'sr-fault-type', 'الشاشة أو العرض');
    await page.getByTestId('sr-problem').fill('الشاشة مكسورة ولا تستجيب للمس');
    await page.getByTestId('sr-brand').fill('Samsung');
    await page.getByTestId('sr-model').fill('Galaxy A54');
    const serial = `RCP-${stamp.toUpperCase()}`;
    await page.getByTestId('sr-serial').fill(serial);
    await page.getByTestId('sr-accessories').fill('شاحن وغطاء شفاف');
    await page.getByTestId('sr-submit').click();
    await page.waitForURL((url) => /^\/dashboard\/service-requests\/[0-9a-f-]{36}$/.test(url.pathname));
    const number = (await page.getByTestId('sr-number').textContent())!.trim();
    expect(number).toMatch(/^SR-\d{6}$/);
    expect(await page.getByTestId('sr-accessories').textContent()).toContain('شاحن وغطاء شفاف');

    // The page they land on offers the receipt at once; it opens in a new tab, in Arabic, on A4.
    // The PDF's bytes are kept on their way to the page (a response's body read afterwards may be gone).
    const pdfs: Buffer[] = [];
    await page.route('**/api/service-requests/*/receipt?*', async (route) => {
      const answer = await route.fetch();
      const body = await answer.body();
      pdfs.push(body);
      await route.fulfill({ response: answer, body });
    });
    await page.getByTestId('receipt-offer').waitFor();
    const [response, tab] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/receipt?') && r.request().method() === 'GET'),
      page.waitForEvent('popup'),
      page.getByTestId('receipt-offer-a4').click(),
    ]);
    expect(response.status()).toBe(200);
    const query = new URL(response.url()).searchParams;
    expect([query.get('format'), query.get('lang'), query.get('size')]).toEqual(['pdf', 'ar', 'a4']);
    expect(response.headers()['content-type']).toBe('application/pdf');
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    expect(pdfs).toHaveLength(1);
    const pdf = pdfs[0]!;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // The QR code on the paper: the request's tracking link, on the portal's own origin.
    const link = await qrCodeOf(pdf);
    expect(link).toMatch(new RegExp(`^${baseUrl().replace(/[.]/g, '\\.')}/track/[A-Za-z0-9_-]{32}$`));

    // Someone who never signed in opens it and sees that request.
    const phone = await openPage({ phone: true, locale: 'ar-SA' });
    await phone.goto(link);
    await expect.poll(() => phone.getByTestId('tracking-number').textContent(), { timeout: 15_000 }).toContain(number);
    await expect.poll(() => htmlLangDir(phone)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(new URL(phone.url()).pathname).toBe(new URL(link).pathname);
  });
});
