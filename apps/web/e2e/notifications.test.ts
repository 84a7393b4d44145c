import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TAnnouncementRequest, TSession } from '@portal/shared';
import { htmlLangDir, signIn, skipE2e, useBrowserContexts } from './browser';
import { api, documentIsTheSame, markDocument, tokenOf, unreadCount, watchJoins } from './helpers';

// --- the API, called from the test process --------------------------------------------------

const adminToken = () => tokenOf('admin@demo.test');

function announce(token: string, body: TAnnouncementRequest): Promise<{ recipients: number }> {
  return api('/api/admin/announcements', { token, body });
}

let signups = 0;
/** A customer of its own, so counts in the bell depend on this test only. */
async function newCustomer(): Promise<{ id: string; email: string; password: string }> {
  signups += 1;
  const email = `bell.${Date.now()}.${signups}@example.test`;
  const password = 'a-good-password';
  const session = await api<TSession>('/api/auth/signup', {
    body: { email, password, name: `Bell Tester ${signups}`, mobile: `+96655${String(Date.now()).slice(-7)}` },
  });
  return { id: session.user.id, email, password };
}

// --- the page ---------------------------------------------------------------------------------

async function waitForCount(page: Page, expected: number) {
  await expect.poll(() => unreadCount(page), { timeout: 15_000 }).toBe(expected);
}

