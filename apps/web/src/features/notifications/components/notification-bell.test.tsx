import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications as toasts } from '@mantine/notifications';
import type { TNotification, TNotificationList } from '@portal/shared';
import { jsonResponse, makeSession } from '../../../test-utils/session-factory';
import { makeNotification } from '../../../test-utils/notification-factory';
import { click, renderWithApp, settle, waitFor, type Rendered } from '../../../test-utils/render';
import { clearSession, setSession } from '../../../lib/session-store';
import { i18n } from '../../../lib/i18n';
import { notificationKeys } from '../api/get-notifications';
import { NotificationBell } from './notification-bell';
import { NotificationList } from './notification-list';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** A fake server for the notification routes; records every call. */
function fakeServer(initial: TNotification[]) {
  let items = initial;
  const calls: string[] = [];
  let failWrites = false;
  const list = (): TNotificationList => ({ items, unread_count: items.filter((n) => !n.read).length, next_cursor: null });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    if (method === 'GET' && url.pathname === '/api/notifications') return jsonResponse(200, list());
    if (failWrites) return jsonResponse(500, { error: { code: 'internal_error', message: 'boom' } });
    const one = url.pathname.match(/^\/api\/notifications\/([^/]+)\/read$/);
    if (method === 'POST' && one) {
      items = items.map((n) => (n.id === one[1] ? { ...n, read: true } : n));
      return jsonResponse(200, items.find((n) => n.id === one[1]));
    }
    if (method === 'POST' && url.pathname === '/api/notifications/read-all') {
      const updated = items.filter((n) => !n.read).length;
      items = items.map((n) => ({ ...n, read: true }));
      return jsonResponse(200, { updated });
    }
    return jsonResponse(404, { error: { code: 'not_found', message: 'no' } });
  });
  return {
    fetchMock,
    calls,
    add: (n: TNotification) => {
      items = [n, ...items];
    },
    failWrites: () => {
      failWrites = true;
    },
  };
}

const $ = (selector: string) => document.querySelector(selector);
const $$ = (selector: string) => [...document.querySelectorAll(selector)];
const bell = () => $('[data-testid=notification-bell]') as HTMLElement;
const unreadCount = () => Number(bell().getAttribute('data-unread-count'));
/** Clicks the bell and waits for its panel, whose code is loaded on demand. */
const openBell = async () => {
  await click(bell());
  await waitFor(() => $('[data-testid=notification-panel]'));
};

describe('notification list', () => {
  let rendered: Rendered | undefined;
  afterEach(() => {
    rendered?.unmount();
    rendered = undefined;
  });

  async function renderList(items: TNotification[], language: 'ar' | 'en') {
    rendered = await renderWithApp(
      <NotificationList items={items} unreadCount={items.filter((n) => !n.read).length} status="success" onRetry={() => {}} onOpen={() => {}} onMarkAllRead={() => {}} />,
      { language },
    );
  }

  it('shows an icon by type, the translated title and message, and unread marks', async () => {
    await renderList(
      [
        makeNotification({ type: 'success' }),
        makeNotification({ type: 'error', read: true }),
        makeNotification({ type: 'warning' }),
        makeNotification({ type: 'info', read: true }),
      ],
      'en',
    );
    const rows = $$('[data-testid=notification-item]');
    expect(rows.map((row) => row.querySelector('[data-testid=notification-type-icon]')?.getAttribute('data-type'))).toEqual([
      'success',
      'error',
      'warning',
      'info',
    ]);
    expect(rows.map((row) => row.querySelector('[data-testid=notification-type-icon]')?.getAttribute('aria-label'))).toEqual([
      'Success',
      'Error',
      'Warning',
      'Information',
    ]);
    expect(rows.map((row) => row.getAttribute('data-read'))).toEqual(['false', 'true', 'false', 'true']);
    const title = rows[0]!.querySelector('[data-testid=notification-title]')!;
    expect(title.textContent).toMatch(/^Title \d+$/);
    expect(title.getAttribute('dir')).toBe('auto');
    expect(rows[0]!.querySelector('[data-testid=notification-message]')?.getAttribute('dir')).toBe('auto');
    expect($('[data-testid=notification-unread-badge]')?.textContent).toBe('2 unread');
  });

  it('shows relative times in English', async () => {
    await renderList([makeNotification({ created_at: minutesAgo(5) }), makeNotification({ created_at: minutesAgo(60 * 3) })], 'en');
    expect($$('[data-testid=notification-time]').map((el) => el.textContent)).toEqual(['5 minutes ago', '3 hours ago']);
  });

  it('shows relative times in Arabic', async () => {
    await renderList([makeNotification({ created_at: minutesAgo(5) }), makeNotification({ created_at: minutesAgo(60 * 24 * 2) })], 'ar');
    expect($$('[data-testid=notification-time]').map((el) => el.textContent)).toEqual(['قبل 5 دقائق', 'قبل يومين']);
    expect($('[data-testid=notification-mark-all]')?.textContent).toBe('تعليم الكل كمقروء');
  });

  it('shows free text exactly as typed: no entities, no markup, no nested keys', async () => {
    const title = 'Tom & Jerry <b>bold</b> $t(app.name) {{message}}';
    await renderList([makeNotification({ params: { title, message: 'a "quoted" & \'single\'' } })], 'en');
    expect($('[data-testid=notification-title]')?.textContent).toBe(title);
    expect($('[data-testid=notification-title] b')).toBeNull();
    expect($('[data-testid=notification-message]')?.textContent).toBe('a "quoted" & \'single\'');
  });

  it('shows a key it does not know as the text itself', async () => {
    await renderList([makeNotification({ title: 'Server says hi', message: 'notifications.unknown.kind.message', params: {} })], 'en');
    expect($('[data-testid=notification-title]')?.textContent).toBe('Server says hi');
    expect($('[data-testid=notification-message]')?.textContent).toBe('notifications.unknown.kind.message');
  });

  it('has an empty state and an error state', async () => {
    rendered = await renderWithApp(
      <NotificationList items={[]} unreadCount={0} status="success" onRetry={() => {}} onOpen={() => {}} onMarkAllRead={() => {}} />,
    );
    expect($('[data-testid=notification-empty]')?.textContent).toContain('No notifications yet');
    expect(($('[data-testid=notification-mark-all]') as HTMLButtonElement).disabled).toBe(true);
    rendered.unmount();
    const onRetry = vi.fn();
    rendered = await renderWithApp(
      <NotificationList items={undefined} unreadCount={0} status="error" onRetry={onRetry} onOpen={() => {}} onMarkAllRead={() => {}} />,
    );
    expect($('[data-testid=notification-error]')).not.toBeNull();
    await click($('[data-testid=notification-error] button'));
    expect(onRetry).toHaveBeenCalled();
  });
});

