import { z } from 'zod';
import { ZDay, ZDayOrInstant } from './dates.js';
import { missingOrInvalid, optionalText, requiredText, ZId } from './text-input.js';
import { zFieldWorkFields, ZQualityCheck, ZWorkActions } from './field-work.js';
import { ZEmail, ZMobile, ZName } from './auth.js';
import { pageQueryFields, ZSortOrder } from './paging.js';
import { ZServiceRequestStatus } from './service-request-status.js';
import { PRIORITIES, SERVICE_LOCATIONS, SERVICE_REQUEST_ACTIONS, WARRANTY_STATUSES, type ServiceRequestAction } from './service-request-rules.js';

/**
 * Service requests (PRODUCT.md §3, §4): what the API takes and answers. The state machine is in
 * service-request-rules.ts, re-exported here.
 */

export * from './service-request-rules.js';

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
