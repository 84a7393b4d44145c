import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './roles.js';
import {
  feedbackAllowed,
  requestActions,
  requestRefusal,
  SERVICE_REQUEST_ACTIONS,
  ZBulkRequest,
  ZCreateServiceRequest,
  ZFeedbackRequest,
  ZServiceRequestListQuery,
  type ServiceRequestAction,
} from './service-requests.js';
import { SERVICE_REQUEST_STATUSES, type ServiceRequestStatus } from './service-request-status.js';

const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

/**
 * PRODUCT.md §4 (and §1's roles), written out by hand: what each role may do to a request it
 * is concerned with (a customer's own, a technician's assigned), per status.
 */
const EXPECTED: Record<'customer' | 'technician' | 'admin', Record<ServiceRequestStatus, ServiceRequestAction[]>> = {
  customer: {
    pending: ['cancel'],
    assigned: ['cancel'],
    in_progress: [],
    pending_parts: [],
    completed: [],
    cancelled: [],
  },
  technician: {
    pending: [],
    assigned: ['start'],
    in_progress: ['await-parts', 'complete'],
    pending_parts: ['resume'],
    completed: [],
    cancelled: [],
  },
  admin: {
    pending: ['assign', 'cancel'],
    assigned: ['assign', 'unassign', 'start', 'cancel'],
    in_progress: ['await-parts', 'complete', 'cancel'],
    pending_parts: ['resume', 'cancel'],
    completed: ['reopen'],
    cancelled: [],
  },
};

describe('the service-request state machine (PRODUCT.md §4)', () => {
  const cases = (['customer', 'technician', 'admin'] as const).flatMap((role) => SERVICE_REQUEST_STATUSES.map((status) => ({ role, status })));

  it.each(cases)('$role on a $status request it is concerned with', ({ role, status }) => {
    const request = { status, customer_id: role === 'customer' ? ME : OTHER, technician_id: role === 'technician' ? ME : OTHER };
    const actor = { userId: ME, role };
    expect(requestActions(request, actor)).toEqual(EXPECTED[role][status]);
    for (const action of SERVICE_REQUEST_ACTIONS) {
      const refusal = requestRefusal(request, actor, action);
      if (EXPECTED[role][status].includes(action)) expect(refusal).toBeNull();
      else {
        // A role that may take the action from some status is told "wrong state"; one that never may, "not allowed".
        const sometimes = SERVICE_REQUEST_STATUSES.some((s) => EXPECTED[role][s].includes(action));
        expect(refusal, action).toBe(sometimes ? 'invalid_state' : 'forbidden');
      }
    }
  });

  it.each(SERVICE_REQUEST_STATUSES)('nobody acts on a %s request they are not concerned with, except admins', (status) => {
    const theirs = { status, customer_id: OTHER, technician_id: OTHER };
    for (const role of ['customer', 'technician'] as const) {
      expect(requestActions(theirs, { userId: ME, role })).toEqual([]);
      for (const action of SERVICE_REQUEST_ACTIONS) expect(requestRefusal(theirs, { userId: ME, role }, action)).toBe('forbidden');
    }
    expect(requestActions(theirs, { userId: ME, role: 'whs_supervisor' })).toEqual([]);
    expect(requestActions(theirs, { userId: ME, role: 'admin' })).toEqual(EXPECTED.admin[status]);
  });

  it('an unassigned request offers a technician nothing', () => {
    expect(requestActions({ status: 'assigned', customer_id: OTHER, technician_id: null }, { userId: ME, role: 'technician' })).toEqual([]);
  });

  it('feedback: only the customer, on their own completed request, once', () => {
    const done = { status: 'completed' as const, customer_id: ME, technician_id: OTHER, has_feedback: false };
    expect(feedbackAllowed(done, { userId: ME, role: 'customer' })).toBe(true);
    expect(feedbackAllowed({ ...done, has_feedback: true }, { userId: ME, role: 'customer' })).toBe(false);
    expect(feedbackAllowed({ ...done, customer_id: OTHER }, { userId: ME, role: 'customer' })).toBe(false);
    for (const status of SERVICE_REQUEST_STATUSES.filter((s) => s !== 'completed')) {
      expect(feedbackAllowed({ ...done, status }, { userId: ME, role: 'customer' })).toBe(false);
    }
    for (const role of ROLES.filter((r): r is Exclude<Role, 'customer'> => r !== 'customer')) {
      expect(feedbackAllowed(done, { userId: ME, role })).toBe(false);
    }
  });
});

