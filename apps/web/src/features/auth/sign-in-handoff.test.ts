import { afterEach, describe, expect, it, vi } from 'vitest';
import { replacePage } from '../../lib/page-load';
import { goToSignIn, leaveSignInNotice, signInUrl, takeSignInNotice } from './sign-in-handoff';
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

  it('carries a notice to the page once, and not when it is stale or not ours', () => {
    leaveSignInNotice({ kind: 'error', title: 'toast.authFailed', body: 'toast.sessionExpired' });
    expect(takeSignInNotice()).toEqual({ kind: 'error', title: 'toast.authFailed', body: 'toast.sessionExpired' });
    expect(takeSignInNotice()).toBeNull();

    leaveSignInNotice({ kind: 'success', title: 'toast.signedOut' });
    expect(takeSignInNotice(Date.now() + 61_000)).toBeNull();

    for (const raw of ['not json', '{"kind":"warning","title":"x","at":1}', JSON.stringify({ kind: 'success', title: 7, at: Date.now() })]) {
      sessionStorage.setItem('portal.sign-in-notice', raw);
      expect(takeSignInNotice()).toBeNull();
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
