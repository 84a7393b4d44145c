import { describe, expect, it } from 'vitest';
import type { TServiceRequest } from '@portal/shared';
import type { OutboxItem } from './outbox';
import { applyOutbox, isQueuedId, queuedPartUse } from './overlay';

const TECH = { userId: '00000000-0000-4000-8000-000000000301', role: 'technician' as const, name: 'Fahd Technician' };
const ID = '33333333-3333-4333-8333-333333333333';
const VAN = '44444444-4444-4444-8444-444444444444';
const ITEM = '55555555-5555-4555-8555-555555555555';
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

/** An assigned request as its technician reads it. */
function assigned(): TServiceRequest {
  return {
    id: ID,
    number: 'SR-000042',
    status: 'assigned',
    priority: 'medium',
    location: 'home',
    service_type: 'laptop',
    fault_type: 'battery',
    problem_description: 'Drains fast',
    request_date: '2025-01-01T08:00:00.000Z',
    updated_at: '2025-01-01T08:00:00.000Z',
    customer: { id: '66666666-6666-4666-8666-666666666666', name: 'Reem', email: 'reem@example.test', mobile_number: null },
    technician: { id: TECH.userId, name: TECH.name, mobile: null },
    device: { brand: 'Dell', model: 'Latitude', serial_number: null, warranty_status: 'unknown', warranty_number: null, warranty_expiry: null },
    assigned_at: '2025-01-01T08:30:00.000Z',
    first_response_at: null,
    completed_at: null,
    rating: null,
    allowed_actions: ['start'],
    address: null,
    additional_notes: null,
    accessories: null,
    work: {
      started_at: null,
      completed_at: null,
      diagnosis: null,
      resolution: null,
      awaiting_parts_note: null,
      symptoms: null,
      diagnostic_notes: null,
      labor_hours: null,
      work_log: [],
      open_entry_id: null,
      duration_seconds: 0,
      parts: [],
      parts_totals: { subtotal: '0.00', tax: '0.00', total: '0.00' },
      awaiting_transfer: null,
      attachments: [],
      van_id: VAN,
    },
    quality_check: null,
    work_actions: { log_work: true, edit_diagnostic: true, use_parts: false, request_parts: false, quality_check: false, add_photos: true },
    cancellation: null,
    feedback: null,
    feedback_allowed: false,
    history: [],
    device_history: [],
  };
}

let n = 0;
const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 10, minute)).toISOString();
function queued(kind: OutboxItem['kind'], minute: number, extra: Partial<OutboxItem> = {}): OutboxItem {
  n += 1;
  return { id: `item-${n}`, userId: TECH.userId, requestId: ID, kind, method: 'POST', path: `/api/service-requests/${ID}/x`, at: at(minute), state: 'pending', ...extra };
}

describe('applyOutbox', () => {
  it('shows a start queued offline as work in progress, with the buttons the rules then allow', () => {
    const shown = applyOutbox(assigned(), [queued('work-start', 0, { body: { note: 'Checked the charger', at: at(0) } })], TECH, Date.parse(at(5)));
    expect(shown.status).toBe('in_progress');
    expect(shown.work.started_at).toBe(at(0));
    expect(shown.work.work_log).toHaveLength(1);
    expect(shown.work.work_log[0]).toMatchObject({ started_at: at(0), ended_at: null, note: 'Checked the charger', seconds: 300 });
    expect(isQueuedId(shown.work.open_entry_id!)).toBe(true);
    expect(shown.work.duration_seconds).toBe(300);
    expect(shown.allowed_actions).toEqual(['await-parts', 'complete']);
    expect(shown.work_actions).toMatchObject({ log_work: true, use_parts: true, add_photos: true });
  });

  it('shows the whole offline job: part, photo, pause, completion with both signatures', () => {
    const items = [
      queued('work-start', 0, { body: { note: null } }),
      queued('diagnostic', 5, { method: 'PUT', body: { symptoms: 's', diagnosis: 'Bad cell', resolution: 'New battery', notes: null, labor_hours: '1.50' } }),
      queued('part-add', 10, { body: { item_id: ITEM, quantity: '1' }, meta: { part: { item_id: ITEM, item_code: 'BAT-1', item_name: 'Battery', unit: 'piece', quantity: '1' } } }),
      queued('photo', 12, { upload: { fileName: 'p.png', fields: { kind: 'photo' } } }),
      queued('work-stop', 20, { body: { note: 'Done' } }),
      queued('action', 21, { body: { diagnosis: 'Bad cell', resolution: 'New battery', technician_signature: PNG, customer_signature: PNG }, meta: { action: 'complete' } }),
    ];
    const shown = applyOutbox(assigned(), items, TECH);
    expect(shown.status).toBe('completed');
    expect(shown.completed_at).toBe(at(21));
    expect(shown.work.work_log).toEqual([expect.objectContaining({ started_at: at(0), ended_at: at(20), seconds: 1200, note: 'Done' })]);
    expect(shown.work.open_entry_id).toBeNull();
    expect(shown.work.labor_hours).toBe('1.50');
    expect(shown.work.diagnosis).toBe('Bad cell');
    expect(shown.work.parts).toEqual([expect.objectContaining({ item_code: 'BAT-1', quantity: '1', warehouse_id: VAN, total: '' })]);
    expect(shown.work.attachments.map((a) => a.kind)).toEqual(['photo', 'technician_signature', 'customer_signature']);
    expect(shown.work.attachments[1]!.thumb_url).toBe(PNG);
    // Completed: nothing more to do on it.
    expect(shown.allowed_actions).toEqual([]);
    expect(Object.values(shown.work_actions).every((allowed) => !allowed)).toBe(true);
  });

  it('leaves refused actions out, and a part returned offline takes its line away', () => {
    const request = assigned();
    request.status = 'in_progress';
    request.work.parts = [
      { id: '77777777-7777-4777-8777-777777777777', item_id: ITEM, item_code: 'BAT-1', item_name: 'Battery', unit: 'piece', warehouse_id: VAN, quantity: '1', unit_price: '10', tax_rate: '0.15', subtotal: '10.00', tax_amount: '1.50', total: '11.50', created_at: at(0) },
    ];
    const shown = applyOutbox(
      request,
      [
        queued('part-remove', 1, { method: 'DELETE', meta: { lineId: '77777777-7777-4777-8777-777777777777' } }),
        queued('action', 2, { state: 'failed', meta: { action: 'complete' }, error: { status: 404, code: 'not_found', message: 'gone' } }),
      ],
      TECH,
    );
    expect(shown.work.parts).toEqual([]);
    expect(shown.status).toBe('in_progress');
  });

  it('leaves the request untouched when nothing of it waits', () => {
    const request = assigned();
    expect(applyOutbox(request, [{ ...queued('work-start', 0), requestId: 'another' }], TECH)).toBe(request);
  });

  it('counts what queued part uses will take from the van', () => {
    const part = (quantity: string) => ({ item_id: ITEM, item_code: 'BAT-1', item_name: 'Battery', unit: 'piece', quantity });
    const used = queuedPartUse([
      queued('part-add', 0, { meta: { part: part('1') } }),
      queued('part-add', 1, { meta: { part: part('2') }, requestId: 'another' }),
      queued('part-add', 2, { meta: { part: part('5') }, state: 'failed' }),
    ]);
    expect(used.get(ITEM)).toBe(3);
  });
});