describe.skipIf(skipE2e())('notifications and realtime', () => {
  const { openPage } = useBrowserContexts();

  it.each([
    { lng: 'ar', dir: 'rtl' },
    { lng: 'en', dir: 'ltr' },
  ])('an announcement to customers reaches an open customer page live ($lng)', async ({ lng, dir }) => {
    // The customer, on the dashboard with the socket joined.
    const customer = await openPage();
    const joins = watchJoins(customer);
    await customer.goto(`/login?lng=${lng}`);
    await signIn(customer, 'customer1@demo.test');
    await customer.goto('/dashboard');
    await customer.getByTestId('dashboard-home').waitFor();
    await joins.joined('notifications');
    await expect.poll(() => htmlLangDir(customer)).toEqual({ lang: lng, dir });
    const before = await unreadCount(customer);
    await markDocument(customer);

    // The admin, in another browser, sends it from the announcements screen.
    const admin = await openPage();
    await admin.goto('/login?lng=en');
    await signIn(admin, 'admin@demo.test');
    await admin.goto('/dashboard/settings');
    await admin.getByTestId('settings-card-announcements').click();
    await admin.waitForURL((url) => url.pathname === '/dashboard/settings/announcements');
    const title = lng === 'ar' ? `صيانة مجدولة ${Date.now()} & تحديث` : `Scheduled maintenance ${Date.now()} & update`;
    await admin.getByTestId('announcement-role').click();
    await admin.getByRole('option', { name: 'Customer', exact: true }).click();
    await admin.getByTestId('announcement-type').click();
    await admin.getByRole('option', { name: 'Warning', exact: true }).click();
    await admin.getByTestId('announcement-title').fill(title);
    await admin.getByTestId('announcement-message').fill('The portal will be read-only tonight from 22:00.');
    await admin.getByTestId('announcement-send').click();
    await admin.getByText(/^Announcement sent to \d+ users$/).waitFor();
    await expect.poll(() => admin.getByTestId('announcement-title').inputValue()).toBe('');

    // The customer sees a toast with the title and the count going up, without a reload.
    const toast = customer.getByTestId('live-notification-toast').filter({ hasText: title });
    await toast.waitFor({ timeout: 15_000 });
    await expect.poll(() => toast.getAttribute('data-type')).toBe('warning');
    await expect.poll(() => toast.locator('[dir=auto]').first().textContent()).toBe(title);
    await waitForCount(customer, before + 1);
    await expect.poll(() => documentIsTheSame(customer)).toBe(true);
    await expect.poll(() => htmlLangDir(customer)).toEqual({ lang: lng, dir });
  });

  it('reconnects after the socket dies and shows what was sent meanwhile, without a reload', async () => {
    const user = await newCustomer();
    const token = await adminToken();
    const page = await openPage();

    const connections: { route: WebSocketRoute; openedAt: number; joined: boolean }[] = [];
    await page.routeWebSocket('**/api/realtime', (route) => {
      const server = route.connectToServer();
      const connection = { route, openedAt: Date.now(), joined: false };
      connections.push(connection);
      const joins = new Set<string>();
      route.onMessage((message) => {
        const frame = JSON.parse(String(message)) as { type: string; ref: string; topic?: string };
        if (frame.type === 'join' && frame.topic === 'notifications') joins.add(frame.ref);
        server.send(message);
      });
      server.onMessage((message) => {
        const frame = JSON.parse(String(message)) as { type: string; ref?: string; status?: string };
        if (frame.type === 'reply' && frame.status === 'ok' && frame.ref && joins.has(frame.ref)) connection.joined = true;
        route.send(message);
      });
    });

    await page.goto('/login?lng=en');
    await signIn(page, user.email, user.password);
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-home').waitFor();
    // (Signing in opened a socket on the landing page already; this page has its own.)
    await expect.poll(() => connections.at(-1)?.joined ?? false, { timeout: 15_000 }).toBe(true);
    await waitForCount(page, 0);
    await markDocument(page);
    const before = connections.length;

    // Kill the socket (both sides), and send a notification while the page is offline.
    const closedAt = Date.now();
    await connections.at(-1)!.route.close({ code: 4000, reason: 'test: connection lost' });
    const title = `While you were away ${Date.now()}`;
    await announce(token, { audience: { kind: 'user', user_id: user.id }, type: 'info', title, message: 'Missed while offline' });
    const announcedAt = Date.now();

    // A new connection after the first back-off step (1 s), joined again.
    await expect.poll(() => connections.length, { timeout: 15_000 }).toBe(before + 1);
    const second = connections.at(-1)!;
    expect(second.openedAt - closedAt).toBeGreaterThanOrEqual(900);
    expect(announcedAt).toBeLessThanOrEqual(second.openedAt);
    await expect.poll(() => second.joined, { timeout: 15_000 }).toBe(true);

    // The missed notification is in the bell, with no reload.
    await waitForCount(page, 1);
    await page.getByTestId('notification-bell').click();
    await page.getByTestId('notification-item').filter({ hasText: title }).waitFor();
    await expect.poll(() => documentIsTheSame(page)).toBe(true);

    // And the new socket carries live events again.
    const live = `Live again ${Date.now()}`;
    await announce(token, { audience: { kind: 'user', user_id: user.id }, type: 'success', title: live, message: 'Back online' });
    await page.getByTestId('live-notification-toast').filter({ hasText: live }).waitFor({ timeout: 15_000 });
    await waitForCount(page, 2);
  });

  it('the bell: opening a notification follows its link and marks it read; mark all as read', async () => {
    const user = await newCustomer();
    const token = await adminToken();
    const target = `Open me ${Date.now()}`;
    await announce(token, { audience: { kind: 'user', user_id: user.id }, type: 'success', title: 'First', message: 'One' });
    await announce(token, { audience: { kind: 'user', user_id: user.id }, type: 'error', title: 'Second', message: 'Two' });
    await announce(token, {
      audience: { kind: 'user', user_id: user.id },
      type: 'info',
      title: target,
      message: 'Takes you to help',
      link: '/dashboard/support',
    });

    const page = await openPage({ phone: true });
    await page.goto('/login?lng=en');
    await signIn(page, user.email, user.password);
    await page.goto('/dashboard');
    await waitForCount(page, 3);

    await page.getByTestId('notification-bell').click();
    const panel = page.getByTestId('notification-panel');
    await panel.waitFor();
    // Fits a 390 px phone.
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Newest first, an icon by type, a relative time.
    await expect.poll(() => panel.getByTestId('notification-title').allTextContents()).toEqual([target, 'Second', 'First']);
    await expect
      .poll(() => panel.getByTestId('notification-type-icon').evaluateAll((icons) => icons.map((icon) => icon.getAttribute('data-type'))))
      .toEqual(['info', 'error', 'success']);
    await expect.poll(() => panel.getByTestId('notification-time').first().textContent()).toBe('now');

    await panel.getByTestId('notification-item').filter({ hasText: target }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/support');
    await waitForCount(page, 2);

    await page.getByTestId('notification-bell').click();
    await expect.poll(() => panel.getByTestId('notification-item').filter({ hasText: target }).getAttribute('data-read')).toBe('true');
    await panel.getByTestId('notification-mark-all').click();
    await waitForCount(page, 0);
    await expect.poll(() => panel.locator('[data-testid=notification-item][data-read=false]').count()).toBe(0);

    // The server agrees.
    await page.reload();
    await waitForCount(page, 0);
  });
});
