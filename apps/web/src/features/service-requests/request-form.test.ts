import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { serverErrorsToForm } from '../../lib/request-details-form';
import { emptyRequestForm, requestFormErrors, toCreateRequest, type RequestFormValues } from './request-form';

const CUSTOMER = '11111111-1111-4111-8111-111111111111';

function filled(overrides: Partial<RequestFormValues> = {}): RequestFormValues {
  const base = emptyRequestForm();
  return {
    ...base,
    location: 'office',
    service_type: 'ac_repair',
    fault_type: 'no_cooling',
    problem_description: '  المكيف لا يبرد  ',
    device: { ...base.device, brand: 'LG', model: 'Dual Inverter', serial_number: ' SN-1 ' },
    ...overrides,
  };
}

describe('service request form', () => {
  it('accepts a complete form and builds the body the server takes (trimmed, empty text as null)', () => {
    expect(requestFormErrors(filled(), false)).toEqual({});
    expect(toCreateRequest(filled(), false)).toEqual({
      priority: 'medium',
      location: 'office',
      address: null,
      service_type: 'ac_repair',
      fault_type: 'no_cooling',
      problem_description: 'المكيف لا يبرد',
      additional_notes: null,
      accessories: null,
      device: { brand: 'LG', model: 'Dual Inverter', serial_number: 'SN-1', warranty_status: 'unknown', warranty_number: null, warranty_expiry: null },
    });
  });

  it('names every missing required field, the device ones under device.', () => {
    const empty = { ...emptyRequestForm(), priority: null, device: { ...emptyRequestForm().device, warranty_status: null } };
    expect(requestFormErrors(empty, false)).toEqual({
      priority: 'required',
      location: 'required',
      service_type: 'required',
      fault_type: 'required',
      problem_description: 'required',
      'device.brand': 'required',
      'device.model': 'required',
      'device.warranty_status': 'required',
    });
  });

  it('needs an address for a home visit only, and sends it only then', () => {
    expect(requestFormErrors(filled({ location: 'home', address: '   ' }), false)).toEqual({ address: 'required' });
    expect(toCreateRequest(filled({ location: 'home', address: ' 12 Olaya St ' }), false).address).toBe('12 Olaya St');
    expect(toCreateRequest(filled({ location: 'remote', address: 'ignored' }), false).address).toBeNull();
  });

  it('sends the accessories left with the device trimmed (none as null) and checks their length', () => {
    expect(toCreateRequest(filled({ accessories: '  شاحن وحقيبة ' }), false).accessories).toBe('شاحن وحقيبة');
    expect(toCreateRequest(filled({ accessories: '   ' }), false).accessories).toBeNull();
    expect(requestFormErrors(filled({ accessories: 'x'.repeat(2001) }), false)).toEqual({ accessories: 'too_long' });
  });

  it('checks lengths and the warranty date', () => {
    expect(requestFormErrors(filled({ problem_description: 'x'.repeat(4001) }), false)).toEqual({ problem_description: 'too_long' });
    const device = { ...filled().device, warranty_expiry: '2025-13-40' };
    expect(requestFormErrors(filled({ device }), false)).toEqual({ 'device.warranty_expiry': 'invalid' });
    expect(toCreateRequest(filled({ device: { ...device, warranty_expiry: '2026-05-31' } }), false).device.warranty_expiry).toBe('2026-05-31');
  });

  it('an admin must pick a customer, or create one with a valid email and mobile', () => {
    expect(requestFormErrors(filled(), true)).toEqual({ customer_id: 'required' });
    expect(toCreateRequest(filled({ customer_id: CUSTOMER }), true).customer_id).toBe(CUSTOMER);
    const fresh = filled({ customer_mode: 'new', new_customer: { name: '', email: 'nope', mobile_number: '12', default_address: '' } });
    expect(requestFormErrors(fresh, true)).toEqual({
      'new_customer.name': 'required',
      'new_customer.email': 'invalid_email',
      'new_customer.mobile_number': 'invalid_mobile',
    });
    const ok = filled({ customer_mode: 'new', customer_id: CUSTOMER, new_customer: { name: 'Huda', email: ' Huda@Example.com ', mobile_number: '', default_address: '' } });
    const body = toCreateRequest(ok, true);
    expect(body.customer_id).toBeUndefined();
    expect(body.new_customer).toEqual({ name: 'Huda', email: 'huda@example.com', mobile_number: null, default_address: null });
  });

  it('a customer never sends a customer', () => {
    expect(toCreateRequest(filled({ customer_id: CUSTOMER }), false).customer_id).toBeUndefined();
  });

  it("maps the server's 400 fields and a taken email onto the form's paths", () => {
    const invalid = new ApiError({ status: 400, code: 'validation_failed', message: 'x', fields: { 'body.device.brand': 'required', service_type: 'invalid' } });
    expect(serverErrorsToForm(invalid)).toEqual({ 'device.brand': 'required', service_type: 'invalid' });
    expect(serverErrorsToForm(new ApiError({ status: 409, code: 'email_taken', message: 'x' }))).toEqual({ 'new_customer.email': 'email_taken' });
    expect(serverErrorsToForm(new ApiError({ status: 500, code: 'internal_error', message: 'x' }))).toBeNull();
    expect(serverErrorsToForm(new TypeError('network'))).toBeNull();
  });
});
