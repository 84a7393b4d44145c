import { z } from 'zod';
import { ZDay, ZDayOrInstant } from './dates.js';
import { missingOrInvalid, optionalText, requiredText, ZId } from './text-input.js';
import { zFieldWorkFields, ZQualityCheck, ZWorkActions } from './field-work.js';
import { ZEmail, ZMobile, ZName } from './auth.js';
import { can } from './capabilities.js';
import { pageQueryFields, ZSortOrder } from './paging.js';
import type { Role } from './roles.js';
import { type ServiceRequestActor, type ServiceRequestStatus, ZServiceRequestStatus } from './service-request-status.js';

/**
 * Service requests (PRODUCT.md §3, §4). The state machine lives here, once: the server checks
 * every change with `requestRefusal`, every read carries `requestActions` as
 * `allowed_actions`, and the web app shows exactly those buttons.
 */

/** PRODUCT.md §5: the customer dashboard's "active". */
export const ACTIVE_REQUEST_STATUSES: readonly ServiceRequestStatus[] = ['assigned', 'in_progress', 'pending_parts'];
/** Not finished: neither completed nor cancelled. */
export const OPEN_REQUEST_STATUSES: readonly ServiceRequestStatus[] = ['pending', 'assigned', 'in_progress', 'pending_parts'];

