import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TAppointment, TAvailability } from '@portal/shared';
import { htmlLangDir, launchBrowser, newContext, signIn, skipE2e } from './browser';
import { api, documentIsTheSame, markDocument, tokenOf, watchJoins } from './helpers';

const ZONE = 'Asia/Riyadh';

/** YYYY-MM-DD `n` days after today in the company zone. */
function companyDay(n: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + n)).toISOString().slice(0, 10);
}

/** The first day from tomorrow on with at least `min` free home-visit slots for laptops. */
async function dayWithSlots(token: string, min: number): Promise<{ day: string; slots: TAvailability['slots'] }> {
  for (let n = 1; n <= 21; n += 1) {
    const day = companyDay(n);
    const found = await api<TAvailability>(`/api/availability?service_kind=home&service_type=laptop&date=${day}`, { token });
    if (found.slots.length >= min) return { day, slots: found.slots };
  }
  throw new Error('no day with free slots in three weeks');
}

/** Opens `day` in the Mantine date picker on screen (moving months forward as needed) and clicks it. */
async function pickDay(page: Page, day: string) {
  for (let i = 0; i < 3 && (await page.locator(`[data-day="${day}"]:not([data-outside])`).count()) === 0; i += 1) {
    await page.locator('[data-direction="next"]').first().click();
  }
  await page.locator(`[data-day="${day}"]:not([data-outside])`).first().click();
}

