import type { WarrantyStatus } from '@portal/shared';
import { isApiError } from './api-client';

/** Admins raise a request (or book) for a customer they pick, or for one they create on the spot. */
export type CustomerMode = 'existing' | 'new';

/**
 * What the new-request form and the booking both ask: whose request it is (admins only), what
 * kind of service and fault, the problem in the customer's words, and the device.
 */
export interface RequestDetailsValues {
  customer_mode: CustomerMode;
  customer_id: string | null;
  new_customer: { name: string; email: string; mobile_number: string; default_address: string };
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
    /** YYYY-MM-DD or '' */
    warranty_expiry: string;
  };
}

export function emptyRequestDetails(): RequestDetailsValues {
  return {
    customer_mode: 'existing',
    customer_id: null,
    new_customer: { name: '', email: '', mobile_number: '', default_address: '' },
    service_type: null,
    fault_type: null,
    problem_description: '',
    additional_notes: '',
    device: { brand: '', model: '', serial_number: '', warranty_status: 'unknown', warranty_number: '', warranty_expiry: '' },
  };
}

/**
 * These fields of the body as the server takes them, before zod trims and checks them. Only an
 * admin names the customer (customers raise requests for themselves).
 */
export function requestDetailsInput(values: RequestDetailsValues, forAnyCustomer: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    service_type: values.service_type ?? '',
    fault_type: values.fault_type ?? '',
    problem_description: values.problem_description,
    additional_notes: values.additional_notes,
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

/** The errors the shared schema cannot see: "pick a customer" for admins, and a warranty date the browser could not parse. */
export function requestDetailsErrors(values: RequestDetailsValues, forAnyCustomer: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (forAnyCustomer && values.customer_mode === 'existing' && !values.customer_id) errors.customer_id = 'required';
  // A date the browser could not parse arrives as '' from the input: say so on the field.
  if (values.device.warranty_expiry && !/^\d{4}-\d{2}-\d{2}$/.test(values.device.warranty_expiry)) errors['device.warranty_expiry'] = 'invalid';
  return errors;
}

/**
 * The server's answer as errors on the form's fields: `fields` of a 400 (`body.device.brand` or
 * `device.brand`), and an email already taken by the inline new customer.
 */
export function serverErrorsToForm(error: unknown): Record<string, string> | null {
  if (!isApiError(error)) return null;
  if (error.code === 'email_taken') return { 'new_customer.email': 'email_taken' };
  if (!error.fields) return null;
  const out: Record<string, string> = {};
  for (const [path, code] of Object.entries(error.fields)) out[path.replace(/^(body|query)\./, '')] ??= code;
  return out;
}
