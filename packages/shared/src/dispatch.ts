import { z } from 'zod';
import { pageQueryFields, zPage } from './paging.js';
import { PRIORITIES } from './service-requests.js';
import { SERVICE_REQUEST_STATUSES } from './service-request-status.js';

/**
 * Dispatch (issue #9, admin): the open requests with their SLA state, and the technicians who
 * could take one. SLA targets per priority come from settings, counted in the company's
 * working hours and paused while a request is `pending_parts` (PRODUCT.md §5).
 */
export const SLA_STATES = ['on_track', 'at_risk', 'breached', 'met'] as const;
export type SlaState = (typeof SLA_STATES)[number];
/** at_risk from this share of the target used. */
export const SLA_AT_RISK_SHARE = 0.75;

export const ZSlaTarget = z.object({
  state: z.enum(SLA_STATES),
  /** When the target is (or was) reached, ISO 8601; null while the clock is paused (pending_parts) and the target not yet reached. */
  due_at: z.string().nullable(),
  /** The clock is stopped now (pending_parts). */
  paused: z.boolean(),
  target_hours: z.number(),
});
export type TSlaTarget = z.infer<typeof ZSlaTarget>;

export const DISPATCH_VIEWS = ['unassigned', 'assigned', 'all'] as const;
export type DispatchView = (typeof DISPATCH_VIEWS)[number];
export const DISPATCH_SORTS = ['age', 'priority', 'sla_due'] as const;
export type DispatchSort = (typeof DISPATCH_SORTS)[number];

export const ZDispatchQuery = z.object({
  status: z.enum(DISPATCH_VIEWS, { message: 'invalid' }).default('unassigned'),
  priority: z.enum(PRIORITIES, { message: 'invalid' }).optional(),
  q: z.string().trim().max(100, { message: 'too_long' }).optional(),
  /** age: oldest first; priority: high first, then oldest; sla_due: the response (or, once responded, resolution) due time, soonest first. */
  sort: z.enum(DISPATCH_SORTS, { message: 'invalid' }).default('age'),
  ...pageQueryFields,
});
export type TDispatchQuery = z.infer<typeof ZDispatchQuery>;

export const ZDispatchItem = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  priority: z.enum(PRIORITIES),
  service_type: z.string(),
  fault_type: z.string(),
  location: z.string(),
  request_date: z.string(),
  /** Hours since the request was raised (wall-clock). */
  age_hours: z.number(),
  customer: z.object({ id: z.uuid(), name: z.string() }),
  technician: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  device: z.object({ brand: z.string(), model: z.string() }),
  /** The live appointment, when there is one. */
  appointment: z.object({ id: z.uuid(), starts_at: z.string(), ends_at: z.string() }).nullable(),
  sla: z.object({ response: ZSlaTarget, resolution: ZSlaTarget }),
});
export type TDispatchItem = z.infer<typeof ZDispatchItem>;
export const ZDispatchList = zPage(ZDispatchItem).extend({ time_zone: z.string() });
export type TDispatchList = z.infer<typeof ZDispatchList>;

export const ZDispatchCandidate = z.object({
  id: z.uuid(),
  name: z.string(),
  skills: z.array(z.string()),
  has_skill: z.boolean(),
  /** Live appointments today (company zone). */
  appointments_today: z.number().int(),
  /** Open requests assigned (assigned, in_progress, pending_parts). */
  open_requests: z.number().int(),
  /** The first free slot within 7 days, or null. */
  next_free: z.object({ starts_at: z.string(), ends_at: z.string() }).nullable(),
  current: z.boolean(),
  /** Whether they are free for the request's live appointment (its time moves with the request); null when it has none. */
  free_for_appointment: z.boolean().nullable(),
});
export type TDispatchCandidate = z.infer<typeof ZDispatchCandidate>;
export const ZDispatchCandidates = z.object({
  time_zone: z.string(),
  service_type: z.string(),
  items: z.array(ZDispatchCandidate),
});
export type TDispatchCandidates = z.infer<typeof ZDispatchCandidates>;