/** Picks an option of a Mantine Select by its visible label. */
async function pick(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

describe.skipIf(skipE2e())('booking and appointments', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function openContext(options: { phone?: boolean; locale?: string } = {}) {
    const context = await newContext(browser, options);
    contexts.push(context);
    return context;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  it('a customer books a home visit in Arabic; the admin moves it and the customer’s open pages follow live; the technician sees it on their schedule', async () => {
    const admin = await tokenOf('admin@demo.test');
    const customer = await tokenOf('customer1@demo.test');
    const { day, slots } = await dayWithSlots(customer, 2);

    // The customer, in Arabic, walks the steps; each step refuses to go on while a field is missing.
    const customerContext = await openContext({ locale: 'ar-SA' });
    const page = await customerContext.newPage();
    const joins = watchJoins(page);
    await page.goto('/login?lng=ar');
    await signIn(page, 'customer1@demo.test');
    await page.goto('/book-appointment');
    await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await page.getByTestId('booking-next').click();
    await expect.poll(() => page.getByText('هذا الحقل مطلوب').count()).toBeGreaterThanOrEqual(3);
    await page.getByTestId('booking-kind-home').click();
    await pick(page, 'booking-service-type', 'الحواسيب المحمولة والمكتبية');
    await pick(page, 'booking-fault-type', 'البطارية أو الشحن');
    await page.getByTestId('booking-next').click();

    await page.getByTestId('booking-step-device').waitFor();
    await page.getByTestId('booking-brand').fill('لينوفو');
    await page.getByTestId('booking-model').fill('ThinkPad X1');
    await page.getByTestId('booking-problem').fill('البطارية لا تشحن والجهاز ينطفئ فجأة');
    await page.getByTestId('booking-next').click();

    // A day, then one of its free slots, shown on the company's clock with the zone named.
    await page.getByTestId('booking-step-time').waitFor();
    await page.getByTestId('booking-next').click();
    await page.getByTestId('slot-error').waitFor();
    await pickDay(page, day);
    await expect.poll(() => page.getByTestId('slot').count()).toBe(slots.length);
    expect(await page.getByTestId('slot-zone').textContent()).toContain('Asia/Riyadh (GMT+3)');
    const first = slots[0]!;
    await page.locator(`[data-testid=slot][data-starts-at="${first.starts_at}"]`).click();
    await page.getByTestId('booking-next').click();

    // The address of a home visit starts at the customer's default address; an empty one is refused.
    await page.getByTestId('booking-step-address').waitFor();
    const address = page.getByTestId('booking-address');
    await address.fill('');
    await page.getByTestId('booking-next').click();
    await page.getByText('هذا الحقل مطلوب').waitFor();
    await address.fill('الرياض، حي العليا، شارع التحلية ١٢');
    await page.getByTestId('booking-next').click();

    await page.getByTestId('booking-summary').waitFor();
    expect(await page.getByTestId('booking-summary').textContent()).toContain('الحواسيب المحمولة والمكتبية');
    await page.getByTestId('booking-submit').click();
    await page.getByTestId('booking-done').waitFor();
    const appointmentHref = (await page.getByTestId('booking-done-appointment').getAttribute('href'))!;
    const id = appointmentHref.split('/').pop()!;
    const booked = await api<TAppointment>(`/api/appointments/${id}`, { token: admin });
    expect(booked).toMatchObject({ status: 'scheduled', service_kind: 'home', address: 'الرياض، حي العليا، شارع التحلية ١٢' });
    expect(Date.parse(booked.starts_at)).toBe(Date.parse(first.starts_at));
    expect(booked.service_request.status).toBe('assigned');

    // The customer keeps the appointment open, and the month calendar in a second tab.
    await page.getByTestId('booking-done-appointment').click();
    await page.waitForURL((url) => url.pathname === `/dashboard/appointments/${id}`);
    await joins.joined('appointments');
    const timeBefore = (await page.getByTestId('ap-time').textContent())!;
    await markDocument(page);
    const calendar = await customerContext.newPage();
    const calendarJoins = watchJoins(calendar);
    await calendar.goto(`/dashboard/appointments?view=dayGridMonth&date=${day}`);
    const event = calendar.locator(`[data-testid=calendar-event][data-appointment="${booked.number}"]`);
    await event.waitFor();
    await calendarJoins.joined('appointments');
    const eventBefore = (await event.textContent())!;
    await markDocument(calendar);
    // The month reads right to left: Saturday, the week's first day, is the rightmost column.
    const columns = await calendar.locator('.fc-col-header-cell').evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().x));
    expect(columns[0]).toBeGreaterThan(columns[6]!);

    // The admin (in English) moves it to another free time that day, from the appointment's page.
    const desk = await (await openContext()).newPage();
    await desk.goto('/login?lng=en');
    await signIn(desk, 'admin@demo.test');
    await desk.goto(`/dashboard/appointments/${id}`);
    await desk.getByTestId('ap-action-reschedule').click();
    await desk.getByTestId('ap-action-dialog').waitFor();
    const target = desk.locator('[data-testid=slot]').filter({ hasNot: desk.locator('[aria-pressed=true]') }).last();
    await target.waitFor();
    const newStart = (await target.getAttribute('data-starts-at'))!;
    expect(Date.parse(newStart)).not.toBe(Date.parse(first.starts_at));
    await target.click();
    if (process.env.E2E_SHOTS) await desk.screenshot({ path: `${process.env.E2E_SHOTS}/reschedule.png` });
    await desk.getByTestId('ap-action-submit').click();
    await expect.poll(async () => Date.parse((await api<TAppointment>(`/api/appointments/${id}`, { token: admin })).starts_at)).toBe(Date.parse(newStart));

    // The customer's open page and calendar show the new time without a reload.
    await expect.poll(() => page.getByTestId('ap-time').textContent(), { timeout: 15_000 }).not.toBe(timeBefore);
    await expect.poll(() => event.textContent(), { timeout: 15_000 }).not.toBe(eventBefore);
    expect(await documentIsTheSame(page)).toBe(true);
    expect(await documentIsTheSame(calendar)).toBe(true);

    // The technician the booking reserved sees the visit on their schedule, over their working hours.
    const technicians = await api<{ items: { id: string; email: string; name: string }[] }>(`/api/admin/users/lookup?role=technician&q=`, { token: admin });
    const technician = technicians.items.find((u) => u.id === booked.technician.id)!;
    const techPage = await (await openContext()).newPage();
    await techPage.goto('/login?lng=en');
    await signIn(techPage, technician.email);
    await techPage.goto(`/dashboard/schedule?view=timeGridWeek&date=${day}`);
    await techPage.locator(`[data-testid=calendar-event][data-appointment="${booked.number}"]`).waitFor();
    if (process.env.E2E_SHOTS) {
      await techPage.screenshot({ path: `${process.env.E2E_SHOTS}/schedule.png`, fullPage: true });
      await calendar.screenshot({ path: `${process.env.E2E_SHOTS}/calendar-month-ar.png`, fullPage: true });
      await page.screenshot({ path: `${process.env.E2E_SHOTS}/detail-ar.png`, fullPage: true });
    }
    // Working hours are drawn: the calendar shades the time outside them.
    expect(await techPage.locator('.fc-non-business').count()).toBeGreaterThan(0);
  });
});
