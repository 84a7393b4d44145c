import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { serverErrorsToForm } from '../../lib/request-details-form';
import { bookingErrors, emptyBookingForm, isSlotTaken, stepErrors, stepsFor, toBookingRequest, type BookingFormValues } from './booking-form';

const CUSTOMER = '0b9a7f7e-1f0a-4d52-9a55-2b7f2e3c4d5e';

function filled(overrides: Partial<BookingFormValues> = {}): BookingFormValues {
  return {
    ...emptyBookingForm(),
    service_kind: 'home',
    service_type: 'repair',
    fault_type: 'no_power',
    problem_description: '  It does not turn on  ',
    device: { brand: 'LG', model: 'X1', serial_number: '', warranty_status: 'unknown', warranty_number: '', warranty_expiry: '' },
    date: '2026-11-24',
    starts_at: '2026-11-24T09:00:00+03:00',
    ends_at: '2026-11-24T10:00:00+03:00',
    address: 'Riyadh, Olaya St 12',
    ...overrides,
  };
}

describe('booking form', () => {
  it('asks for an address only for a home visit', () => {
    expect(stepsFor({ service_kind: 'home' })).toEqual(['service', 'device', 'time', 'address', 'confirm']);
    expect(stepsFor({ service_kind: 'remote' })).toEqual(['service', 'device', 'time', 'confirm']);
    expect(bookingErrors(filled({ address: '  ' }), false)).toEqual({ address: 'required' });
    expect(bookingErrors(filled({ service_kind: 'office', address: '' }), false)).toEqual({});
  });

  it('stops each step on its own fields only', () => {
    const empty = emptyBookingForm();
    expect(stepErrors('service', empty, false)).toEqual({ service_kind: 'required', service_type: 'required', fault_type: 'required' });
    expect(Object.keys(stepErrors('device', empty, false)).sort()).toEqual(['device.brand', 'device.model', 'problem_description']);
    expect(stepErrors('time', empty, false)).toEqual({ starts_at: 'required' });
    expect(stepErrors('time', filled(), false)).toEqual({});
  });

  it('makes an admin pick a customer or fill in a new one', () => {
    expect(stepErrors('service', filled(), true)).toEqual({ customer_id: 'required' });
    expect(stepErrors('service', filled({ customer_id: CUSTOMER }), true)).toEqual({});
    const errors = stepErrors('service', filled({ customer_mode: 'new' }), true);
    expect(errors['new_customer.name']).toBe('required');
    expect(errors['new_customer.email']).toBe('required');
  });

  it('sends what the server takes: trimmed text, no address away from home, the customer only from an admin', () => {
    const body = toBookingRequest(filled({ customer_id: CUSTOMER }), false);
    expect(body).toMatchObject({ service_kind: 'home', starts_at: '2026-11-24T09:00:00+03:00', problem_description: 'It does not turn on', address: 'Riyadh, Olaya St 12' });
    expect(body.customer_id).toBeUndefined();
    expect(toBookingRequest(filled({ service_kind: 'remote' }), false).address).toBeNull();
    expect(toBookingRequest(filled({ customer_id: CUSTOMER }), true).customer_id).toBe(CUSTOMER);
  });

  it('reads the server’s field errors and knows a taken slot', () => {
    const bad = new ApiError({ status: 400, code: 'validation_failed', message: 'bad', fields: { 'body.device.brand': 'required' } });
    expect(serverErrorsToForm(bad)).toEqual({ 'device.brand': 'required' });
    expect(isSlotTaken(new ApiError({ status: 409, code: 'slot_unavailable', message: 'taken' }))).toBe(true);
    expect(isSlotTaken(new ApiError({ status: 409, code: 'invalid_state', message: 'no' }))).toBe(false);
  });
});