export const PRIORITIES = ['low', 'medium', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const SERVICE_LOCATIONS = ['home', 'remote', 'office'] as const;
export type ServiceLocation = (typeof SERVICE_LOCATIONS)[number];
export const WARRANTY_STATUSES = ['in_warranty', 'out_of_warranty', 'unknown'] as const;
export type WarrantyStatus = (typeof WARRANTY_STATUSES)[number];

/** The names of `POST /api/service-requests/:id/<action>` and of `allowed_actions`, in button order. */
export const SERVICE_REQUEST_ACTIONS = ['assign', 'unassign', 'start', 'await-parts', 'resume', 'complete', 'reopen', 'cancel'] as const;
export type ServiceRequestAction = (typeof SERVICE_REQUEST_ACTIONS)[number];

interface Rule {
  /** The statuses the action starts from, per role that may take it (a role not listed never may). */
  from: Partial<Record<Role, readonly ServiceRequestStatus[]>>;
  /** The status afterwards; `assign` on an assigned request is a reassignment and stays `assigned`. */
  to: ServiceRequestStatus;
}

/**
 * PRODUCT.md §4's table. Row rules (a customer's own request, a technician's assigned one) are
 * the visibility rules of reads: a request the caller may not see is a 404 before this table
 * is consulted, so here a role either may act on the requests it sees, or may not at all.
 */
export const SERVICE_REQUEST_RULES: Record<ServiceRequestAction, Rule> = {
  assign: { from: { admin: ['pending', 'assigned'] }, to: 'assigned' },
  unassign: { from: { admin: ['assigned'] }, to: 'pending' },
  start: { from: { technician: ['assigned'], admin: ['assigned'] }, to: 'in_progress' },
  'await-parts': { from: { technician: ['in_progress'], admin: ['in_progress'] }, to: 'pending_parts' },
  resume: { from: { technician: ['pending_parts'], admin: ['pending_parts'] }, to: 'in_progress' },
  complete: { from: { technician: ['in_progress'], admin: ['in_progress'] }, to: 'completed' },
  // Quality check failed: back to work.
  reopen: { from: { admin: ['completed'] }, to: 'in_progress' },
  cancel: {
    from: { customer: ['pending', 'assigned'], admin: ['pending', 'assigned', 'in_progress', 'pending_parts'] },
    to: 'cancelled',
  },
};

/** The capability each action needs (the route's access and the role part of the rules agree). */
export const SERVICE_REQUEST_ACTION_ACCESS = {
  assign: 'assign:service_request:any',
  unassign: 'assign:service_request:any',
  start: 'work:service_request',
  'await-parts': 'work:service_request',
  resume: 'work:service_request',
  complete: 'work:service_request',
  reopen: 'check:service_request:any',
  cancel: 'cancel:service_request',
} as const;

/** What the state machine needs to know about a request. */
export interface ServiceRequestFacts {
  status: ServiceRequestStatus;
  customer_id: string;
  technician_id: string | null;
}

/**
 * Why `actor` may not take `action` on `request` now, or null when they may:
 *  - `forbidden`      the role may never take it on this request (403)
 *  - `invalid_state`  the request's status does not allow it (409, naming the status)
 * The role check comes first, so a customer starting work is told "not allowed", not "wrong state".
 */
export function requestRefusal(
  request: ServiceRequestFacts,
  actor: ServiceRequestActor,
  action: ServiceRequestAction,
): 'forbidden' | 'invalid_state' | null {
  const from = SERVICE_REQUEST_RULES[action].from[actor.role];
  if (!from || !can(actor.role, SERVICE_REQUEST_ACTION_ACCESS[action])) return 'forbidden';
  // Own and assigned rows: also enforced by visibility, repeated so the table stands alone.
  if (actor.role === 'customer' && request.customer_id !== actor.userId) return 'forbidden';
  if (actor.role === 'technician' && request.technician_id !== actor.userId) return 'forbidden';
  if (!from.includes(request.status)) return 'invalid_state';
  return null;
}

/** The actions `actor` may take on `request` now, in button order. */
export function requestActions(request: ServiceRequestFacts, actor: ServiceRequestActor): ServiceRequestAction[] {
  return SERVICE_REQUEST_ACTIONS.filter((action) => requestRefusal(request, actor, action) === null);
}

/** Feedback: the customer, on their own completed request, once. */
export function feedbackAllowed(request: ServiceRequestFacts & { has_feedback: boolean }, actor: ServiceRequestActor): boolean {
  return (
    can(actor.role, 'feedback:service_request:own') &&
    request.customer_id === actor.userId &&
    request.status === 'completed' &&
    !request.has_feedback
  );
}

// ---------------------------------------------------------------------------------------
// Input




/** A code from the service-type or fault-type list kept in settings (checked by the server). */
const ZCatalogCode = z
  .string({ error: 'required' })
  .trim()
  .min(1, { message: 'required' })
  .max(50, { message: 'too_long' });

export const ZDeviceInput = z.object({
  brand: requiredText(100),
  model: requiredText(100),
  serial_number: optionalText(100),
  warranty_status: z.enum(WARRANTY_STATUSES, { error: missingOrInvalid }),
  warranty_number: optionalText(100),
  warranty_expiry: ZDay.nullish().transform((v) => v ?? null),
});
export type TDeviceInput = z.infer<typeof ZDeviceInput>;

/** An admin raising a request for somebody who has no account yet creates the customer on the spot. */
export const ZNewCustomerInput = z.object({
  name: ZName,
  email: ZEmail,
  mobile_number: ZMobile.nullish().transform((v) => v ?? null),
  default_address: optionalText(500),
});
export type TNewCustomerInput = z.infer<typeof ZNewCustomerInput>;

/** The longest free-text note on a request (its additional notes, the accessories left with the device). */
export const REQUEST_NOTES_MAX = 2000;

export const ZCreateServiceRequest = z
  .object({
    /** Admins: the customer (or `new_customer`). Customers: absent or their own id. */
    customer_id: ZId.optional(),
    new_customer: ZNewCustomerInput.optional(),
    priority: z.enum(PRIORITIES, { error: missingOrInvalid }),
    location: z.enum(SERVICE_LOCATIONS, { error: missingOrInvalid }),
    /** Required for a home visit. */
    address: optionalText(500),
    service_type: ZCatalogCode,
    fault_type: ZCatalogCode,
    problem_description: requiredText(4000),
    additional_notes: optionalText(REQUEST_NOTES_MAX),
    /** What the customer left with the device (charger, bag, SIM…); optional, so older callers need not send it. */
    accessories: optionalText(REQUEST_NOTES_MAX).optional(),
    device: ZDeviceInput,
  })
  .superRefine((body, ctx) => {
    if (body.location === 'home' && !body.address) ctx.addIssue({ code: 'custom', path: ['address'], message: 'required' });
    if (body.customer_id && body.new_customer) ctx.addIssue({ code: 'custom', path: ['new_customer'], message: 'invalid' });
  });
export type TCreateServiceRequest = z.infer<typeof ZCreateServiceRequest>;

export const ZAssignRequest = z.object({ technician_id: ZId });
export const ZNoteRequest = z.object({ note: requiredText(2000) });
export const ZOptionalNoteRequest = z.object({ note: optionalText(2000) }).default({ note: null });
export const ZCancelRequest = z.object({ reason: requiredText(1000) });
/**
 * Completing: diagnosis and resolution, and the signatures captured on the technician's device
 * (PNG data URLs). The server requires the technician's when a technician completes, and the
 * customer's too unless the service was remote.
 */
export const ZCompleteRequest = z.object({
  diagnosis: requiredText(4000),
  resolution: requiredText(4000),
  technician_signature: z.lazy(() => ZSignatureDataUrl).nullish(),
  customer_signature: z.lazy(() => ZSignatureDataUrl).nullish(),
});
export type TAssignRequest = z.infer<typeof ZAssignRequest>;
export type TCancelRequest = z.infer<typeof ZCancelRequest>;
export type TCompleteRequest = z.infer<typeof ZCompleteRequest>;

/** The body each action takes (`unassign`, `start`, `resume` take an optional note). */
export const SERVICE_REQUEST_ACTION_BODIES = {
  assign: ZAssignRequest,
  unassign: ZOptionalNoteRequest,
  start: ZOptionalNoteRequest,
  'await-parts': ZNoteRequest,
  resume: ZOptionalNoteRequest,
  complete: ZCompleteRequest,
  reopen: ZNoteRequest,
  cancel: ZCancelRequest,
} as const satisfies Record<ServiceRequestAction, z.ZodType>;
export type ServiceRequestActionBody<A extends ServiceRequestAction> = z.infer<(typeof SERVICE_REQUEST_ACTION_BODIES)[A]>;

/** A PNG image as a data URL, at most 200 KB decoded. */
export const MAX_SIGNATURE_BYTES = 200 * 1024;
export const ZSignatureDataUrl = z
  .string({ error: 'required' })
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { message: 'invalid' })
  .refine((v) => Math.floor(((v.length - 'data:image/png;base64,'.length) * 3) / 4) <= MAX_SIGNATURE_BYTES, { message: 'too_long' });

