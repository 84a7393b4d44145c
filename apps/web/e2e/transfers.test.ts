import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TItem, TStockList, TWarehouseList } from '@portal/shared';
import { htmlLangDir, signIn, skipE2e, useBrowserContexts } from './browser';
import { api, apiRequest, choose, documentIsTheSame, markDocument, tokenOf, watchJoins } from './helpers';

// --- the API, called from the test process --------------------------------------------------

/** An item of this run's own, with an Arabic name, and `quantity` of it in `warehouseId`. */
async function stockedItem(token: string, name: string, warehouseId: string, quantity: string): Promise<TItem> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const item = await api<TItem>('/api/items', {
    token,
    body: { code: `E2E-${stamp}`, name, category: 'tools-consumables', unit: 'pcs', min_quantity: '1', price: '25.50', tax_rate: '15' },
  });
  await api('/api/adjustments', { token, body: { warehouse_id: warehouseId, item_id: item.id, quantity_change: quantity, reason: 'initial_stock' } });
  return item;
}

async function stockOf(token: string, warehouseId: string, itemId: string): Promise<string> {
  const list = await api<TStockList>(`/api/stock?warehouse_id=${warehouseId}&item_id=${itemId}`, { token });
  return list.items[0]?.quantity ?? '0';
}

// --- the page ---------------------------------------------------------------------------------

const rowOf = (page: Page, number: string) => page.locator(`[data-testid=transfer-row][data-number="${number}"]`);

