import { describe, expect, it } from 'vitest';
import type { TItem, TWarehouseList } from '@portal/shared';
import { signIn, skipE2e, useBrowserPage } from './browser';
import { api, choose, tokenOf, unreadCount, watchJoins } from './helpers';

// --- the API, called from the test process (the "admin in another browser") ------------------

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();

describe.skipIf(skipE2e())('inventory', () => {
  const t = useBrowserPage();

  it('a supervisor creates an item, gives it its initial stock by an adjustment and sees the quantity in the list', async () => {
    const { page } = t;
    const admin = await tokenOf('admin@demo.test');
    const main = (await api<TWarehouseList>('/api/warehouses?kind=main', { token: admin })).items[0]!;
    const code = `E2E-INV-${stamp()}`;
    const name = 'مروحة تبريد للحاسوب';

    await page.goto('/login?lng=en');
    await signIn(page, 'supervisor@demo.test');
    await page.goto('/dashboard/inventory');
    await page.getByTestId('item-new').click();
    await page.getByTestId('item-code').fill(code);
    await page.getByTestId('item-name').fill(name);
    await choose(page, 'item-category', 'Laptop', 'Laptop Parts');
    await page.getByTestId('item-min').fill('2');
    await page.getByTestId('item-price').fill('40.00');
    // The form shows the price with tax as the server will compute it (15 % by default).
    await expect.poll(() => page.getByTestId('item-total').textContent()).toContain('46.00');
    await page.getByTestId('item-submit').click();
    await page.getByTestId('item-form').waitFor({ state: 'detached' });

    await page.goto('/dashboard/adjustments');
    await page.getByTestId('adjustment-new').click();
    await choose(page, 'adjustment-warehouse', main.code, `${main.code} · ${main.name}`);
    await choose(page, 'adjustment-item', code, `${code} · ${name}`);
    // A new item has no stock in the warehouse yet.
    await expect.poll(() => page.getByTestId('adjustment-current').textContent()).toMatch(/: 0\b/);
    await page.getByTestId('adjustment-quantity').fill('12.5');
    await page.getByTestId('adjustment-reason').click();
    await page.getByRole('option', { name: 'Initial stock', exact: true }).click();
    await page.getByTestId('adjustment-submit').click();
    await page.getByTestId('adjustment-form').waitFor({ state: 'detached' });
    await page.getByText(code).first().waitFor();

    await page.goto(`/dashboard/inventory?q=${code}`);
    await expect.poll(() => page.getByTestId('item-row-quantity').allTextContents()).toEqual(['12.5 pcs']);
  });

  it("the list's search and filters are in the URL and survive a reload", async () => {
    const { page } = t;
    await page.goto('/login?lng=en');
    await signIn(page, 'supervisor@demo.test');
    await page.goto('/dashboard/inventory');
    await page.getByTestId('item-row-quantity').first().waitFor();

    await page.getByTestId('filter-status').click();
    await page.getByRole('option', { name: 'Low stock', exact: true }).click();
    await page.getByTestId('list-search').fill('a');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('a');
    expect(new URL(page.url()).searchParams.get('status')).toBe('low_stock');
    // The URL changes first; the filtered page arrives after it. Wait for it: only low-stock rows.
    const rowStatuses = () => page.locator('[data-status]').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-status')))]);
    await expect.poll(rowStatuses).toEqual(['low_stock']);
    await page.waitForLoadState('networkidle');
    const rowsBefore = await page.getByTestId('item-row-quantity').allTextContents();
    expect(rowsBefore.length).toBeGreaterThan(0);

    await page.reload();
    await page.getByTestId('item-row-quantity').first().waitFor();
    await expect.poll(() => page.getByTestId('filter-status').inputValue()).toBe('Low stock');
    expect(await page.getByTestId('list-search').inputValue()).toBe('a');
    expect(await page.getByTestId('item-row-quantity').allTextContents()).toEqual(rowsBefore);
    // Every row shown is low on stock.
    const statuses = await page.locator('[data-status]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(new Set(statuses)).toEqual(new Set(['low_stock']));
  });

  it('a low-stock notification reaches an open supervisor page live: toast, bell and the dashboard figure', async () => {
    const { page } = t;
    const admin = await tokenOf('admin@demo.test');
    const main = (await api<TWarehouseList>('/api/warehouses?kind=main', { token: admin })).items[0]!;
    const item = await api<TItem>('/api/items', {
      token: admin,
      body: { code: `E2E-LOW-${stamp()}`, name: 'Thermal Paste Live 4g', category: 'tools-consumables', unit: 'pcs', min_quantity: '5', price: '9.00' },
    });
    await api('/api/adjustments', { token: admin, body: { warehouse_id: main.id, item_id: item.id, quantity_change: '10', reason: 'initial_stock' } });

    const joins = watchJoins(page);
    await page.goto('/login?lng=en');
    await signIn(page, 'supervisor@demo.test');
    await page.goto('/dashboard');
    await page.getByTestId('supervisor-dashboard').waitFor();
    await joins.joined('notifications');
    await joins.joined('stock');
    const unreadBefore = await unreadCount(page);
    const lowBefore = Number(await page.getByTestId('figure-low-value').textContent());

    // The admin (another session) takes the item below its minimum.
    await api('/api/adjustments', { token: admin, body: { warehouse_id: main.id, item_id: item.id, quantity_change: '-7', reason: 'damaged' } });

    const toast = page.getByTestId('live-notification-toast').filter({ hasText: item.name });
    await toast.waitFor({ timeout: 15_000 });
    await expect.poll(() => toast.textContent()).toContain('Low stock');
    await expect.poll(() => unreadCount(page)).toBe(unreadBefore + 1);
    await expect.poll(async () => Number(await page.getByTestId('figure-low-value').textContent())).toBe(lowBefore + 1);
  });
});
