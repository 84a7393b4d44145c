import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TAppointment, TPage, TServiceReport, TServiceRequest, TServiceRequestSummary, TTransferList } from '@portal/shared';
import { htmlLangDir, signIn, skipE2e, useBrowserContexts } from './browser';
import { api, tokenOf } from './helpers';

// Issue #24: on a 390 px phone, in Arabic, every figure of the service report, the transfers list
// and the technician's task cards are on screen — nothing cut off at the edge, no page scrolled
// sideways.

/** The page is no wider than the phone: nothing pushes it sideways. */
const pageOverflow = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, viewport: window.innerWidth }));

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, viewport } = await pageOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(viewport);
}

/**
 * `target` is readable where it is: with the page scrolled down to it (only down: a box that
 * scrolls sideways stays where it first shows), its box wholly inside the phone's width, its text
 * not clipped by its own box, and it is what a finger on its middle touches (no ancestor's
 * overflow hides it, nothing covers it).
 */
async function expectOnScreen(page: Page, target: Locator, what: string) {
  await target.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - window.innerHeight / 2));
  const box = await target.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, `${what}: no box`).not.toBeNull();
  expect(box!.width, `${what}: no width`).toBeGreaterThan(0);
  expect(box!.x, `${what}: starts off screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: ends off screen`).toBeLessThanOrEqual(width + 0.5);
  const seen = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return { hit: !!at && (at === el || el.contains(at)), clipped: el.scrollWidth > el.clientWidth + 1 };
  });
  expect(seen.hit, `${what}: hidden or covered`).toBe(true);
  expect(seen.clipped, `${what}: text clipped`).toBe(false);
}

async function signedInPhone(openPage: (o: { phone: boolean; locale: string }) => Promise<Page>, email: string) {
  const page = await openPage({ phone: true, locale: 'ar-SA' });
  await page.goto('/login?lng=ar');
  await signIn(page, email);
  return page;
}

/** A money figure's digits as the API sends them ("SAR 1,234.50" → "SAR 1234.50"). */
const digits = (text: string | null) => (text ?? '').replace(/,/g, '');

/** Today in the company's zone (the demo company: Riyadh). */
const todayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

