import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications as toasts } from '@mantine/notifications';
import { ZAnnouncementRequest } from '@portal/shared';
import { zodFieldErrors } from '../../../lib/form-validation';
import { clearSession, setSession } from '../../../lib/session-store';
import { jsonResponse, makeSession } from '../../../test-utils/session-factory';
import { click, renderWithApp, settle, type Rendered } from '../../../test-utils/render';
import { AnnouncementsPage, toAnnouncementInput, toFormErrors, type AnnouncementFormValues } from './announcements-page';

const values = (overrides: Partial<AnnouncementFormValues> = {}): AnnouncementFormValues => ({
  audience: 'role',
  user_id: null,
  role: 'customer',
  type: 'info',
  title: 'Hello',
  message: 'World',
  link: '',
  ...overrides,
});

describe('announcement form values', () => {
  it('builds the request for each audience', () => {
    expect(toAnnouncementInput(values()).audience).toEqual({ kind: 'role', role: 'customer' });
    expect(toAnnouncementInput(values({ audience: 'all' })).audience).toEqual({ kind: 'all' });
    expect(toAnnouncementInput(values({ audience: 'user', user_id: 'u1' })).audience).toEqual({ kind: 'user', user_id: 'u1' });
    expect(toAnnouncementInput(values()).link).toBeUndefined();
    expect(toAnnouncementInput(values({ link: ' /dashboard ' })).link).toBe('/dashboard');
  });

  it('names the fields at fault, as the shared schema and the server do', () => {
    const errors = (v: AnnouncementFormValues) => toFormErrors(zodFieldErrors(ZAnnouncementRequest, toAnnouncementInput(v)));
    expect(errors(values())).toEqual({});
    expect(errors(values({ title: '  ', message: '' }))).toEqual({ title: 'required', message: 'required' });
    expect(errors(values({ title: 'x'.repeat(121) }))).toEqual({ title: 'too_long' });
    expect(errors(values({ message: 'x'.repeat(1001) }))).toEqual({ message: 'too_long' });
    expect(errors(values({ role: null }))).toEqual({ role: 'required' });
    expect(errors(values({ audience: 'user' }))).toEqual({ user_id: 'required' });
    expect(errors(values({ link: 'https://evil.example' }))).toEqual({ link: 'invalid' });
    expect(errors(values({ link: '//evil.example' }))).toEqual({ link: 'invalid' });
    expect(toFormErrors({ 'audience.user_id': 'invalid', 'audience.kind': 'invalid', title: 'too_long' })).toEqual({
      user_id: 'invalid',
      audience: 'invalid',
      title: 'too_long',
    });
  });
});

/** Types into a Mantine input the way React notices. */
async function type(selector: string, text: string) {
  const input = document.querySelector(selector) as HTMLInputElement | HTMLTextAreaElement;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!;
  await act(async () => {
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function pickRole(label: string) {
  await click(document.querySelector('[data-testid=announcement-role]'));
  const option = [...document.querySelectorAll('[role=option]')].find((el) => el.textContent === label);
  await click(option);
}

describe('announcements page', () => {
  let rendered: Rendered | undefined;
  let bodies: unknown[];
  let reply: () => Response;

  beforeEach(() => {
    // happy-dom has no FontFaceSet; Mantine's autosizing textarea listens to it.
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
    }
    setSession(makeSession({ user: { role: 'admin' } }), 'SIGNED_IN');
    bodies = [];
    reply = () => jsonResponse(200, { recipients: 3 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://portal.test');
        if (url.pathname === '/api/admin/announcements') {
          bodies.push(JSON.parse(String(init?.body)));
          return reply();
        }
        return jsonResponse(200, { items: [] });
      }),
    );
  });
  afterEach(() => {
    rendered?.unmount();
    rendered = undefined;
    clearSession('user');
  });

  const submit = () => click(document.querySelector('[data-testid=announcement-send]'));
  const errorOf = (testId: string) =>
    document.querySelector(`[data-testid=${testId}]`)?.closest('.mantine-InputWrapper-root')?.querySelector('.mantine-InputWrapper-error')
      ?.textContent;

  it('checks the form before sending', async () => {
    rendered = await renderWithApp(<AnnouncementsPage />, { path: '/dashboard/settings/announcements' });
    await submit();
    expect(bodies).toEqual([]);
    expect(errorOf('announcement-title')).toBe('This field is required');
    expect(errorOf('announcement-message')).toBe('This field is required');
    expect(errorOf('announcement-role')).toBe('This field is required');
  });

  it('sends to a role, says how many it reached, and starts over', async () => {
    const show = vi.spyOn(toasts, 'show');
    rendered = await renderWithApp(<AnnouncementsPage />, { path: '/dashboard/settings/announcements' });
    await pickRole('Customer');
    await type('[data-testid=announcement-title]', '  Water & power  ');
    await type('[data-testid=announcement-message]', 'Off tomorrow');
    await type('[data-testid=announcement-link]', '/dashboard/support');
    await submit();
    await settle(10);
    expect(bodies).toEqual([
      { audience: { kind: 'role', role: 'customer' }, type: 'info', title: 'Water & power', message: 'Off tomorrow', link: '/dashboard/support' },
    ]);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Announcement sent to 3 users' }));
    expect((document.querySelector('[data-testid=announcement-title]') as HTMLInputElement).value).toBe('');
  });

  it('puts the server\'s field errors on the inputs', async () => {
    reply = () =>
      jsonResponse(400, { error: { code: 'validation_failed', message: 'bad', fields: { link: 'invalid', title: 'too_long' } } });
    rendered = await renderWithApp(<AnnouncementsPage />, { path: '/dashboard/settings/announcements' });
    await pickRole('Technician');
    await type('[data-testid=announcement-title]', 'Hi');
    await type('[data-testid=announcement-message]', 'There');
    await type('[data-testid=announcement-link]', '/x');
    await submit();
    await settle(10);
    expect(errorOf('announcement-link')).toBe('This value is not valid');
    expect(errorOf('announcement-title')).toBe('This value is too long');
  });

  it('words the count in Arabic with its plural forms', async () => {
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('ar');
    expect(i18n.t('announcements.sent', { count: 1 })).toBe('أُرسل الإعلان إلى مستخدم واحد');
    expect(i18n.t('announcements.sent', { count: 2 })).toBe('أُرسل الإعلان إلى مستخدمَين');
    expect(i18n.t('announcements.sent', { count: 5 })).toBe('أُرسل الإعلان إلى 5 مستخدمين');
    expect(i18n.t('announcements.sent', { count: 25 })).toBe('أُرسل الإعلان إلى 25 مستخدمًا');
    await i18n.changeLanguage('en');
    expect(i18n.t('announcements.sent', { count: 1 })).toBe('Announcement sent to 1 user');
  });
});
