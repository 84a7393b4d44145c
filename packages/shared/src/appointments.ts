import { z } from 'zod';
import { ZDay, ZDayOrInstant, ZInstant } from './dates.js';
import { missingOrInvalid, optionalText, requiredText, ZId } from './text-input.js';
import { can } from './capabilities.js';
import { ZSortOrder } from './paging.js';
import type { Role } from './roles.js';
import { PRIORITIES, SERVICE_LOCATIONS, ZDeviceInput, ZNewCustomerInput, ZServiceRequest } from './service-requests.js';
import { ZServiceRequestStatus } from './service-request-status.js';
import { ZWeeklyHours } from './technicians.js';

/**
 * Booking, appointments and technicians' schedules (PRODUCT.md §3, §4; issue #9). The
 * appointment state machine lives here, once: the server checks every change with
 * `appointmentRefusal`, every read carries `appointmentActions` as `allowed_actions`.
 *
 * Decisions where PRODUCT.md is silent ("appointments: own" for customers and technicians):
 *  - customer (own):   reschedule and cancel, both only up to the booking lead time before the
 *                      start (the same rule PRODUCT.md §4 gives cancelling).
 *  - technician (own): confirm, complete, no-show. Not reschedule or cancel: a technician
 *                      changes their availability through their schedule; moving or dropping a
 *                      customer's visit is the customer's or dispatch's (admin) decision.
 *  - admin: every action, at any time (no lead-time rule).
 *  - `complete` and `no-show` only once the appointment has started (now ≥ starts_at).
 *  - `reschedule` returns a confirmed appointment to `scheduled` (the new time is confirmed again).
 *  - An appointment's changes do not change its service request's status: the request follows
 *    its own machine (a cancelled visit leaves the request for dispatch to re-plan or cancel).
 */