describe.skipIf(skipE2e())('transfers', () => {
  const { openPage } = useBrowserContexts();
  const shots = mkdtempSync(join(tmpdir(), 'transfers-e2e-'));

  beforeAll(() => {
    console.log(`transfers e2e screenshots: ${shots}`);
  });

  it('supervisor → van: the admin approves, the technician sees it in transit live and receives it; Arabic delivery note and PDF', async () => {
    const admin = await tokenOf('admin@demo.test');
    const tech = await tokenOf('tech1@demo.test');
    const warehouses = await api<TWarehouseList>('/api/warehouses?limit=100', { token: admin });
    const main = warehouses.items.find((w) => w.kind === 'main')!;
    const van = warehouses.items.find((w) => w.kind === 'van' && w.technician_name === 'Tariq Technician')!;
    expect(main && van).toBeTruthy();
    const pump = await stockedItem(admin, 'مضخة مياه صغيرة', main.id, '20');
    const filter = await stockedItem(admin, 'فلتر هواء للمكيف', main.id, '8');

    // The technician, with the transfers list open (English), the socket joined.
    const techPage = await openPage();
    const joins = watchJoins(techPage);
    await techPage.goto('/login?lng=en');
    await signIn(techPage, 'tech1@demo.test');
    await techPage.goto('/dashboard/transfers');
    await techPage.getByTestId('transfer-new').waitFor();
    await joins.joined('transfers');

    // The supervisor creates the transfer through the form.
    const supervisor = await openPage();
    await supervisor.goto('/login?lng=en');
    await signIn(supervisor, 'supervisor@demo.test');
    await supervisor.goto('/dashboard/transfers/new');
    await choose(supervisor, 'transfer-from', main.code, `${main.code} · ${main.name}`);
    await choose(supervisor, 'transfer-to', van.code, `${van.code} · ${van.name}`);
    await choose(supervisor, 'transfer-line-item', pump.code, `${pump.code} · ${pump.name}`);
    await expect.poll(() => supervisor.getByTestId('transfer-line-available').first().getAttribute('data-available')).toMatch(/^20(\.0+)?$/);
    await supervisor.getByTestId('transfer-line-quantity').first().fill('3');
    await supervisor.getByTestId('transfer-add-line').click();
    await choose(supervisor, 'transfer-line-item', filter.code, `${filter.code} · ${filter.name}`, 1);
    // More than the source holds: a warning on the line, before anything is sent.
    await supervisor.getByTestId('transfer-line-quantity').nth(1).fill('9');
    await supervisor.getByText('More than the 8 available').waitFor();
    await supervisor.getByTestId('transfer-line-quantity').nth(1).fill('2');
    await supervisor.getByTestId('transfer-notes').fill('For the Olaya job — urgent');
    await supervisor.getByTestId('transfer-submit').click();
    await supervisor.waitForURL((url) => /^\/dashboard\/transfers\/[0-9a-f-]{36}$/.test(url.pathname));
    const id = new URL(supervisor.url()).pathname.split('/').pop()!;
    const number = (await supervisor.getByTestId('transfer-number').textContent())!.trim();
    expect(number).toMatch(/^TR-\d{6}$/);
    await expect.poll(() => supervisor.getByTestId('transfer-status').getAttribute('data-status')).toBe('pending');
    // The requester may not approve their own transfer: the server offers no approve button.
    await supervisor.getByTestId('transfer-cancel').waitFor();
    expect(await supervisor.getByTestId('transfer-approve').count()).toBe(0);

    // It reaches the technician's open list without a reload, as pending.
    await markDocument(techPage);
    await expect.poll(() => rowOf(techPage, number).getAttribute('data-status'), { timeout: 15_000 }).toBe('pending');

    // The admin approves it from the detail page.
    const adminPage = await openPage();
    await adminPage.goto('/login?lng=en');
    await signIn(adminPage, 'admin@demo.test');
    await adminPage.goto(`/dashboard/transfers/${id}`);
    await adminPage.getByTestId('transfer-approve').click();
    await expect.poll(() => adminPage.getByTestId('transfer-status').getAttribute('data-status')).toBe('approved');
    expect(await adminPage.getByTestId('transfer-approve').count()).toBe(0);

    // The technician's list shows it in transit, live, on the same document.
    await expect.poll(() => rowOf(techPage, number).getAttribute('data-status'), { timeout: 15_000 }).toBe('approved');
    await expect.poll(() => rowOf(techPage, number).getByTestId('transfer-status').textContent()).toBe('In transit');
    expect(await documentIsTheSame(techPage)).toBe(true);

    // They open it and receive it: completed, and the van holds the items.
    expect(await stockOf(tech, van.id, pump.id)).toMatch(/^0(\.0+)?$/);
    await rowOf(techPage, number).click();
    await techPage.waitForURL((url) => url.pathname === `/dashboard/transfers/${id}`);
    await techPage.getByTestId('transfer-receive').click();
    await expect.poll(() => techPage.getByTestId('transfer-status').getAttribute('data-status')).toBe('completed');
    expect(await techPage.getByTestId('transfer-actions').count()).toBe(0);
    await expect
      .poll(() => techPage.getByTestId('transfer-timeline-event').evaluateAll((events) => events.map((e) => e.getAttribute('data-status'))))
      .toEqual(['pending', 'approved', 'completed']);
    expect(await stockOf(tech, van.id, pump.id)).toMatch(/^3(\.0+)?$/);
    expect(await stockOf(tech, van.id, filter.id)).toMatch(/^2(\.0+)?$/);
    expect(await stockOf(admin, main.id, pump.id)).toMatch(/^17(\.0+)?$/);

    // The Arabic print view reads right to left.
    const print = await openPage({ locale: 'ar-SA' });
    await print.goto('/login?lng=ar');
    await signIn(print, 'tech1@demo.test');
    await print.goto(`/dashboard/transfers/${id}/print?lng=ar`);
    const note = print.getByTestId('delivery-note');
    await note.waitFor();
    await expect.poll(() => htmlLangDir(print)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(await note.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await expect.poll(() => note.getByText('مضخة مياه صغيرة').count()).toBe(1);
    // In RTL the table's first column (#) is at the right edge, and the item name is to the left of its code.
    const lines = print.getByTestId('delivery-note-lines');
    const firstHeader = (await lines.locator('th').first().boundingBox())!;
    const lastHeader = (await lines.locator('th').last().boundingBox())!;
    expect(firstHeader.x).toBeGreaterThan(lastHeader.x);
    await print.screenshot({ path: join(shots, 'delivery-note-ar.png'), fullPage: true });
    await print.emulateMedia({ media: 'print' });
    await print.screenshot({ path: join(shots, 'delivery-note-ar-print.png'), fullPage: true });

    // The PDF, downloaded through the API: Arabic item names, shaped and in reading order.
    const pdf = Buffer.from(await (await apiRequest(`/api/transfers/${id}/document?format=pdf&lang=ar`, { token: tech })).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pdfPath = join(shots, `${number}-ar.pdf`);
    writeFileSync(pdfPath, pdf);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdfPath, '-'], { encoding: 'utf8' });
    expect(text).toContain('مضخة مياه صغيرة');
    expect(text).toContain('فلتر هواء للمكيف');
    expect(text).toContain(number);
    // And the CSV, with a BOM so spreadsheet programs read the Arabic.
    const csv = Buffer.from(await (await apiRequest(`/api/transfers/${id}/document?format=csv&lang=ar`, { token: tech })).arrayBuffer());
    expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.toString('utf8')).toContain('مضخة مياه صغيرة');
  });

  it('a parts request: the technician asks from the main warehouse into their own van only', async () => {
    const page = await openPage();
    await page.goto('/login?lng=en');
    await signIn(page, 'tech1@demo.test');
    await page.goto('/dashboard/transfers/new');
    await page.getByTestId('transfer-form').waitFor();
    // The destination is their van, fixed; no van is offered as a source.
    await expect.poll(() => page.getByTestId('transfer-to').inputValue()).toMatch(/·/);
    expect(await page.getByTestId('transfer-to').isDisabled()).toBe(true);
    await page.getByTestId('transfer-from').click();
    const options = await page.getByRole('option').allTextContents();
    expect(options.length).toBeGreaterThan(0);
    expect(options.some((label) => /VAN/i.test(label))).toBe(false);
    await page.keyboard.press('Escape');
    // Sending it empty shows what is missing, in place.
    await page.getByTestId('transfer-submit').click();
    await expect.poll(() => page.getByText('This field is required').count()).toBeGreaterThanOrEqual(3);
    expect(new URL(page.url()).pathname).toBe('/dashboard/transfers/new');
  });
});
