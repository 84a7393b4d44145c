import { describe, expect, it } from 'vitest';
import type { Role } from './roles.js';
import { ZCreateTransferRequest, ZRejectTransferRequest, ZTransferQuantity } from './transfers.js';
import { TRANSFER_STATUSES, transferActions, transferRefusal, type TransferAction, type TransferStatus } from './transfer-states.js';

const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const MY_VAN = '00000000-0000-4000-8000-0000000000a1';
const OTHER_VAN = '00000000-0000-4000-8000-0000000000a2';
const MAIN = '00000000-0000-4000-8000-0000000000b1';

type Case = { role: Role; requester: 'me' | 'other'; into: 'my_van' | 'other_van' | 'main'; status: TransferStatus; expected: TransferAction[] };

// PRODUCT.md §1 and §4, written out row by row.
const cases: Case[] = [
  // Supervisor: approves/rejects others' pending transfers, cancels only own pending, receives any approved.
  { role: 'whs_supervisor', requester: 'other', into: 'main', status: 'pending', expected: ['approve', 'reject'] },
  { role: 'whs_supervisor', requester: 'me', into: 'main', status: 'pending', expected: ['cancel'] },
  { role: 'whs_supervisor', requester: 'other', into: 'other_van', status: 'approved', expected: ['receive'] },
  { role: 'whs_supervisor', requester: 'me', into: 'main', status: 'approved', expected: ['receive'] },
  // Admin: like the supervisor, and cancels any pending.
  { role: 'admin', requester: 'other', into: 'other_van', status: 'pending', expected: ['approve', 'reject', 'cancel'] },
  { role: 'admin', requester: 'me', into: 'main', status: 'pending', expected: ['cancel'] },
  { role: 'admin', requester: 'other', into: 'main', status: 'approved', expected: ['receive'] },
  // Technician: cancels own pending parts request, receives only into own van, never approves.
  { role: 'technician', requester: 'me', into: 'my_van', status: 'pending', expected: ['cancel'] },
  { role: 'technician', requester: 'other', into: 'my_van', status: 'pending', expected: [] },
  { role: 'technician', requester: 'other', into: 'my_van', status: 'approved', expected: ['receive'] },
  { role: 'technician', requester: 'me', into: 'my_van', status: 'approved', expected: ['receive'] },
  { role: 'technician', requester: 'other', into: 'other_van', status: 'approved', expected: [] },
  { role: 'technician', requester: 'other', into: 'main', status: 'approved', expected: [] },
  // Customers have nothing to do with transfers.
  { role: 'customer', requester: 'other', into: 'main', status: 'pending', expected: [] },
  { role: 'customer', requester: 'me', into: 'main', status: 'approved', expected: [] },
];
// Final states allow nothing to anybody.
for (const status of ['completed', 'rejected', 'cancelled'] as const) {
  for (const role of ['customer', 'technician', 'whs_supervisor', 'admin'] as const) {
    for (const requester of ['me', 'other'] as const) cases.push({ role, requester, into: 'my_van', status, expected: [] });
  }
}

const facts = (c: Case) => ({
  status: c.status,
  requested_by: { id: c.requester === 'me' ? ME : OTHER },
  to_warehouse: { id: c.into === 'my_van' ? MY_VAN : c.into === 'other_van' ? OTHER_VAN : MAIN },
});
const actor = (role: Role) => ({ userId: ME, role, vanWarehouseId: role === 'technician' ? MY_VAN : null });

describe('transfer state machine', () => {
  it.each(cases)('$role, requested by $requester, into $into, $status → $expected', (c) => {
    expect(transferActions(facts(c), actor(c.role))).toEqual(c.expected);
  });

  it('covers every status', () => {
    expect(new Set(cases.map((c) => c.status))).toEqual(new Set(TRANSFER_STATUSES));
  });

  it('says why an action is refused: role first, then state, then own request', () => {
    const pendingMine = facts({ role: 'admin', requester: 'me', into: 'main', status: 'pending', expected: [] });
    expect(transferRefusal(pendingMine, actor('admin'), 'approve')).toBe('own_request');
    expect(transferRefusal(pendingMine, actor('admin'), 'reject')).toBe('own_request');
    expect(transferRefusal(pendingMine, actor('admin'), 'receive')).toBe('invalid_state');
    expect(transferRefusal(pendingMine, actor('technician'), 'approve')).toBe('forbidden');
    const done = { ...pendingMine, status: 'completed' as const };
    expect(transferRefusal(done, actor('admin'), 'approve')).toBe('invalid_state');
    expect(transferRefusal(done, actor('whs_supervisor'), 'cancel')).toBe('invalid_state');
    const othersApproved = facts({ role: 'technician', requester: 'other', into: 'other_van', status: 'approved', expected: [] });
    expect(transferRefusal(othersApproved, actor('technician'), 'receive')).toBe('forbidden');
    // A technician without a van receives nothing.
    expect(transferRefusal({ ...othersApproved, to_warehouse: { id: MY_VAN } }, { userId: ME, role: 'technician' }, 'receive')).toBe('forbidden');
  });
});

describe('transfer input', () => {
  const line = (quantity: unknown, item_id = '00000000-0000-4000-8000-0000000000c1') => ({ item_id, quantity });
  const body = (over: Record<string, unknown> = {}) => ({ from_warehouse_id: MAIN, to_warehouse_id: MY_VAN, lines: [line('2.5')], ...over });
  const fields = (input: unknown) => {
    const r = ZCreateTransferRequest.safeParse(input);
    return r.success ? null : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts decimal strings and numbers, up to 3 places, and normalises them to strings', () => {
    expect(ZTransferQuantity.parse('2.5')).toBe('2.5');
    expect(ZTransferQuantity.parse(3)).toBe('3');
    expect(ZTransferQuantity.parse(0.125)).toBe('0.125');
    expect(ZTransferQuantity.parse(' 10.000 ')).toBe('10.000');
    for (const bad of ['0', '0.000', '-1', '1.2345', 'abc', '', 0, -2, 1e21, '1e3']) {
      expect(ZTransferQuantity.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('refuses from = to, no lines, an item twice, with the fields at fault', () => {
    expect(fields(body())).toBeNull();
    expect(fields(body({ to_warehouse_id: MAIN }))).toEqual({ to_warehouse_id: 'invalid' });
    expect(fields(body({ lines: [] }))).toEqual({ lines: 'required' });
    expect(fields(body({ lines: [line('1'), line('2')] }))).toEqual({ 'lines.1.item_id': 'invalid' });
    expect(fields(body({ lines: [line('0')] }))).toEqual({ 'lines.0.quantity': 'invalid' });
    expect(ZCreateTransferRequest.parse(body({ notes: '   ' })).notes).toBeNull();
  });

  it('needs a non-empty rejection reason', () => {
    expect(ZRejectTransferRequest.safeParse({ reason: '  ' }).success).toBe(false);
    expect(ZRejectTransferRequest.safeParse({}).success).toBe(false);
    expect(ZRejectTransferRequest.parse({ reason: ' no stock ' }).reason).toBe('no stock');
  });
});