describe('notification bell', () => {
  let rendered: Rendered | undefined;
  let server: ReturnType<typeof fakeServer>;

  beforeEach(() => {
    setSession(makeSession(), 'SIGNED_IN');
  });
  afterEach(() => {
    rendered?.unmount();
    rendered = undefined;
    clearSession('user');
    localStorage.clear();
    void i18n.changeLanguage('en');
  });

  async function renderBell(items: TNotification[]) {
    server = fakeServer(items);
    vi.stubGlobal('fetch', server.fetchMock);
    rendered = await renderWithApp(<NotificationBell />);
    await settle(10);
  }

  it('shows the unread count and asks for the newest 50', async () => {
    await renderBell([makeNotification(), makeNotification(), makeNotification({ read: true })]);
    expect(unreadCount()).toBe(2);
    expect(server.calls[0]).toBe('GET /api/notifications?limit=50');
  });

  it('leaves the count out while the list loads, so "none" is never read before it is known', async () => {
    server = fakeServer([makeNotification()]);
    let release!: () => void;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      await loaded;
      return server.fetchMock(input, init);
    });
    rendered = await renderWithApp(<NotificationBell />);
    await settle(10);
    expect(bell().hasAttribute('data-unread-count')).toBe(false);
    release();
    await settle(10);
    expect(bell().getAttribute('data-unread-count')).toBe('1');
  });

  it('opens a notification: marks it read and goes to its link', async () => {
    const target = makeNotification({ link: '/dashboard/service-requests' });
    await renderBell([target, makeNotification()]);
    await openBell();
    await click($(`[data-testid=notification-item][data-id="${target.id}"]`));
    await settle(10);
    expect(server.calls).toContain(`POST /api/notifications/${target.id}/read`);
    expect(rendered!.path()).toBe('/dashboard/service-requests');
    expect(unreadCount()).toBe(1);
  });

  it('never follows a link to another site', async () => {
    const target = makeNotification({ link: '//evil.example/x' });
    await renderBell([target]);
    await openBell();
    await click($('[data-testid=notification-item]'));
    await settle(10);
    expect(rendered!.path()).toBe('/dashboard');
  });

  it('marks all as read', async () => {
    await renderBell([makeNotification(), makeNotification(), makeNotification()]);
    expect(unreadCount()).toBe(3);
    await openBell();
    await click($('[data-testid=notification-mark-all]'));
    await settle(10);
    expect(server.calls).toContain('POST /api/notifications/read-all');
    expect(unreadCount()).toBe(0);
    expect($$('[data-testid=notification-item][data-read=false]')).toHaveLength(0);
  });

  it('says so when marking fails, and keeps the count', async () => {
    const show = vi.spyOn(toasts, 'show');
    await renderBell([makeNotification(), makeNotification()]);
    server.failWrites();
    await openBell();
    await click($('[data-testid=notification-mark-all]'));
    await settle(10);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Failed to mark notifications as read' }));
    expect(unreadCount()).toBe(2);
    await click($('[data-testid=notification-item]'));
    await settle(10);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Failed to mark notification as read' }));
    expect(unreadCount()).toBe(2);
  });

  it('toasts a notification that arrives later, not the ones already there', async () => {
    const show = vi.spyOn(toasts, 'show');
    await renderBell([makeNotification()]);
    expect(show).not.toHaveBeenCalled();
    const fresh = makeNotification({ type: 'warning', params: { title: 'Water off', message: 'Tomorrow 9–11' } });
    server.add(fresh);
    await rendered!.queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    await settle(10);
    expect(unreadCount()).toBe(2);
    expect(show).toHaveBeenCalledTimes(1);
    const toast = show.mock.calls[0]![0];
    expect(toast).toMatchObject({ id: `notification-${fresh.id}`, color: 'orange', autoClose: 5_000, 'data-type': 'warning' });
  });
});