export const APPOINTMENT_STATUSES = ['scheduled', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const ZAppointmentStatus = z.enum(APPOINTMENT_STATUSES);
/** Statuses that hold the technician's time (the exclusion constraint covers exactly these). */
export const LIVE_APPOINTMENT_STATUSES: readonly AppointmentStatus[] = ['scheduled', 'confirmed'];

/** The kind of visit: the same values as a service request's location. */
export const SERVICE_KINDS = SERVICE_LOCATIONS;
export type ServiceKind = (typeof SERVICE_KINDS)[number];
export const ZServiceKind = z.enum(SERVICE_KINDS);

/** The names of `POST /api/appointments/:id/<action>` and of `allowed_actions`, in button order. */
export const APPOINTMENT_ACTIONS = ['confirm', 'reschedule', 'complete', 'no-show', 'cancel'] as const;
export type AppointmentAction = (typeof APPOINTMENT_ACTIONS)[number];

interface AppointmentRule {
  /** The statuses the action starts from, per role that may take it (a role not listed never may). */
  from: Partial<Record<Role, readonly AppointmentStatus[]>>;
  to: AppointmentStatus;
  /** Customers only up to the booking lead time before the start. */
  leadTimeForCustomer?: boolean;
  /** Only once the appointment has started. */
  afterStart?: boolean;
}

const LIVE = LIVE_APPOINTMENT_STATUSES;
export const APPOINTMENT_RULES: Record<AppointmentAction, AppointmentRule> = {
  confirm: { from: { technician: ['scheduled'], admin: ['scheduled'] }, to: 'confirmed' },
  reschedule: { from: { customer: LIVE, admin: LIVE }, to: 'scheduled', leadTimeForCustomer: true },
  complete: { from: { technician: ['confirmed'], admin: ['confirmed'] }, to: 'completed', afterStart: true },
  'no-show': { from: { technician: LIVE, admin: LIVE }, to: 'no_show', afterStart: true },
  cancel: { from: { customer: LIVE, admin: LIVE }, to: 'cancelled', leadTimeForCustomer: true },
};

/** Every action is reached through `read:appointment` (own or any); the table above decides the rest. */
export const APPOINTMENT_ACTION_ACCESS = 'read:appointment' as const;

/** What the state machine needs to know about an appointment. */
export interface AppointmentFacts {
  status: AppointmentStatus;
  customer_id: string;
  technician_id: string;
  /** ISO 8601 */
  starts_at: string;
}
export interface AppointmentActor {
  userId: string;
  role: Role;
}
export interface AppointmentClock {
  /** Milliseconds since the epoch. */
  now: number;
  /** Settings `booking_lead_hours`. */
  lead_hours: number;
}

export type AppointmentRefusal = 'forbidden' | 'invalid_state' | 'lead_time_passed' | 'not_started';

/**
 * Why `actor` may not take `action` on `appointment` now, or null when they may:
 *  - `forbidden`         the role may never take it on this appointment (403)
 *  - `invalid_state`     the status does not allow it (409 `invalid_state`, naming the status)
 *  - `lead_time_passed`  a customer, less than the booking lead time before the start (409)
 *  - `not_started`       complete / no-show before the start (409 `appointment_not_started`)
 */
export function appointmentRefusal(
  appointment: AppointmentFacts,
  actor: AppointmentActor,
  action: AppointmentAction,
  clock: AppointmentClock,
): AppointmentRefusal | null {
  const rule = APPOINTMENT_RULES[action];
  const from = rule.from[actor.role];
  if (!from || !can(actor.role, APPOINTMENT_ACTION_ACCESS)) return 'forbidden';
  // Own rows: also enforced by visibility, repeated so the table stands alone.
  if (actor.role === 'customer' && appointment.customer_id !== actor.userId) return 'forbidden';
  if (actor.role === 'technician' && appointment.technician_id !== actor.userId) return 'forbidden';
  if (!from.includes(appointment.status)) return 'invalid_state';
  const start = Date.parse(appointment.starts_at);
  if (rule.leadTimeForCustomer && actor.role === 'customer' && start - clock.now < clock.lead_hours * 3_600_000) return 'lead_time_passed';
  if (rule.afterStart && clock.now < start) return 'not_started';
  return null;
}

/** The actions `actor` may take on `appointment` now, in button order. */
export function appointmentActions(appointment: AppointmentFacts, actor: AppointmentActor, clock: AppointmentClock): AppointmentAction[] {
  return APPOINTMENT_ACTIONS.filter((action) => appointmentRefusal(appointment, actor, action, clock) === null);
}

// ---------------------------------------------------------------------------------------
// Input

const ZCode = requiredText(50);

/** `GET /api/availability` */
export const ZAvailabilityQuery = z.object({
  service_kind: ZServiceKind,
  service_type: ZCode,
  date: ZDay,
});
export type TAvailabilityQuery = z.infer<typeof ZAvailabilityQuery>;

/** `GET /api/appointments/:id/availability`: where this appointment could move (its own time not counted as taken). */
export const ZRescheduleAvailabilityQuery = z.object({ date: ZDay });

export const ZSlot = z.object({
  /** ISO 8601 with the company zone's offset, e.g. 2025-03-30T09:00:00+02:00. */
  starts_at: z.string(),
  ends_at: z.string(),
});
export type TSlot = z.infer<typeof ZSlot>;

export const ZAvailability = z.object({
  /** The company time zone (settings), in which `date` and the slots are counted. */
  time_zone: z.string(),
  date: z.string(),
  /** Settings `appointment_slot_minutes`. */
  slot_minutes: z.number().int(),
  /** Slots (start order) where at least one technician who fits is free, none within the booking lead time. */
  slots: z.array(ZSlot),
});
export type TAvailability = z.infer<typeof ZAvailability>;

/** `POST /api/bookings`: the service request and its appointment, in one transaction. */
export const ZBookingRequest = z
  .object({
    service_kind: ZServiceKind,
    /** One of the slots `GET /api/availability` offered. */
    starts_at: ZInstant,
    service_type: ZCode,
    fault_type: ZCode,
    device: ZDeviceInput,
    problem_description: requiredText(4000),
    /** Required for a home visit (the form prefills the customer's default address). */
    address: optionalText(500),
    /** Admins: the customer (or `new_customer`). Customers: absent or their own id. */
    customer_id: ZId.optional(),
    new_customer: ZNewCustomerInput.optional(),
    priority: z.enum(PRIORITIES, { error: missingOrInvalid }).default('medium'),
    additional_notes: optionalText(2000),
    /** Notes for the visit itself (the appointment's notes). */
    notes: optionalText(2000),
  })
  .superRefine((body, ctx) => {
    if (body.service_kind === 'home' && !body.address) ctx.addIssue({ code: 'custom', path: ['address'], message: 'required' });
    if (body.customer_id && body.new_customer) ctx.addIssue({ code: 'custom', path: ['new_customer'], message: 'invalid' });
  });
export type TBookingRequest = z.infer<typeof ZBookingRequest>;

export const ZConfirmAppointment = z.object({ note: optionalText(2000) }).default({ note: null });
export const ZRescheduleAppointment = z.object({ starts_at: ZInstant, note: optionalText(2000) });
export const ZCancelAppointment = z.object({ reason: requiredText(1000) });
export const ZCompleteAppointment = z.object({ note: optionalText(2000) }).default({ note: null });
export const ZNoShowAppointment = z.object({ note: optionalText(2000) }).default({ note: null });
export type TRescheduleAppointment = z.infer<typeof ZRescheduleAppointment>;
export type TCancelAppointment = z.infer<typeof ZCancelAppointment>;

/** The body each action takes. */
export const APPOINTMENT_ACTION_BODIES = {
  confirm: ZConfirmAppointment,
  reschedule: ZRescheduleAppointment,
  complete: ZCompleteAppointment,
  'no-show': ZNoShowAppointment,
  cancel: ZCancelAppointment,
} as const satisfies Record<AppointmentAction, z.ZodType>;
export type AppointmentActionBody<A extends AppointmentAction> = z.infer<(typeof APPOINTMENT_ACTION_BODIES)[A]>;

// ---------------------------------------------------------------------------------------
// Output

const ZPerson = z.object({ id: z.uuid(), name: z.string() });

export const ZAppointment = z.object({
  id: z.uuid(),
  /** AP-000077 */
  number: z.string(),
  status: ZAppointmentStatus,
  service_kind: ZServiceKind,
  /** ISO 8601, UTC; show them in the company time zone. */
  starts_at: z.string(),
  ends_at: z.string(),
  /** Home visits only. */
  address: z.string().nullable(),
  notes: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  customer: ZPerson.extend({ mobile_number: z.string().nullable() }),
  technician: ZPerson.extend({ mobile: z.string().nullable() }),
  service_request: z.object({ id: z.uuid(), number: z.string(), status: ZServiceRequestStatus, service_type: z.string(), fault_type: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
  allowed_actions: z.array(z.enum(APPOINTMENT_ACTIONS)),
});
export type TAppointment = z.infer<typeof ZAppointment>;

/** What an appointment history entry records: its booking, an action, or its request moving to another technician. */
export const APPOINTMENT_EVENTS = ['booked', ...APPOINTMENT_ACTIONS, 'reassigned'] as const;
export type AppointmentEvent = (typeof APPOINTMENT_EVENTS)[number];

export const ZAppointmentHistoryEntry = z.object({
  event: z.enum(APPOINTMENT_EVENTS),
  from_status: ZAppointmentStatus.nullable(),
  to_status: ZAppointmentStatus,
  /** The time after the change (ISO 8601, UTC); for a reschedule also the time before. */
  starts_at: z.string(),
  previous_starts_at: z.string().nullable(),
  /** The technician after the change. */
  technician: ZPerson.nullable(),
  actor: ZPerson.nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type TAppointmentHistoryEntry = z.infer<typeof ZAppointmentHistoryEntry>;

/** `GET /api/appointments/:id` and the actions: the appointment with its history, oldest first. */
export const ZAppointmentDetail = ZAppointment.extend({ history: z.array(ZAppointmentHistoryEntry) });
export type TAppointmentDetail = z.infer<typeof ZAppointmentDetail>;

export const ZBookingResponse = z.object({ service_request: ZServiceRequest, appointment: ZAppointment });
export type TBookingResponse = z.infer<typeof ZBookingResponse>;

export const APPOINTMENT_SORTS = ['starts_at', 'number', 'created_at'] as const;
export type AppointmentSort = (typeof APPOINTMENT_SORTS)[number];

/** A calendar month fits in one page. */
export const MAX_APPOINTMENT_PAGE = 500;

const ZAppointmentStatusFilter = z
  .string()
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(ZAppointmentStatus, { message: 'invalid' }).min(1, { message: 'invalid' }));

/**
 * `GET /api/appointments`: customers their own, technicians theirs, admins all.
 * `from`/`to` select appointments overlapping [from, to) — a calendar's visible range; a date
 * alone means that day's start in the company time zone.
 */
export const ZAppointmentListQuery = z.object({
  from: ZDayOrInstant.optional(),
  to: ZDayOrInstant.optional(),
  technician_id: z.uuid({ message: 'invalid' }).optional(),
  customer_id: z.uuid({ message: 'invalid' }).optional(),
  service_request_id: z.uuid({ message: 'invalid' }).optional(),
  /** One status or several, comma separated (`scheduled,confirmed`). */
  status: ZAppointmentStatusFilter.optional(),
  /** The appointment's or its request's number, or the customer's name. */
  q: z.string().trim().max(100, { message: 'too_long' }).optional(),
  sort: z.enum(APPOINTMENT_SORTS).default('starts_at'),
  order: ZSortOrder.default('asc'),
  limit: z.coerce.number().int().min(1).max(MAX_APPOINTMENT_PAGE).default(25),
  cursor: z.string().max(500).optional(),
});
export type TAppointmentListQuery = z.infer<typeof ZAppointmentListQuery>;

export const ZAppointmentList = z.object({ items: z.array(ZAppointment), next_cursor: z.string().nullable(), total: z.number().int() });
export type TAppointmentList = z.infer<typeof ZAppointmentList>;

// ---------------------------------------------------------------------------------------
// Schedules (technician own, admin any: `manage:schedule`)

/** `GET/PUT /api/technicians/:id/schedule` */
export const ZSchedule = z.object({
  technician_id: z.uuid(),
  name: z.string(),
  /** The zone the hours are in (the company's). */
  time_zone: z.string(),
  weekly_hours: ZWeeklyHours,
});
export type TSchedule = z.infer<typeof ZSchedule>;
export const ZPutSchedule = z.object({ weekly_hours: ZWeeklyHours });
export type TPutSchedule = z.infer<typeof ZPutSchedule>;

export const ZTimeOff = z.object({
  id: z.uuid(),
  technician_id: z.uuid(),
  starts_at: z.string(),
  ends_at: z.string(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type TTimeOff = z.infer<typeof ZTimeOff>;

/** `GET /api/technicians/:id/time-off`: periods overlapping [from, to) (default: from now on). */
export const ZTimeOffListQuery = z.object({ from: ZDayOrInstant.optional(), to: ZDayOrInstant.optional() });
export const ZTimeOffList = z.object({ items: z.array(ZTimeOff), next_cursor: z.string().nullable(), total: z.number().int() });
export type TTimeOffList = z.infer<typeof ZTimeOffList>;

export const ZCreateTimeOff = z
  .object({ starts_at: ZInstant, ends_at: ZInstant, reason: optionalText(500) })
  .refine((v) => !v.starts_at || !v.ends_at || Date.parse(v.starts_at) < Date.parse(v.ends_at), { message: 'invalid', path: ['ends_at'] });
export type TCreateTimeOff = z.infer<typeof ZCreateTimeOff>;

/** 409 `schedule_conflict` details: the booked (scheduled/confirmed) appointments a change would strand. */
export interface TScheduleConflictDetails {
  appointments: { id: string; number: string; starts_at: string; ends_at: string; status: AppointmentStatus }[];
}

