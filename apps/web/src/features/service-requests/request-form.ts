import type { Priority, ServiceLocation, TCreateServiceRequest } from '@portal/shared';
import { ZCreateServiceRequest } from '@portal/shared';
import { zodFieldErrors } from '../../lib/form-validation';
import { emptyRequestDetails, requestDetailsErrors, requestDetailsInput, type RequestDetailsValues } from '../../lib/request-details-form';

export interface RequestFormValues extends RequestDetailsValues {
  priority: Priority | null;
  location: ServiceLocation | null;
  address: string;
  /** What the customer left with the device (charger, bag, SIM…). */
  accessories: string;
}

export function emptyRequestForm(defaultAddress = ''): RequestFormValues {
  return { ...emptyRequestDetails(), priority: 'medium', location: null, address: defaultAddress, accessories: '' };
}

/** The body as the server takes it, before zod trims and checks it; the address goes only with a home visit. */
export function toCreateInput(values: RequestFormValues, forAnyCustomer: boolean): Record<string, unknown> {
  return {
    priority: values.priority ?? undefined,
    location: values.location ?? undefined,
    address: values.location === 'home' ? values.address : null,
    accessories: values.accessories,
    ...requestDetailsInput(values, forAnyCustomer),
  };
}

export function toCreateRequest(values: RequestFormValues, forAnyCustomer: boolean): TCreateServiceRequest {
  return ZCreateServiceRequest.parse(toCreateInput(values, forAnyCustomer));
}

/** Errors as codes by form path: the shared schema's (what the server would answer), plus "pick a customer" for admins. */
export function requestFormErrors(values: RequestFormValues, forAnyCustomer: boolean): Record<string, string> {
  return { ...zodFieldErrors(ZCreateServiceRequest, toCreateInput(values, forAnyCustomer)), ...requestDetailsErrors(values, forAnyCustomer) };
}