describe.skipIf(skipE2e())('phone layouts (390 px, Arabic)', () => {
  const { openPage } = useBrowserContexts();

  it('the service report shows every part line’s tax and total and the subtotal, tax and total on screen', async () => {
    const admin = await tokenOf('admin@demo.test');
    // A completed demo request with parts on its report.
    const completed = await api<TPage<TServiceRequestSummary>>('/api/service-requests?status=completed&limit=50', { token: admin });
    let report: TServiceReport | undefined;
    for (const r of completed.items) {
      const candidate = await api<TServiceReport>(`/api/service-requests/${r.id}/report`, { token: admin });
      if (candidate.request.work.parts.length > 0) {
        report = candidate;
        break;
      }
    }
    expect(report, 'a completed demo request with parts').toBeTruthy();
    const { parts, parts_totals: totals } = report!.request.work;

    const page = await signedInPhone(openPage, 'admin@demo.test');
    await page.goto(`/dashboard/reports/service/${report!.request.id}?lng=ar`);
    await page.getByTestId('service-report').waitFor();
    await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await expect.poll(() => page.getByTestId('report-part').count()).toBe(parts.length);

    for (const [i, part] of parts.entries()) {
      const line = page.getByTestId('report-part').nth(i);
      const tax = line.getByTestId('report-part-tax');
      const total = line.getByTestId('report-part-total');
      expect(await tax.textContent()).toContain(`${Number(part.tax_rate)}%`);
      expect(digits(await total.textContent())).toContain(part.total);
      await expectOnScreen(page, tax, `line ${i + 1} tax`);
      await expectOnScreen(page, total, `line ${i + 1} total`);
      // Each figure says what it is (a phone shows no column headings).
      expect(await tax.getAttribute('data-label')).toBe('الضريبة');
    }
    for (const k of ['subtotal', 'tax', 'total'] as const) {
      const figure = page.getByTestId(`report-${k}`);
      expect(digits(await figure.textContent())).toContain(totals[k]);
      await expectOnScreen(page, figure, k);
    }
    await expectNoSidewaysScroll(page);
  });

  it('the transfers list is cards that fit the phone, each opening its transfer', async () => {
    const supervisor = await tokenOf('supervisor@demo.test');
    const listed = await api<TTransferList>('/api/transfers?limit=25', { token: supervisor });
    expect(listed.items.length).toBeGreaterThan(0);

    const page = await signedInPhone(openPage, 'supervisor@demo.test');
    await page.goto('/dashboard/transfers?lng=ar');
    await page.getByTestId('transfer-cards').waitFor();
    await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    const cards = page.getByTestId('transfer-row');
    await expect.poll(() => cards.count()).toBe(listed.items.length);
    // No wide table on a phone.
    expect(await page.locator('table').count()).toBe(0);
    await expectNoSidewaysScroll(page);

    for (let i = 0; i < Math.min(3, listed.items.length); i += 1) {
      const card = cards.nth(i);
      const shownNumber = await card.getAttribute('data-number');
      const transfer = listed.items.find((t) => t.number === shownNumber)!;
      expect(transfer, 'the card is a listed transfer').toBeTruthy();
      await expectOnScreen(page, card.getByRole('link', { name: transfer.number }), `${transfer.number}: number`);
      await expectOnScreen(page, card.getByTestId('transfer-status'), `${transfer.number}: status`);
      const route = card.getByTestId('transfer-route');
      expect(await route.textContent()).toContain(transfer.from_warehouse.code);
      expect(await route.textContent()).toContain(transfer.to_warehouse.code);
      const routeBox = (await route.boundingBox())!;
      expect(routeBox.x).toBeGreaterThanOrEqual(0);
      expect(routeBox.x + routeBox.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    }

    const first = cards.first();
    const number = (await first.getAttribute('data-number'))!;
    await first.getByRole('link', { name: number }).click();
    const id = listed.items.find((t) => t.number === number)!.id;
    await page.waitForURL((url) => url.pathname === `/dashboard/transfers/${id}`);
  });

  it('the technician’s task cards: today’s visit with its time range, and the running timer, fit the phone', async ({ skip }) => {
    const admin = await tokenOf('admin@demo.test');
    const tech = await tokenOf('tech1@demo.test');
    const me = await api<{ id: string }>('/api/auth/user', { token: tech });
    // A job of their own, started, so its timer runs.
    const request = await api<TServiceRequest>('/api/service-requests', {
      token: admin,
      body: {
        customer_id: (await api<{ items: { id: string; email: string }[] }>('/api/admin/users/lookup?role=customer&q=customer1', { token: admin })).items.find((u) => u.email === 'customer1@demo.test')!.id,
        priority: 'high',
        location: 'office',
        service_type: 'laptop',
        fault_type: 'battery',
        problem_description: 'الشاشة لا تعمل بعد سقوط الجهاز',
        device: { brand: 'Lenovo', model: 'ThinkPad T14', serial_number: 'E2E-PHONE-1', warranty_status: 'unknown' },
      },
    });
    await api(`/api/service-requests/${request.id}/assign`, { token: admin, body: { technician_id: me.id } });
    await api(`/api/service-requests/${request.id}/work-log/start`, { token: tech, body: { note: null } });

    const page = await signedInPhone(openPage, 'tech1@demo.test');

    // The job card with its running timer.
    await page.goto(`/dashboard/service-requests/${request.id}?lng=ar`);
    await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    const timer = page.getByTestId('work-duration');
    await page.getByTestId('work-pause').waitFor();
    const shown = (await timer.textContent())!;
    // Arabic units (د, ث) with Latin digits, and it runs.
    expect(shown).toMatch(/\d+\s*(ث|د|س)/);
    await expect.poll(() => timer.textContent(), { timeout: 5000 }).not.toBe(shown);
    await expectOnScreen(page, timer, 'timer');
    await expectOnScreen(page, page.getByTestId('work-pause'), 'pause button');
    await expectNoSidewaysScroll(page);

    // The task list: the job's card, and today's visit with its time range.
    await page.goto('/dashboard/tasks?lng=ar');
    const job = page.locator(`[data-testid=sr-row][data-number="${request.number}"]`);
    await job.waitFor();
    await expectOnScreen(page, job.getByRole('link', { name: request.number }), 'job number');
    await expectNoSidewaysScroll(page);

    const zone = (await api<{ time_zone: string }>('/api/settings/public')).time_zone;
    const today = todayIn(zone);
    const visits = await api<TPage<TAppointment>>(`/api/appointments?from=${today}&to=${today}&technician_id=${me.id}&status=scheduled,confirmed&limit=50`, { token: tech });
    // The demo books each technician a visit today on a working day; on the weekend there is none.
    if (visits.items.length === 0) skip(`tech1 has no visit on ${today} (a day off): the visit card is not checked`);
    const card = page.getByTestId('tasks-visit').first();
    await card.waitFor();
    const range = card.locator('bdi').first();
    // Both ends of the range, in the phone's width, not cut off.
    expect(await range.textContent()).toMatch(/\d{1,2}:\d{2}.*\d{1,2}:\d{2}|\d{1,2}:\d{2}\s*[–-]\s*\d{1,2}:\d{2}/);
    await expectOnScreen(page, range, 'visit time range');
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.x).toBeGreaterThanOrEqual(0);
    expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await expectNoSidewaysScroll(page);
  });
});