export const ZFeedbackRequest = z.object({
  rating: z.number({ error: missingOrInvalid }).int({ message: 'invalid' }).min(1, { message: 'invalid' }).max(5, { message: 'invalid' }),
  feedback: optionalText(2000),
  /** Required unless the customer already signed on the technician's device at completion; given, it replaces that one. */
  signature: ZSignatureDataUrl.nullish(),
});
export type TFeedbackRequest = z.infer<typeof ZFeedbackRequest>;

/** Admin: one action over many requests, each through the same rules as alone. */
export const BULK_ACTIONS = ['assign', 'unassign', 'cancel'] as const;
export const ZBulkRequest = z
  .object({
    ids: z.array(z.uuid({ message: 'invalid' }), { error: 'required' }).min(1, { message: 'required' }).max(100, { message: 'too_long' }),
    action: z.enum(BULK_ACTIONS, { error: missingOrInvalid }),
    technician_id: ZId.optional(),
    reason: optionalText(1000),
    note: optionalText(2000),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'assign' && !body.technician_id) ctx.addIssue({ code: 'custom', path: ['technician_id'], message: 'required' });
    if (body.action === 'cancel' && !body.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
  });
export type TBulkRequest = z.infer<typeof ZBulkRequest>;

// ---------------------------------------------------------------------------------------
// Output

