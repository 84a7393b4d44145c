import type { ServiceKind, TBookingRequest } from '@portal/shared';
import { ZBookingRequest } from '@portal/shared';
import { isApiError } from '../../lib/api-client';
import { zodFieldErrors } from '../../lib/form-validation';
import { emptyRequestDetails, requestDetailsErrors, requestDetailsInput, type RequestDetailsValues } from '../../lib/request-details-form';

/** The booking's steps, in order; `address` is skipped unless the visit is at home. */
export const BOOKING_STEPS = ['service', 'device', 'time', 'address', 'confirm'] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

export interface BookingFormValues extends RequestDetailsValues {
  service_kind: ServiceKind | null;
  /** YYYY-MM-DD in the company zone. */
  date: string | null;
  /** One of the offered slots' starts_at. */
  starts_at: string | null;
  ends_at: string | null;
  address: string;
  notes: string;
}

export function emptyBookingForm(): BookingFormValues {
  return { ...emptyRequestDetails(), service_kind: null, date: null, starts_at: null, ends_at: null, address: '', notes: '' };
}

/** The steps this booking walks through: a visit away from home needs no address. */
export function stepsFor(values: Pick<BookingFormValues, 'service_kind'>): BookingStep[] {
  return BOOKING_STEPS.filter((step) => step !== 'address' || values.service_kind === 'home');
}

/** Which step a form path belongs to (an error from the server takes the user back there). */
export function stepOf(path: string): BookingStep {
  if (path === 'starts_at' || path === 'date') return 'time';
  if (path === 'address' || path === 'notes') return 'address';
  if (path.startsWith('device') || path === 'problem_description' || path === 'additional_notes') return 'device';
  return 'service';
}

/** The body as the server takes it, before zod trims and checks it. */
export function toBookingInput(values: BookingFormValues, forAnyCustomer: boolean): Record<string, unknown> {
  return {
    service_kind: values.service_kind ?? undefined,
    starts_at: values.starts_at ?? undefined,
    notes: values.notes,
    address: values.service_kind === 'home' ? values.address : null,
    ...requestDetailsInput(values, forAnyCustomer),
  };
}

export function toBookingRequest(values: BookingFormValues, forAnyCustomer: boolean): TBookingRequest {
  return ZBookingRequest.parse(toBookingInput(values, forAnyCustomer));
}

/** Every error of the booking as codes by form path: the shared schema's, plus "pick a customer" and "pick a time". */
export function bookingErrors(values: BookingFormValues, forAnyCustomer: boolean): Record<string, string> {
  const errors = { ...zodFieldErrors(ZBookingRequest, toBookingInput(values, forAnyCustomer)), ...requestDetailsErrors(values, forAnyCustomer) };
  if (!values.starts_at) errors.starts_at = 'required';
  // The shared enum says "invalid" for a kind never chosen: to the user it is simply missing.
  if (!values.service_kind) errors.service_kind = 'required';
  return errors;
}

/** The errors that stop `step` (those of its own fields). */
export function stepErrors(step: BookingStep, values: BookingFormValues, forAnyCustomer: boolean): Record<string, string> {
  if (step === 'confirm') return bookingErrors(values, forAnyCustomer);
  return Object.fromEntries(Object.entries(bookingErrors(values, forAnyCustomer)).filter(([path]) => stepOf(path) === step));
}

export function isSlotTaken(error: unknown): boolean {
  return isApiError(error) && error.code === 'slot_unavailable';
}
