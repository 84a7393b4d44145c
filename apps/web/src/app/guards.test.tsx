import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeSession } from '../test-utils/session-factory';
import { clearSession, getSession, setSession } from '../lib/session-store';
import type { Role } from '@portal/shared';
import { PublicOnly, RequireAuth, RequireCapability } from './guards';
import { safeRedirect } from '../lib/paths';
import { replacePage } from '../lib/page-load';

// The sign-in page is the server's (decision 019): the app leaves for it with a full page load.
vi.mock('../lib/page-load', () => ({ replacePage: vi.fn() }));
const leftFor = () => vi.mocked(replacePage).mock.calls.map(([url]) => url);

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

let container: HTMLDivElement;
let root: Root;

async function render(path: string) {
  const router = createMemoryRouter(
    [
      { element: <PublicOnly />, children: [{ path: '/login', element: <Where /> }] },
      { element: <PublicOnly allowRecovery />, children: [{ path: '/reset-password', element: <Where /> }] },
      {
        element: <RequireAuth />,
        children: [
          { path: '/', element: <Where /> },
          { path: '/dashboard/profile', element: <Where /> },
          {
            path: '/dashboard/users',
            element: (
              <RequireCapability requires={['manage:user:any']}>
                <Where />
              </RequireCapability>
            ),
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  await act(async () => {
    root.render(
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>,
    );
  });
  return router;
}

const where = () => container.querySelector('[data-testid=where]')?.textContent ?? null;

describe('route guards', () => {
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { ok: true })));
    vi.mocked(replacePage).mockClear();
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    clearSession('user');
    localStorage.clear();
  });

  it('sends a signed-out visitor to /login with the page asked for', async () => {
    clearSession('expired');
    await render('/dashboard/profile?tab=1');
    expect(where()).toBeNull();
    expect(leftFor()).toEqual([`/login?redirect=${encodeURIComponent('/dashboard/profile?tab=1')}`]);
  });

  it('sends a visitor who signed out to the bare sign-in page', async () => {
    clearSession('user');
    await render('/dashboard/profile');
    expect(leftFor()).toEqual(['/login']);
  });

  it('sends a signed-in visitor of /login on to ?redirect=', async () => {
    setSession(makeSession(), 'SIGNED_IN');
    await render(`/login?redirect=${encodeURIComponent('/dashboard/profile')}`);
    expect(where()).toBe('/dashboard/profile');
  });

  it('lets a signed-in user open a reset link (?code=) but not a bare /reset-password', async () => {
    setSession(makeSession(), 'SIGNED_IN');
    await render('/reset-password?code=abc');
    expect(where()).toBe('/reset-password?code=abc');
    act(() => root.unmount());
    root = createRoot(container);
    await render('/reset-password');
    expect(where()).toBe('/');
  });

  it('keeps a recovery session on /reset-password', async () => {
    setSession(makeSession({ recovery: true }), 'PASSWORD_RECOVERY');
    await render('/dashboard/profile');
    expect(where()).toBe('/reset-password');
  });

  it('shows "not allowed" when the role lacks the capability', async () => {
    setSession(makeSession({ user: { role: 'customer' } }), 'SIGNED_IN');
    await render('/dashboard/users');
    expect(where()).toBeNull();
    expect(container.textContent).toContain('403');
  });

  it('signs out a user whose role is unknown and sends them to /login', async () => {
    setSession(makeSession({ user: { role: 'superuser' as Role } }), 'SIGNED_IN');
    await render('/dashboard/profile');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(getSession()).toBeNull();
    expect(leftFor()).toEqual(['/login']);
    expect(JSON.parse(sessionStorage.getItem('portal.notice.sign-in') ?? '{}')).toMatchObject({ kind: 'error', title: 'toast.authFailed' });
  });

  it('redirects only to paths of this site', () => {
    expect(safeRedirect('/dashboard')).toBe('/dashboard');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
