import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TAppointment, TAvailability } from '@portal/shared';
import { htmlLangDir, signIn, skipE2e, useBrowserContexts } from './browser';
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
  const { openPage } = useBrowserContexts();

  it('a customer books a home visit in Arabic; the technician sees it on their schedule; the admin moves it, then reassigns it, and the open pages follow live', async () => {
    const admin = await tokenOf('admin@demo.test');
    const customer = await tokenOf('customer1@demo.test');
    const { day, slots } = await dayWithSlots(customer, 2);

    // The customer, in Arabic, walks the steps; each step refuses to go on while a field is missing.
    const page = await openPage({ locale: 'ar-SA' });
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
    const calendar = await page.context().newPage();
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

    // The technician the booking reserved has their schedule open: the visit is there, over their working hours.
    const technicians = await api<{ items: { id: string; email: string; name: string }[] }>(`/api/admin/users/lookup?role=technician&q=`, { token: admin });
    const technician = technicians.items.find((u) => u.id === booked.technician.id)!;
    const techPage = await openPage();
    const techJoins = watchJoins(techPage);
    await techPage.goto('/login?lng=en');
    await signIn(techPage, technician.email);
    await techPage.goto(`/dashboard/schedule?view=timeGridWeek&date=${day}`);
    const techEvent = techPage.locator(`[data-testid=calendar-event][data-appointment="${booked.number}"]`);
    await techEvent.waitFor();
    await techJoins.joined('appointments');
    const techEventBefore = (await techEvent.textContent())!;
    expect(await techPage.locator('.fc-non-business').count()).toBeGreaterThan(0);

    // The admin (in English) moves it to another free time that day, from the appointment's page.
    const desk = await openPage();
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
    await desk.getByTestId('ap-action-submit').click();
    await expect.poll(async () => Date.parse((await api<TAppointment>(`/api/appointments/${id}`, { token: admin })).starts_at)).toBe(Date.parse(newStart));

    // The customer's open page and calendar show the new time without a reload.
    await expect.poll(() => page.getByTestId('ap-time').textContent(), { timeout: 15_000 }).not.toBe(timeBefore);
    await expect.poll(() => event.textContent(), { timeout: 15_000 }).not.toBe(eventBefore);
    expect(await documentIsTheSame(page)).toBe(true);
    expect(await documentIsTheSame(calendar)).toBe(true);
    // So does the technician's schedule.
    await expect.poll(() => techEvent.textContent(), { timeout: 15_000 }).not.toBe(techEventBefore);

    // The admin reassigns the request (its assign action) to another technician free then: the
    // visit follows, leaves the first technician's open schedule, and the customer's page names the new one.
    let other: { id: string; email: string; name: string } | undefined;
    for (const candidate of technicians.items.filter((u) => u.id !== technician.id)) {
      try {
        await api(`/api/service-requests/${booked.service_request.id}/assign`, { token: admin, body: { technician_id: candidate.id } });
        other = candidate;
        break;
      } catch {
        // Busy at that time (409 slot_unavailable) or without the skill: try the next.
      }
    }
    expect(other).toBeDefined();
    await expect.poll(() => techEvent.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('ap-technician').textContent(), { timeout: 15_000 }).toContain(other!.name);
    // Its history, in Arabic, tells the booking, the move and the reassignment, in that order.
    await expect
      .poll(() => page.locator('[data-testid=ap-history-entry]').evaluateAll((entries) => entries.map((e) => e.getAttribute('data-event'))), { timeout: 15_000 })
      .toEqual(['booked', 'reschedule', 'reassigned']);
    expect(await page.locator('[data-testid=ap-history-entry][data-event=reassigned]').textContent()).toContain(`أُسند إلى ${other!.name}`);
    expect(await documentIsTheSame(page)).toBe(true);
    const otherPage = await openPage();
    await otherPage.goto('/login?lng=en');
    await signIn(otherPage, other!.email);
    await otherPage.goto(`/dashboard/schedule?view=timeGridWeek&date=${day}`);
    await otherPage.locator(`[data-testid=calendar-event][data-appointment="${booked.number}"]`).waitFor();
  });

  it('an admin books for a customer they pick; a slot taken meanwhile says so and the times refresh', async () => {
    // Not customer2: the password-reset test (auth.test.ts) changes that account's password.
    const customer = await tokenOf('sara@example.test');
    const { day, slots } = await dayWithSlots(customer, 2);
    const contested = slots.at(-1)!;

    const desk = await openPage();
    await desk.goto('/login?lng=en');
    await signIn(desk, 'admin@demo.test');
    await desk.goto('/book-appointment');
    const picker = desk.getByTestId('booking-customer-picker');
    await picker.click();
    await picker.fill('sara');
    await desk.getByRole('option').filter({ hasText: 'sara@example.test' }).click();
    await desk.getByTestId('booking-kind-office').click();
    await pick(desk, 'booking-service-type', 'Laptops and computers');
    await pick(desk, 'booking-fault-type', 'Battery or charging');
    await desk.getByTestId('booking-next').click();
    await desk.getByTestId('booking-brand').fill('Dell');
    await desk.getByTestId('booking-model').fill('Latitude 7440');
    await desk.getByTestId('booking-problem').fill('Battery swells.');
    await desk.getByTestId('booking-next').click();
    await pickDay(desk, day);
    await desk.locator(`[data-testid=slot][data-starts-at="${contested.starts_at}"]`).click();
    // An office visit has no address step: straight to the summary.
    await desk.getByTestId('booking-next').click();
    await desk.getByTestId('booking-summary').waitFor();

    // Meanwhile the customer's own bookings take every technician free at that time.
    const body = {
      service_kind: 'office',
      starts_at: contested.starts_at,
      service_type: 'laptop',
      fault_type: 'battery',
      problem_description: 'Racing for the same time.',
      device: { brand: 'HP', model: 'EliteBook', warranty_status: 'unknown' },
    };
    for (let i = 0; i < 10; i += 1) {
      const left = await api<TAvailability>(`/api/availability?service_kind=office&service_type=laptop&date=${day}`, { token: customer });
      if (!left.slots.some((slot) => Date.parse(slot.starts_at) === Date.parse(contested.starts_at))) break;
      await api('/api/bookings', { token: customer, body });
    }

    await desk.getByTestId('booking-submit').click();
    await desk.getByTestId('booking-slot-taken').waitFor();
    expect(await desk.getByTestId('booking-slot-taken').textContent()).toContain('This time is no longer free');
    await desk.getByTestId('booking-step-time').waitFor();
    await expect.poll(() => desk.locator(`[data-testid=slot][data-starts-at="${contested.starts_at}"]`).count()).toBe(0);
    // Another time goes through, for the customer the admin picked.
    await desk.locator('[data-testid=slot]').first().click();
    await desk.getByTestId('booking-next').click();
    await desk.getByTestId('booking-submit').click();
    await desk.getByTestId('booking-done').waitFor();
    const id = (await desk.getByTestId('booking-done-appointment').getAttribute('href'))!.split('/').pop()!;
    const booked = await api<TAppointment>(`/api/appointments/${id}`, { token: customer });
    expect(booked.service_kind).toBe('office');
  });

  it('a technician adds and removes time off; hours that would strand a booking are refused with links to it', async () => {
    const technicianToken = await tokenOf('tech1@demo.test');
    const page = await openPage({ locale: 'ar-SA' });
    await page.goto('/login?lng=ar');
    await signIn(page, 'tech1@demo.test');
    await page.goto('/dashboard/schedule');
    await page.getByTestId('schedule-hours').waitFor();

    const day = companyDay(30);
    await page.getByTestId('schedule-add-time-off').click();
    await page.getByTestId('time-off-save').click();
    await page.getByText('هذا الحقل مطلوب').first().waitFor();
    await page.getByTestId('time-off-from').fill(`${day}T18:00`);
    await page.getByTestId('time-off-to').fill(`${day}T16:00`);
    await page.getByTestId('time-off-save').click();
    await page.getByText('يجب أن تكون النهاية بعد البداية.').waitFor();
    await page.getByTestId('time-off-to').fill(`${day}T20:00`);
    await page.getByTestId('time-off-reason').fill('موعد طبيب');
    await page.getByTestId('time-off-save').click();
    const item = page.getByTestId('time-off-item').filter({ hasText: 'موعد طبيب' });
    await item.waitFor();
    const me = await api<{ id: string }>('/api/auth/user', { token: technicianToken });
    const stored = await api<{ items: { starts_at: string; ends_at: string; reason: string | null }[] }>(`/api/technicians/${me.id}/time-off`, { token: technicianToken });
    // Typed on the company's clock (Riyadh, UTC+3): 18:00 there is 15:00 UTC.
    expect(stored.items.find((t) => t.reason === 'موعد طبيب')).toMatchObject({ starts_at: expect.stringMatching(/T15:00:00/) });
    await item.getByTestId('time-off-remove').click();
    await expect.poll(() => item.count()).toBe(0);

    // Every day off would strand the technician's booked visits: refused, each one listed with a link.
    await page.getByTestId('schedule-edit-hours').click();
    for (const d of ['0', '1', '2', '3', '4', '5', '6']) {
      const toggle = page.locator(`[data-testid=weekday-${d}] input[type=checkbox]`);
      if (await toggle.isChecked()) await toggle.click({ force: true });
    }
    await page.getByTestId('schedule-save-hours').click();
    await page.getByTestId('schedule-conflict').waitFor();
    const link = page.getByTestId('schedule-conflict-link').first();
    const number = (await link.textContent())!.trim();
    await link.click();
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/appointments/'));
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toContain(number);
  });
});
