import type { Priority, ServiceLocation, TCreateServiceRequest, WarrantyStatus } from '@portal/shared';
import { ZCreateServiceRequest } from '@portal/shared';
import { isApiError } from '../../lib/api-client';
import { zodFieldErrors } from '../../lib/form';

/** Admins raise a request for a customer they pick, or for one they create on the spot. */
export type CustomerMode = 'existing' | 'new';

export interface RequestFormValues {
  customer_mode: CustomerMode;
  customer_id: string | null;
  new_customer: { name: string; email: string; mobile_number: string; default_address: string };
  priority: Priority | null;
  location: ServiceLocation | null;
  address: string;
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

export function emptyRequestForm(defaultAddress = ''): RequestFormValues {
  return {
    customer_mode: 'existing',
    customer_id: null,
    new_customer: { name: '', email: '', mobile_number: '', default_address: '' },
    priority: 'medium',
    location: null,
    address: defaultAddress,
    service_type: null,
    fault_type: null,
    problem_description: '',
    additional_notes: '',
    device: { brand: '', model: '', serial_number: '', warranty_status: 'unknown', warranty_number: '', warranty_expiry: '' },
  };
}

/**
 * The body as the server takes it, before zod trims and checks it. Only an admin names the
 * customer (customers raise requests for themselves); the address goes only with a home visit.
 */
export function toCreateInput(values: RequestFormValues, forAnyCustomer: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    priority: values.priority ?? undefined,
    location: values.location ?? undefined,
    address: values.location === 'home' ? values.address : null,
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

export function toCreateRequest(values: RequestFormValues, forAnyCustomer: boolean): TCreateServiceRequest {
  return ZCreateServiceRequest.parse(toCreateInput(values, forAnyCustomer));
}

/** Errors as codes by form path: the shared schema's (what the server would answer), plus "pick a customer" for admins. */
export function requestFormErrors(values: RequestFormValues, forAnyCustomer: boolean): Record<string, string> {
  const errors = zodFieldErrors(ZCreateServiceRequest, toCreateInput(values, forAnyCustomer));
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
  for (const [path, code] of Object.entries(error.fields)) out[path.replace(/^body\./, '')] ??= code;
  return out;
}