/** A service type or fault type: a stable code and its name in both languages (settings). */
export const ZCatalogEntry = z.object({ code: z.string(), name_ar: z.string(), name_en: z.string() });
export type TCatalogEntry = z.infer<typeof ZCatalogEntry>;
export const ZServiceRequestOptions = z.object({
  service_types: z.array(ZCatalogEntry),
  fault_types: z.array(ZCatalogEntry),
  /** The caller's own default address (customers), to prefill a home visit; null for staff. */
  default_address: z.string().nullable(),
});
export type TServiceRequestOptions = z.infer<typeof ZServiceRequestOptions>;

const ZPerson = z.object({ id: z.uuid(), name: z.string() });

export const ZDevice = z.object({
  brand: z.string(),
  model: z.string(),
  serial_number: z.string().nullable(),
  warranty_status: z.enum(WARRANTY_STATUSES),
  warranty_number: z.string().nullable(),
  /** YYYY-MM-DD */
  warranty_expiry: z.string().nullable(),
});
export type TDevice = z.infer<typeof ZDevice>;

const summaryFields = {
  id: z.uuid(),
  number: z.string(),
  status: ZServiceRequestStatus,
  priority: z.enum(PRIORITIES),
  location: z.enum(SERVICE_LOCATIONS),
  service_type: z.string(),
  fault_type: z.string(),
  problem_description: z.string(),
  /** The request date (ISO 8601, UTC). */
  request_date: z.string(),
  updated_at: z.string(),
  customer: ZPerson,
  technician: ZPerson.nullable(),
  device: ZDevice.pick({ brand: true, model: true, serial_number: true }),
  assigned_at: z.string().nullable(),
  first_response_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  rating: z.number().int().nullable(),
  allowed_actions: z.array(z.enum(SERVICE_REQUEST_ACTIONS)),
};
export const ZServiceRequestSummary = z.object(summaryFields);
export type TServiceRequestSummary = z.infer<typeof ZServiceRequestSummary>;

