import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared';
import { clearSession, setSession } from '../../lib/session-store';
import { renderWithApp, type Rendered } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session-factory';
import { ConnectionStatus, OfflineBanner } from './connection-status';

let view: Rendered | null = null;
afterEach(() => {
  view?.unmount();
  view = null;
  clearSession('user');
  goOnline(true);
});

/** What the browser does when the network goes or comes back: navigator.onLine, then the event. */
function goOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

const status = () => document.querySelector('[data-testid=connection-status]');
/** What a screen reader reads: the live region beside the mark. */
const spoken = () => document.querySelector('[data-testid=connection-status-text]');
const banner = () => document.querySelector('[data-testid=offline-banner]');

async function renderAs(role: Role, language: 'ar' | 'en' = 'en') {
  setSession(makeSession({ user: { role } }), 'SIGNED_IN');
  view = await renderWithApp(
    <>
      <ConnectionStatus />
      <OfflineBanner />
    </>,
    { language },
  );
}

describe('the connection mark', () => {
  it('follows the browser going offline and back, in words a screen reader reads', async () => {
    await renderAs('admin');
    expect(status()?.getAttribute('data-online')).toBe('true');
    expect(status()?.textContent).toBe('Online');
    expect(spoken()?.getAttribute('role')).toBe('status');
    expect(spoken()?.textContent).toBe('Online');

    goOnline(false);
    expect(status()?.getAttribute('data-online')).toBe('false');
    expect(status()?.textContent).toBe('Offline');
    expect(spoken()?.textContent).toBe('Offline');

    goOnline(true);
    expect(spoken()?.textContent).toBe('Online');
  });

  it('speaks Arabic on an Arabic page', async () => {
    goOnline(false);
    await renderAs('customer', 'ar');
    expect(spoken()?.textContent).toBe('غير متصل');
  });
});

describe('the offline banner', () => {
  it.each(['admin', 'whs_supervisor', 'customer'] as Role[])('tells the %s offline that the screen needs a connection', async (role) => {
    await renderAs(role);
    expect(banner()).toBeNull();
    goOnline(false);
    expect(banner()?.textContent).toContain('This screen needs a connection');
    goOnline(true);
    expect(banner()).toBeNull();
  });

  it('is not shown to a technician, whose screens work offline', async () => {
    await renderAs('technician');
    goOnline(false);
    expect(banner()).toBeNull();
    expect(status()?.textContent).toContain('Offline');
  });
});
