import type { ServiceKind, TBookingRequest, WarrantyStatus } from '@portal/shared';
import { ZBookingRequest } from '@portal/shared';
import { isApiError } from '../../lib/api-client';
import { zodFieldErrors } from '../../lib/form';

export type CustomerMode = 'existing' | 'new';

/** The booking's steps, in order; `address` is skipped unless the visit is at home. */
export const BOOKING_STEPS = ['service', 'device', 'time', 'address', 'confirm'] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

export interface BookingFormValues {
  customer_mode: CustomerMode;
  customer_id: string | null;
  new_customer: { name: string; email: string; mobile_number: string; default_address: string };
  service_kind: ServiceKind | null;
  service_type: string | null;
  fault_type: string | null;
  problem_description: string;
  additional_notes: string;
  device: {
    brand: string;
    model: string;
    serial_number: string;
    warranty_status: WarrantyStatus | null;
    warranty_number: string;
    warranty_expiry: string;
  };
  /** YYYY-MM-DD in the company zone. */
  date: string | null;
  /** One of the offered slots' starts_at. */
  starts_at: string | null;
  ends_at: string | null;
  address: string;
  notes: string;
}

export function emptyBookingForm(): BookingFormValues {
  return {
    customer_mode: 'existing',
    customer_id: null,
    new_customer: { name: '', email: '', mobile_number: '', default_address: '' },
    service_kind: null,
    service_type: null,
    fault_type: null,
    problem_description: '',
    additional_notes: '',
    device: { brand: '', model: '', serial_number: '', warranty_status: 'unknown', warranty_number: '', warranty_expiry: '' },
    date: null,
    starts_at: null,
    ends_at: null,
    address: '',
    notes: '',
  };
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
  const body: Record<string, unknown> = {
    service_kind: values.service_kind ?? undefined,
    starts_at: values.starts_at ?? undefined,
    service_type: values.service_type ?? '',
    fault_type: values.fault_type ?? '',
    problem_description: values.problem_description,
    additional_notes: values.additional_notes,
    notes: values.notes,
    address: values.service_kind === 'home' ? values.address : null,
    device: {
      brand: values.device.brand,
      model: values.device.model,
      serial_number: values.device.serial_number,
      warranty_status: values.device.warranty_status ?? undefined,
      warranty_number: values.device.warranty_number,
      warranty_expiry: values.device.warranty_expiry.trim() || null,
    },
  };
  if (forAnyCustomer) {
    if (values.customer_mode === 'new') {
      body.new_customer = {
        name: values.new_customer.name,
        email: values.new_customer.email,
        mobile_number: values.new_customer.mobile_number.trim() || null,
        default_address: values.new_customer.default_address,
      };
    } else if (values.customer_id) {
      body.customer_id = values.customer_id;
    }
  }
  return body;
}

export function toBookingRequest(values: BookingFormValues, forAnyCustomer: boolean): TBookingRequest {
  return ZBookingRequest.parse(toBookingInput(values, forAnyCustomer));
}

/** Every error of the booking as codes by form path: the shared schema's, plus "pick a customer" and "pick a time". */
export function bookingErrors(values: BookingFormValues, forAnyCustomer: boolean): Record<string, string> {
  const errors = zodFieldErrors(ZBookingRequest, toBookingInput(values, forAnyCustomer));
  if (forAnyCustomer && values.customer_mode === 'existing' && !values.customer_id) errors.customer_id = 'required';
  if (values.device.warranty_expiry && !/^\d{4}-\d{2}-\d{2}$/.test(values.device.warranty_expiry)) errors['device.warranty_expiry'] = 'invalid';
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

/** A 400's `fields` (`body.device.brand` or `device.brand`) and an email taken by the new customer, as form errors. */
export function serverErrorsToForm(error: unknown): Record<string, string> | null {
  if (!isApiError(error)) return null;
  if (error.code === 'email_taken') return { 'new_customer.email': 'email_taken' };
  if (!error.fields) return null;
  const out: Record<string, string> = {};
  for (const [path, code] of Object.entries(error.fields)) out[path.replace(/^(body|query)\./, '')] ??= code;
  return out;
}

export function isSlotTaken(error: unknown): boolean {
  return isApiError(error) && error.code === 'slot_unavailable';
}