describe('service-request input', () => {
  const base = {
    priority: 'high',
    location: 'office',
    service_type: 'laptop',
    fault_type: 'screen',
    problem_description: ' It flickers ',
    device: { brand: 'Dell', model: 'XPS', warranty_status: 'unknown' },
  };
  const fields = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it('normalises text and fills absent optionals with null', () => {
    const r = ZCreateServiceRequest.parse({ ...base, additional_notes: '  ', device: { ...base.device, serial_number: ' SN1 ' } });
    expect(r).toMatchObject({ problem_description: 'It flickers', additional_notes: null, address: null, device: { serial_number: 'SN1', warranty_expiry: null } });
  });

  it('a home visit needs an address; customer_id and new_customer exclude each other', () => {
    expect(fields(ZCreateServiceRequest.safeParse({ ...base, location: 'home' }))).toEqual({ address: 'required' });
    expect(ZCreateServiceRequest.safeParse({ ...base, location: 'home', address: 'Riyadh' }).success).toBe(true);
    expect(fields(ZCreateServiceRequest.safeParse({ ...base, customer_id: ME, new_customer: { name: 'A', email: 'a@example.com' } }))).toEqual({ new_customer: 'invalid' });
    expect(fields(ZCreateServiceRequest.safeParse({ ...base, customer_id: 'nope' }))).toEqual({ customer_id: 'invalid' });
  });

  it('a missing choice is required, an unknown one invalid', () => {
    const { priority: _p, ...noPriority } = base;
    expect(fields(ZCreateServiceRequest.safeParse(noPriority))).toEqual({ priority: 'required' });
    expect(fields(ZCreateServiceRequest.safeParse({ ...base, priority: 'urgent', location: 'moon' }))).toEqual({ priority: 'invalid', location: 'invalid' });
    expect(fields(ZCreateServiceRequest.safeParse({ ...base, device: { ...base.device, warranty_status: 'maybe' } }))).toEqual({ 'device.warranty_status': 'invalid' });
  });

  it('feedback: rating 1–5 and a PNG data URL of at most 200 KB', () => {
    const png = `data:image/png;base64,${Buffer.from('\x89PNG\r\n\x1a\nxxxx').toString('base64')}`;
    expect(ZFeedbackRequest.safeParse({ rating: 5, signature: png }).success).toBe(true);
    expect(fields(ZFeedbackRequest.safeParse({ rating: 0, signature: png }))).toEqual({ rating: 'invalid' });
    expect(fields(ZFeedbackRequest.safeParse({ rating: 2.5, signature: png }))).toEqual({ rating: 'invalid' });
    expect(fields(ZFeedbackRequest.safeParse({ rating: 3, signature: 'data:image/svg+xml;base64,AAAA' }))).toEqual({ signature: 'invalid' });
    const big = `data:image/png;base64,${Buffer.alloc(200 * 1024 + 3).toString('base64')}`;
    expect(fields(ZFeedbackRequest.safeParse({ rating: 3, signature: big }))).toEqual({ signature: 'too_long' });
  });

  it('bulk: assign needs a technician, cancel a reason; at most 100 ids', () => {
    expect(fields(ZBulkRequest.safeParse({ ids: [ME], action: 'assign' }))).toEqual({ technician_id: 'required' });
    expect(fields(ZBulkRequest.safeParse({ ids: [ME], action: 'cancel', reason: ' ' }))).toEqual({ reason: 'required' });
    expect(ZBulkRequest.safeParse({ ids: [ME, OTHER], action: 'unassign' }).success).toBe(true);
    expect(ZBulkRequest.safeParse({ ids: Array.from({ length: 101 }, () => ME), action: 'unassign' }).success).toBe(false);
  });

  it('list query: several statuses separated by commas; an unknown one is invalid', () => {
    expect(ZServiceRequestListQuery.parse({ status: 'assigned, in_progress' })).toMatchObject({ status: ['assigned', 'in_progress'], sort: 'request_date', order: 'desc', limit: 25 });
    expect(ZServiceRequestListQuery.safeParse({ status: 'assigned,done' }).success).toBe(false);
    expect(ZServiceRequestListQuery.safeParse({ technician_id: 'none' }).success).toBe(true);
  });
});
