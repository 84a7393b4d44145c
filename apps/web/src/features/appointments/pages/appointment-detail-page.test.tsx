import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { AppointmentAction, TAppointmentDetail } from '@portal/shared';
import { clearSession, setSession } from '../../../lib/session-store';
import { click, renderWithApp, settle, type Rendered } from '../../../test-utils/render';
import { jsonResponse, makeSession } from '../../../test-utils/session-factory';
import { AppointmentDetailPage } from './appointment-detail-page';

const ID = '33333333-3333-4333-8333-333333333333';

// happy-dom has no FontFaceSet; Mantine's autosizing textarea listens on it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {} }, configurable: true });

function appointment(allowed: AppointmentAction[], overrides: Partial<TAppointmentDetail> = {}): TAppointmentDetail {
  return {
    id: ID,
    number: 'AP-000077',
    status: 'scheduled',
    service_kind: 'home',
    // 07:00 UTC is 10:00 in Riyadh, whatever zone the test runs in.
    starts_at: '2026-11-24T07:00:00.000Z',
    ends_at: '2026-11-24T08:00:00.000Z',
    address: 'Olaya St 12',
    notes: null,
    cancel_reason: null,
    customer: { id: crypto.randomUUID(), name: 'Khalid Customer', mobile_number: '+966500000005' },
    technician: { id: crypto.randomUUID(), name: 'Tariq Technician', mobile: null },
    service_request: { id: crypto.randomUUID(), number: 'SR-000041', status: 'assigned', service_type: 'laptop', fault_type: 'battery' },
    created_at: '2026-11-20T08:00:00Z',
    updated_at: '2026-11-20T08:00:00Z',
    allowed_actions: allowed,
    history: [],
    ...overrides,
  };
}

describe('appointment detail', () => {
  let rendered: Rendered | undefined;
  let current: TAppointmentDetail;
  let cancelReply: (body: unknown) => Response;
  let posts: { path: string; body: unknown }[];

  beforeEach(() => {
    setSession(makeSession({ user: { role: 'customer' } }), 'SIGNED_IN');
    posts = [];
    cancelReply = () => jsonResponse(200, { ...current, status: 'cancelled', allowed_actions: [] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://portal.test');
        if (init?.method === 'POST') {
          const body = JSON.parse(String(init.body ?? '{}'));
          posts.push({ path: url.pathname, body });
          if (url.pathname.endsWith('/cancel')) return cancelReply(body);
        }
        if (url.pathname === `/api/appointments/${ID}`) return jsonResponse(200, current);
        if (url.pathname === '/api/service-requests/options') return jsonResponse(200, { service_types: [], fault_types: [], default_address: null });
        return jsonResponse(200, { company_name: 'Demo', time_zone: 'Asia/Riyadh', currency: 'SAR' });
      }),
    );
  });
  afterEach(() => {
    rendered?.unmount();
    rendered = undefined;
    clearSession('user');
    vi.unstubAllGlobals();
  });

  const render = async () => {
    rendered = await renderWithApp(
      <Routes>
        <Route path="/dashboard/appointments/:id" element={<AppointmentDetailPage />} />
      </Routes>,
      { path: `/dashboard/appointments/${ID}` },
    );
    await settle(20);
  };
  const buttons = () => [...document.querySelectorAll('[data-testid=ap-actions] button')].map((b) => b.getAttribute('data-testid'));
  const type = async (element: Element | null, value: string) => {
    const input = element as HTMLTextAreaElement;
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
      setter.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  };

  it('offers exactly the actions the server allows, and the time on the company clock', async () => {
    current = appointment(['reschedule', 'cancel']);
    await render();
    expect(buttons()).toEqual(['ap-action-reschedule', 'ap-action-cancel']);
    // Intl's range puts thin and narrow no-break spaces around the dash and before AM.
    expect(document.querySelector('[data-testid=ap-time]')?.textContent?.replace(/\s/g, ' ')).toBe('10:00 – 11:00 AM');
    expect(document.querySelector('[data-testid=ap-status]')?.getAttribute('data-status')).toBe('scheduled');
  });

  it('tells the history in order, a reschedule with the time before and after on the company clock', async () => {
    const tech = { id: crypto.randomUUID(), name: 'Tariq Technician' };
    current = appointment([], {
      history: [
        { event: 'booked', from_status: null, to_status: 'scheduled', starts_at: '2026-11-23T07:00:00.000Z', previous_starts_at: null, technician: tech, actor: { id: crypto.randomUUID(), name: 'Khalid Customer' }, note: null, at: '2026-11-20T08:00:00.000Z' },
        { event: 'reschedule', from_status: 'scheduled', to_status: 'scheduled', starts_at: '2026-11-24T07:00:00.000Z', previous_starts_at: '2026-11-23T07:00:00.000Z', technician: tech, actor: null, note: 'Customer away', at: '2026-11-21T08:00:00.000Z' },
      ],
    });
    await render();
    const entries = [...document.querySelectorAll('[data-testid=ap-history-entry]')];
    expect(entries.map((e) => e.getAttribute('data-event'))).toEqual(['booked', 'reschedule']);
    expect(entries[0]!.textContent).toContain('Booked for Nov 23, 2026, 10:00 AM with Tariq Technician');
    expect(entries[0]!.textContent).toContain('Khalid Customer');
    expect(entries[1]!.textContent).toContain('Moved from Nov 23, 2026, 10:00 AM to Nov 24, 2026, 10:00 AM');
    expect(entries[1]!.textContent).toContain('Customer away');
  });

  it('shows no action buttons when none is allowed', async () => {
    current = appointment([], { status: 'completed' });
    await render();
    expect(document.querySelector('[data-testid=ap-actions]')).toBeNull();
  });

  it('asks for a reason before cancelling, then sends it', async () => {
    current = appointment(['reschedule', 'cancel']);
    await render();
    await click(document.querySelector('[data-testid=ap-action-cancel]'));
    await settle(10);
    await click(document.querySelector('[data-testid=ap-action-submit]'));
    await settle(10);
    expect(document.body.textContent).toContain('This field is required');
    expect(posts).toEqual([]);
    await type(document.querySelector('[data-testid=ap-action-reason]'), 'Travelling that week');
    await click(document.querySelector('[data-testid=ap-action-submit]'));
    await settle(30);
    expect(posts).toEqual([{ path: `/api/appointments/${ID}/cancel`, body: { reason: 'Travelling that week' } }]);
    expect(document.querySelector('[data-testid=ap-status]')?.getAttribute('data-status')).toBe('cancelled');
  });

  it('words a refusal too close to the visit in the reader’s language', async () => {
    current = appointment(['reschedule', 'cancel']);
    cancelReply = () => jsonResponse(409, { error: { code: 'lead_time_passed', message: 'too late' } });
    await render();
    await click(document.querySelector('[data-testid=ap-action-cancel]'));
    await settle(10);
    await type(document.querySelector('[data-testid=ap-action-reason]'), 'Sorry');
    await click(document.querySelector('[data-testid=ap-action-submit]'));
    await settle(30);
    expect(document.querySelector('[data-testid=ap-error]')?.textContent).toContain('It is too close to the appointment to change it online');
  });
});
