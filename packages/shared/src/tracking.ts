/**
 * Public repair tracking (issue #28): a customer without an account follows a request by its
 * number and the mobile number on it (`POST /api/track`), or by its tracking link
 * (`GET /api/track/:token`). Both answer the same public view, which holds only what is safe to
 * show to whoever holds the number and the mobile: no address, e-mail, mobile, price, note or
 * other person's name.
 */
import { z } from 'zod';
import { ZMobile } from './auth.js';
import { ZServiceRequestStatus } from './service-request-status.js';
import { SERVICE_LOCATIONS, ZCatalogEntry } from './service-requests.js';

/** The longest request number or mobile the form takes; anything longer is refused unread. */
export const TRACKING_INPUT_MAX = 40;

/** `SR-000123`, `sr000123`, `SR 123` or `123`: the prefix, spaces and dashes are optional. */
const NUMBER_SPELLING = /^(?:sr)?[\s-]*(\d{1,10})$/i;

/** A request number as people type it, in the stored spelling (`SR-000123`), or null. */
export function normaliseRequestNumber(value: string): string | null {
  const digits = NUMBER_SPELLING.exec(value.trim())?.[1];
  return digits === undefined ? null : `SR-${String(Number(digits)).padStart(6, '0')}`;
}

export const ZTrackRequest = z.object({
  number: z
    .string()
    .max(TRACKING_INPUT_MAX, { message: 'too_long', abort: true })
    .trim()
    .min(1, { message: 'required', abort: true })
    .regex(NUMBER_SPELLING, { message: 'invalid' })
    .transform((v) => normaliseRequestNumber(v)!),
  mobile: z.string().max(TRACKING_INPUT_MAX, { message: 'too_long', abort: true }).trim().min(1, { message: 'required', abort: true }).pipe(ZMobile),
});
export type TTrackRequest = z.input<typeof ZTrackRequest>;

/** The public view of a request: exactly these fields and nothing else. */
export const ZTrackingView = z.object({
  number: z.string(),
  status: ZServiceRequestStatus,
  /** Each change of status, oldest first: the status and when (no actor, no note). */
  timeline: z.array(z.object({ status: ZServiceRequestStatus, at: z.string() })),
  device: z.object({ brand: z.string(), model: z.string() }),
  /** The catalog entries (both languages): the page shows the one in its language. */
  service_type: ZCatalogEntry,
  fault_type: ZCatalogEntry,
  location: z.enum(SERVICE_LOCATIONS),
  created_at: z.string(),
  /** The next upcoming visit's window, or null. */
  next_appointment: z.object({ starts_at: z.string(), ends_at: z.string() }).nullable(),
  /** The assigned technician's first name only, or null. */
  technician_first_name: z.string().nullable(),
  awaiting_parts: z.boolean(),
  completed_at: z.string().nullable(),
});
export type TTrackingView = z.infer<typeof ZTrackingView>;

/** A request's tracking link, as its customer or an admin copies it. */
export const ZTrackingLink = z.object({ url: z.string() });
export type TTrackingLink = z.infer<typeof ZTrackingLink>;

