import { afterEach, describe, expect, it, vi } from 'vitest';
import { replacePage } from '../../lib/page-load';
import { goToSignIn, leaveNotice, signInUrl, takeNotice } from './sign-in-handoff';
import { translator } from './sign-in-page/messages';

vi.mock('../../lib/page-load', () => ({ replacePage: vi.fn() }));

describe('the way to the sign-in page', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.mocked(replacePage).mockClear();
  });

  it('is a full page load, coming back to the page asked for', () => {
    expect(signInUrl()).toBe('/login');
    expect(signInUrl('/dashboard/profile?tab=1')).toBe('/login?redirect=%2Fdashboard%2Fprofile%3Ftab%3D1');
    goToSignIn({ redirect: '/x', notice: { kind: 'success', title: 'toast.signedOut' } });
    expect(replacePage).toHaveBeenCalledWith('/login?redirect=%2Fx');
  });

  it("keeps the app's notices apart from the sign-in page's", () => {
    leaveNotice('app', { kind: 'success', title: 'toast.signedIn' });
    expect(takeNotice('sign-in')).toBeNull();
    expect(takeNotice('app')).toEqual({ kind: 'success', title: 'toast.signedIn' });
  });

  it('carries a notice to the page once, and not when it is stale or not ours', () => {
    leaveNotice('sign-in', { kind: 'error', title: 'toast.authFailed', body: 'toast.sessionExpired' });
    expect(takeNotice('sign-in')).toEqual({ kind: 'error', title: 'toast.authFailed', body: 'toast.sessionExpired' });
    expect(takeNotice('sign-in')).toBeNull();

    leaveNotice('sign-in', { kind: 'success', title: 'toast.signedOut' });
    expect(takeNotice('sign-in', Date.now() + 61_000)).toBeNull();

    for (const raw of ['not json', '{"kind":"warning","title":"x","at":1}', JSON.stringify({ kind: 'success', title: 7, at: Date.now() })]) {
      sessionStorage.setItem('portal.notice.sign-in', raw);
      expect(takeNotice('sign-in')).toBeNull();
    }
  });
});

describe("the sign-in page's messages", () => {
  const t = translator({ toast: { signedOut: 'Signed out' }, auth: { login: { rateLimited: 'Wait {{seconds}} s, {{ seconds }}!' } } });

  it('words a dotted key with its values, and gives back a key it does not carry', () => {
    expect(t('toast.signedOut')).toBe('Signed out');
    expect(t('auth.login.rateLimited', { seconds: 30 })).toBe('Wait 30 s, 30!');
    expect(t('auth.login.rateLimited')).toBe('Wait {{seconds}} s, {{ seconds }}!');
    expect(t('toast.missing')).toBe('toast.missing');
    expect(t('toast')).toBe('toast');
    expect(t('errors.teapot', { defaultValue: 'Something went wrong' })).toBe('Something went wrong');
  });
});
