import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { TransferAction, TransferStatus, TTransfer } from '@portal/shared';
import { clearSession, setSession } from '../../../lib/session-store';
import { jsonResponse, makeSession } from '../../../test-utils/session-factory';
import { click, renderWithApp, settle, type Rendered } from '../../../test-utils/render';
import { TransferDetailPage } from './transfer-detail-page';

const ID = '11111111-1111-4111-8111-111111111111';
const person = (name: string) => ({ id: '22222222-2222-4222-8222-222222222222', name });
const warehouse = (code: string, kind: 'main' | 'van') => ({ id: crypto.randomUUID(), code, name: `${code} name`, kind });

function transfer(status: TransferStatus, allowed: TransferAction[]): TTransfer {
  return {
    id: ID,
    number: 'TR-000045',
    status,
    from_warehouse: warehouse('WH-MAIN', 'main'),
    to_warehouse: warehouse('VAN-TECH1', 'van'),
    notes: 'Olaya job',
    requested_by: person('Sami Supervisor'),
    requested_at: '2026-11-20T08:00:00Z',
    decided_by: status === 'pending' ? null : person('Amal Admin'),
    decided_at: status === 'pending' ? null : '2026-11-20T09:00:00Z',
    rejection_reason: null,
    received_by: null,
    received_at: null,
    cancelled_by: null,
    cancelled_at: null,
    parts_request: false,
    allowed_actions: allowed,
    lines: [
      { id: crypto.randomUUID(), item_id: crypto.randomUUID(), item_code: 'PMP-01', item_name: 'مضخة مياه', unit: 'pcs', quantity: '3.000', available_in_source: '20.000' },
    ],
    timeline: [{ from_status: null, to_status: 'pending', actor: person('Sami Supervisor'), note: null, at: '2026-11-20T08:00:00Z' }],
  };
}

describe('transfer detail', () => {
  let rendered: Rendered | undefined;
  let current: TTransfer;
  let approveReply: () => Response;
  let calls: string[];

  beforeEach(() => {
    setSession(makeSession({ user: { role: 'admin' } }), 'SIGNED_IN');
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://portal.test');
        calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
        if (url.pathname === `/api/transfers/${ID}`) return jsonResponse(200, current);
        if (url.pathname === `/api/transfers/${ID}/approve`) return approveReply();
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
        <Route path="/dashboard/transfers/:id" element={<TransferDetailPage />} />
      </Routes>,
      { path: `/dashboard/transfers/${ID}` },
    );
    await settle(20);
  };
  const buttons = () => [...document.querySelectorAll('[data-testid=transfer-actions] button')].map((b) => b.getAttribute('data-testid'));

  it('offers exactly the actions the server allows, whatever the role', async () => {
    current = transfer('pending', ['reject', 'cancel']);
    await render();
    expect(buttons()).toEqual(['transfer-reject', 'transfer-cancel']);
    expect(document.querySelector('[data-testid=transfer-status]')?.textContent).toBe('Pending approval');
  });

  it('shows no action buttons when none is allowed', async () => {
    current = transfer('approved', []);
    await render();
    expect(document.querySelector('[data-testid=transfer-actions]')).toBeNull();
    expect(document.querySelector('[data-testid=transfer-status]')?.textContent).toBe('In transit');
  });

  it('on 409 invalid_state refetches the transfer and says what it is now', async () => {
    current = transfer('pending', ['approve', 'reject']);
    approveReply = () => {
      // Someone else approved it meanwhile.
      current = transfer('approved', ['receive']);
      return jsonResponse(409, { error: { code: 'invalid_state', message: 'The transfer is approved' } });
    };
    await render();
    await click(document.querySelector('[data-testid=transfer-approve]'));
    await settle(30);
    expect(calls.filter((c) => c === `GET /api/transfers/${ID}`).length).toBeGreaterThanOrEqual(2);
    expect(document.querySelector('[data-testid=transfer-action-error]')?.textContent).toContain('the transfer is now “In transit”');
    expect(buttons()).toEqual(['transfer-receive']);
  });

  it('names the short item on 409 insufficient_stock', async () => {
    current = transfer('pending', ['approve']);
    const itemId = current.lines[0]!.item_id;
    approveReply = () =>
      jsonResponse(409, { error: { code: 'insufficient_stock', message: 'short', details: { item_id: itemId, available: '1.000', requested: '3.000' } } });
    await render();
    await click(document.querySelector('[data-testid=transfer-approve]'));
    await settle(30);
    expect(document.querySelector('[data-testid=transfer-action-error]')?.textContent).toContain(
      'Not enough stock of PMP-01 · مضخة مياه: 1 available, 3 requested.',
    );
  });
});