export const ZServiceRequestHistoryEntry = z.object({
  /** null for the request's creation. */
  from_status: ZServiceRequestStatus.nullable(),
  to_status: ZServiceRequestStatus,
  actor: ZPerson.extend({ role: z.string() }).nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type TServiceRequestHistoryEntry = z.infer<typeof ZServiceRequestHistoryEntry>;

/** An earlier request for the same serial number, as far as the caller may see it. */
export const ZDeviceHistoryEntry = z.object({
  id: z.uuid(),
  number: z.string(),
  status: ZServiceRequestStatus,
  request_date: z.string(),
  service_type: z.string(),
  fault_type: z.string(),
  problem_description: z.string(),
  completed_at: z.string().nullable(),
});
export type TDeviceHistoryEntry = z.infer<typeof ZDeviceHistoryEntry>;

export const ZServiceRequest = z.object({
  ...summaryFields,
  address: z.string().nullable(),
  additional_notes: z.string().nullable(),
  accessories: z.string().nullable(),
  device: ZDevice,
  customer: ZPerson.extend({ email: z.string(), mobile_number: z.string().nullable() }),
  technician: ZPerson.extend({ mobile: z.string().nullable() }).nullable(),
  work: z.object({
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    diagnosis: z.string().nullable(),
    resolution: z.string().nullable(),
    /** The parts named when the request went to `pending_parts`. */
    awaiting_parts_note: z.string().nullable(),
    ...zFieldWorkFields,
  }),
  /** The latest quality check (admin), null until one is made. */
  quality_check: ZQualityCheck.nullable(),
  /** The field-work actions the caller may take now (packages/shared/src/field-work.ts). */
  work_actions: ZWorkActions,
  cancellation: z.object({ reason: z.string(), at: z.string(), by: ZPerson.nullable() }).nullable(),
  feedback: z
    .object({
      rating: z.number().int(),
      feedback: z.string().nullable(),
      given_at: z.string(),
      /** `GET` it with the caller's token: the signature image (PNG). */
      signature_url: z.string().nullable(),
    })
    .nullable(),
  feedback_allowed: z.boolean(),
  history: z.array(ZServiceRequestHistoryEntry),
  device_history: z.array(ZDeviceHistoryEntry),
});
export type TServiceRequest = z.infer<typeof ZServiceRequest>;

export const SERVICE_REQUEST_SORTS = ['request_date', 'number', 'priority', 'status', 'updated_at'] as const;
export type ServiceRequestSort = (typeof SERVICE_REQUEST_SORTS)[number];

/** One status, or several separated by commas (`assigned,in_progress,pending_parts`). */
const ZStatusFilter = z
  .string()
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(ZServiceRequestStatus, { message: 'invalid' }).min(1, { message: 'invalid' }));

/** The list's quality-check filter (`quality=`). */
export const QUALITY_FILTERS = ['pending', 'passed', 'failed'] as const;
export type QualityFilter = (typeof QUALITY_FILTERS)[number];

export const ZServiceRequestListQuery = z.object({
  /** Searches the number, serial number, device, customer name and problem (trigram). */
  q: z.string().trim().max(100, { message: 'too_long' }).optional(),
  status: ZStatusFilter.optional(),
  priority: z.enum(PRIORITIES, { message: 'invalid' }).optional(),
  service_type: z.string().trim().max(50).optional(),
  /** A technician's id, or `none` for unassigned requests. */
  technician_id: z.union([z.uuid(), z.literal('none')], { message: 'invalid' }).optional(),
  customer_id: z.uuid({ message: 'invalid' }).optional(),
  /**
   * The quality check (admin): `pending` — completed and not checked since (the admin dashboard's
   * "awaiting quality check"); `passed` — the latest check passed; `failed` — the latest check failed
   * and the work was not completed again since (reopened).
   */
  quality: z.enum(QUALITY_FILTERS, { message: 'invalid' }).optional(),
  /** request_date ≥ from; a date alone means its start (in the company's time zone). */
  from: ZDayOrInstant.optional(),
  /** request_date ≤ to; a date alone means the whole day (in the company's time zone). */
  to: ZDayOrInstant.optional(),
  sort: z.enum(SERVICE_REQUEST_SORTS).default('request_date'),
  order: ZSortOrder.default('desc'),
  ...pageQueryFields,
});
export type TServiceRequestListQuery = z.infer<typeof ZServiceRequestListQuery>;

/**
 * Counting every match of a broad filter over a million rows costs more than the page itself,
 * so `total` is exact up to this many and `total_capped` says "at least" beyond it.
 */
export const REQUEST_COUNT_CAP = 1_000;

export const ZServiceRequestList = z.object({
  items: z.array(ZServiceRequestSummary),
  next_cursor: z.string().nullable(),
  total: z.number().int(),
  total_capped: z.boolean(),
});
export type TServiceRequestList = z.infer<typeof ZServiceRequestList>;

export const ZBulkResult = z.object({
  results: z.array(
    z.union([
      z.object({ id: z.uuid(), ok: z.literal(true), status: ZServiceRequestStatus }),
      z.object({ id: z.uuid(), ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }) }),
    ]),
  ),
});
export type TBulkResult = z.infer<typeof ZBulkResult>;

/** PRODUCT.md §5, the customer dashboard. */
export const ZCustomerDashboard = z.object({
  total: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  pending: z.number().int(),
  cancelled: z.number().int(),
  /** completed ÷ (total − cancelled), 0–1; null when nothing counts. */
  completion_rate: z.number().nullable(),
  /** Mean of (first response − request date), in minutes; null before any response. */
  average_response_minutes: z.number().nullable(),
  /** Mean rating, 1–5; null before any rating. */
  satisfaction: z.number().nullable(),
  rating_count: z.number().int(),
  /** Completed requests still awaiting the customer's feedback and signature. */
  pending_tasks: z.array(z.object({ id: z.uuid(), number: z.string(), completed_at: z.string().nullable() })),
  recent_requests: z.array(ZServiceRequestSummary),
  /** Empty until appointments exist (#9). */
  upcoming_appointments: z.array(
    z.object({ id: z.uuid(), number: z.string(), starts_at: z.string(), ends_at: z.string(), status: z.string(), service_request_id: z.uuid().nullable() }),
  ),
});
export type TCustomerDashboard = z.infer<typeof ZCustomerDashboard>;
