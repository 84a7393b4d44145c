import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TAdminDashboard } from '@portal/shared';
import { htmlLangDir, signIn, skipE2e, useBrowserContexts } from './browser';
import { api, tokenOf } from './helpers';

const shots = process.env.E2E_SCREENSHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-analytics-'));
const CHARTS = ['chart-requests', 'chart-service-types', 'chart-times', 'chart-ftf', 'chart-satisfaction', 'chart-utilisation', 'chart-parts', 'chart-stock'];

describe.skipIf(skipE2e())('admin dashboard and analytics', () => {
  const { openPage } = useBrowserContexts();

  it("the admin's dashboard shows the figures and links to the list behind them", async () => {
    const figures = await api<TAdminDashboard>('/api/dashboard/admin', { token: await tokenOf('admin@demo.test') });
    const page = await openPage();
    await page.goto('/login?lng=en');
    await signIn(page, 'admin@demo.test');
    await page.goto('/dashboard');
    await page.getByTestId('admin-dashboard').waitFor();
    await expect.poll(() => page.getByTestId('figure-pending-value').textContent()).toBe(String(figures.open_by_status.pending));
    expect(await page.getByTestId('figure-unassigned-value').textContent()).toBe(String(figures.unassigned));
    // The chart's code loads when the reader reaches it (components/when-visible.tsx).
    await page.getByTestId('admin-trend').scrollIntoViewIfNeeded();
    await page.getByTestId('admin-trend').locator('svg.recharts-surface').first().waitFor();
    await page.getByTestId('figure-pending').click();
    await expect.poll(() => page.url()).toContain('/dashboard/admin/service-requests?status=pending');
  });

  for (const lng of ['en', 'ar'] as const) {
    it(`every analytics chart renders in ${lng === 'ar' ? 'Arabic, right to left' : 'English'}, and a chart's numbers download as CSV`, async () => {
      const page = await openPage(lng === 'ar' ? { locale: 'ar-SA' } : {});
      await page.goto(`/login?lng=${lng}`);
      await signIn(page, 'admin@demo.test');
      await page.goto('/dashboard/analytics?from=2026-01-01');
      await expect.poll(() => htmlLangDir(page)).toEqual({ lang: lng, dir: lng === 'ar' ? 'rtl' : 'ltr' });
      for (const chart of CHARTS) await page.getByTestId(chart).locator('svg.recharts-surface').first().waitFor();
      // The filter is in the URL: a reload keeps it.
      await page.reload();
      await expect.poll(() => page.getByTestId('analytics-from').getAttribute('data-value')).toBe('2026-01-01');
      await page.getByTestId('chart-requests').locator('svg.recharts-surface').first().waitFor();
      if (lng === 'ar') {
        // Right to left: the value axis stands at the chart's right edge.
        const chart = (await page.getByTestId('chart-requests').locator('svg.recharts-surface').first().boundingBox())!;
        const axis = (await page.getByTestId('chart-requests').locator('.recharts-yAxis').first().boundingBox())!;
        expect(axis.x).toBeGreaterThan(chart.x + chart.width / 2);
      }
      await page.screenshot({ path: path.join(shots, `analytics-${lng}.png`), fullPage: true });

      const download = page.waitForEvent('download');
      await page.getByTestId('chart-satisfaction-csv').click();
      const file = await (await download).path();
      const csv = fs.readFileSync(file!, 'utf8');
      expect(csv.split('\r\n')[0]).toBe('\uFEFFperiod,average_rating,ratings');
    });
  }
});
