import { describe, expect, it } from 'vitest';
import type { TAdminSettings } from '@portal/shared';
import { ApiError } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import { catalogInUse, changedSettings, serverSettingsErrors, settingsErrorKey, toFormValues, validateSettings } from './settings-form';

const settings: TAdminSettings = {
  company_name: 'Fixers',
  receipt_terms_ar: 'احتفظ بالإيصال',
  receipt_terms_en: 'Keep this receipt',
  support_phone: '+966500000000',
  currency: 'SAR',
  time_zone: 'Asia/Riyadh',
  default_language: 'ar',
  appointment_slot_minutes: 60,
  booking_lead_hours: 2,
  low_stock_rule: 'at_or_below_minimum',
  sla_targets: { high: { response_hours: 2, resolution_hours: 8 }, medium: { response_hours: 4, resolution_hours: 24 }, low: { response_hours: 8, resolution_hours: 48 } },
  working_hours: { '0': { start: '08:00', end: '17:00' }, '1': { start: '08:00', end: '17:00' }, '2': null, '3': null, '4': null, '5': null, '6': null },
  service_types: [{ code: 'laptop', name_ar: 'حواسيب', name_en: 'Laptops' }],
  fault_types: [
    { code: 'screen', name_ar: 'الشاشة', name_en: 'Screen' },
    { code: 'battery', name_ar: 'البطارية', name_en: 'Battery' },
  ],
  logo: null,
};

/** The sentence a user reads for a field error, in `lng`. */
const worded = (path: string, code: string, lng: 'en' | 'ar' = 'en') => {
  const { key, params } = settingsErrorKey(path, code);
  return i18n.getFixedT(lng)(key, params);
};

describe('settings form validation (the shared rules, worded per field)', () => {
  it('the receipt terms: trimmed, empty allowed, too long worded with the limit in both languages', () => {
    const v = toFormValues(settings);
    v.receipt_terms_ar = '';
    v.receipt_terms_en = 'x'.repeat(1001);
    expect(validateSettings(v)).toEqual({ receipt_terms_en: 'too_long' });
    expect(worded('receipt_terms_en', 'too_long')).toContain('1000');
    expect(worded('receipt_terms_ar', 'too_long', 'ar')).toContain('1000');
    v.receipt_terms_en = '  Keep it  ';
    expect(changedSettings(v, toFormValues(settings))).toEqual({ receipt_terms_ar: '', receipt_terms_en: 'Keep it' });
  });

  it('accepts the loaded settings as they are', () => {
    expect(validateSettings(toFormValues(settings))).toEqual({});
  });

  it('flags each rule on its own field', () => {
    const v = toFormValues(settings);
    v.company_name = ' ';
    v.support_phone = 'call us';
    v.currency = 'RIYAL';
    v.time_zone = 'Mars/Olympus';
    v.appointment_slot_minutes = 50;
    v.booking_lead_hours = '';
    v.sla_targets.medium = { response_hours: 30, resolution_hours: 24 };
    v.sla_targets.low.resolution_hours = 0;
    v.service_types[0]!.code = 'Laptop';
    v.fault_types[1]!.code = 'screen';
    v.fault_types[0]!.name_en = '';
    v.working_hours['1'] = { working: true, start: '17:00', end: '08:00' };
    expect(validateSettings(v)).toEqual({
      company_name: 'required',
      support_phone: 'invalid_mobile',
      currency: 'invalid',
      time_zone: 'invalid',
      appointment_slot_minutes: 'out_of_range',
      booking_lead_hours: 'required',
      'sla_targets.medium.response_hours': 'out_of_range',
      'sla_targets.low.resolution_hours': 'out_of_range',
      'sla_targets.low.response_hours': 'out_of_range',
      'working_hours.1.end': 'invalid',
      'service_types.0.code': 'invalid',
      'fault_types.0.name_en': 'required',
      'fault_types.1.code': 'duplicate',
    });
  });

  it('needs at least one working day', () => {
    const v = toFormValues(settings);
    v.working_hours['0'].working = false;
    v.working_hours['1'].working = false;
    expect(validateSettings(v)).toEqual({ working_hours: 'required' });
    expect(worded('working_hours', 'required')).toBe('Keep at least one working day.');
  });

  it('needs at least one entry in each list', () => {
    const v = toFormValues(settings);
    v.service_types = [];
    expect(validateSettings(v)).toEqual({ service_types: 'required' });
    expect(worded('service_types', 'required')).toBe('Keep at least one entry.');
  });

  it('words errors for the setting, in both languages', () => {
    expect(worded('appointment_slot_minutes', 'out_of_range')).toBe('Choose 15 to 240 minutes, in steps of 15.');
    expect(worded('appointment_slot_minutes', 'out_of_range', 'ar')).toBe('اختر من 15 إلى 240 دقيقة، بزيادات قدرها 15.');
    expect(worded('sla_targets.high.response_hours', 'out_of_range')).toBe('Must be more than 0 and no more than the resolution target.');
    expect(worded('fault_types.3.code', 'duplicate')).toBe('This code is already in the list.');
    expect(worded('fault_types.3.code', 'invalid', 'ar')).toBe('استخدم أحرفًا إنجليزية صغيرة وأرقامًا والشرطة السفلية _ فقط.');
    expect(worded('currency', 'invalid')).toMatch(/ISO 4217/);
    // Generic codes keep the generic sentence.
    expect(worded('support_phone', 'invalid_mobile')).toBe('Enter a valid mobile number');
    expect(worded('fault_types.0.name_ar', 'required', 'ar')).toBe(i18n.getFixedT('ar')('validation.required'));
  });

  it("maps the server's 400 fields onto the form's paths", () => {
    const error = new ApiError({ status: 400, code: 'validation_failed', message: 'x', fields: { 'sla_targets.high.response_hours': 'out_of_range', 'body.currency': 'invalid' } });
    expect(serverSettingsErrors(error)).toEqual({ 'sla_targets.high.response_hours': 'out_of_range', currency: 'invalid' });
    expect(serverSettingsErrors(new ApiError({ status: 409, code: 'catalog_in_use', message: 'x' }))).toBeNull();
  });

  it('turns 409 catalog_in_use into lines naming technicians and open requests', () => {
    const error = new ApiError({
      status: 409,
      code: 'catalog_in_use',
      message: 'x',
      details: {
        service_types: [{ code: 'network', technicians: [{ id: 't1', name: 'Sara' }], open_requests: [] }],
        fault_types: [{ code: 'leak', technicians: [], open_requests: [{ id: 'r1', number: 'SR-000001' }] }],
      },
    });
    expect(catalogInUse(error)).toEqual([
      { list: 'service_types', code: 'network', technicians: ['Sara'], requests: [] },
      { list: 'fault_types', code: 'leak', technicians: [], requests: [{ id: 'r1', number: 'SR-000001' }] },
    ]);
  });
});

describe('what a save sends', () => {
  it('only the settings that changed; list order and renames count, row keys never leave', () => {
    const initial = toFormValues(settings);
    const v = toFormValues(settings);
    expect(changedSettings(v, initial)).toEqual({});
    v.company_name = '  New name ';
    v.currency = 'usd';
    v.fault_types = [v.fault_types[1]!, v.fault_types[0]!];
    expect(changedSettings(v, initial)).toEqual({
      company_name: 'New name',
      currency: 'USD',
      fault_types: [settings.fault_types[1], settings.fault_types[0]],
    });
  });
});
