import { hashKey } from '@tanstack/react-query';
import { PRIORITIES, RECEIPT_TERMS_MAX, ZSettingsValues, type CatalogInUseDetails, type Priority, type SettingsKey, type TAdminSettings, type TUpdateSettingsRequest } from '@portal/shared';
import { isApiError } from '../../lib/api-client';
import { zodFieldErrors } from '../../lib/form-validation';
import { draftOf, hoursOf, type WeekDraft } from '../../lib/weekly-hours';

/** A catalogue row as edited: `key` only keeps React's rows stable while they move; it is never sent. */
export interface CatalogRow {
  key: string;
  code: string;
  name_ar: string;
  name_en: string;
}
/** NumberInput gives '' while a field is empty. */
type NumberField = number | string;

export interface SettingsFormValues {
  company_name: string;
  receipt_terms_ar: string;
  receipt_terms_en: string;
  support_phone: string;
  currency: string;
  time_zone: string;
  default_language: 'ar' | 'en';
  appointment_slot_minutes: NumberField;
  booking_lead_hours: NumberField;
  low_stock_rule: string;
  sla_targets: Record<Priority, { response_hours: NumberField; resolution_hours: NumberField }>;
  working_hours: WeekDraft;
  service_types: CatalogRow[];
  fault_types: CatalogRow[];
}

/** The SLA table reads from the most urgent down. */
export const SLA_ORDER: readonly Priority[] = [...PRIORITIES].reverse();
export const CATALOGS = ['service_types', 'fault_types'] as const;
export type CatalogName = (typeof CATALOGS)[number];

let rowKeys = 0;
export const newRowKey = () => `row-${++rowKeys}`;

export function toFormValues(s: TAdminSettings): SettingsFormValues {
  const sla = {} as SettingsFormValues['sla_targets'];
  for (const p of PRIORITIES) sla[p] = { response_hours: s.sla_targets[p]?.response_hours ?? '', resolution_hours: s.sla_targets[p]?.resolution_hours ?? '' };
  return {
    company_name: s.company_name,
    receipt_terms_ar: s.receipt_terms_ar ?? '',
    receipt_terms_en: s.receipt_terms_en ?? '',
    support_phone: s.support_phone,
    currency: s.currency,
    time_zone: s.time_zone,
    default_language: s.default_language,
    appointment_slot_minutes: s.appointment_slot_minutes,
    booking_lead_hours: s.booking_lead_hours,
    low_stock_rule: s.low_stock_rule,
    sla_targets: sla,
    working_hours: draftOf(s.working_hours ?? {}),
    service_types: s.service_types.map((e) => ({ key: newRowKey(), ...e })),
    fault_types: s.fault_types.map((e) => ({ key: newRowKey(), ...e })),
  };
}

/** The values as the API takes them (row keys dropped; text trimmed by the shared schema). */
export function toPayload(v: SettingsFormValues): Record<SettingsKey, unknown> {
  const rows = (list: CatalogRow[]) => list.map(({ code, name_ar, name_en }) => ({ code, name_ar, name_en }));
  return { ...v, working_hours: hoursOf(v.working_hours), service_types: rows(v.service_types), fault_types: rows(v.fault_types) };
}

/** Input props of one form path, its error already worded by settingsErrorKey. */
export type SettingsField = (path: string) => Record<string, unknown>;
/** The worded error of one form path, if any. */
export type SettingsErrorOf = (path: string) => string | undefined;

/** Two settings values hold the same data (TanStack's stable hash: object key order does not count). */
export const sameSettings = (a: unknown, b: unknown) => hashKey([a]) === hashKey([b]);

/** Only the settings whose value differs from what was loaded: PUT writes (and audits) just those. */
export function changedSettings(values: SettingsFormValues, initial: SettingsFormValues): TUpdateSettingsRequest {
  const now = toPayload(values);
  const was = toPayload(initial);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(now) as SettingsKey[]) if (!sameSettings(now[key], was[key])) out[key] = now[key];
  return ZSettingsValues.partial().parse(out);
}

/** Client-side check by the same shared rules as the server: `{ path: code }`, paths as the form's. */
export function validateSettings(values: SettingsFormValues): Record<string, string> {
  return zodFieldErrors(ZSettingsValues, toPayload(values));
}

/** A field error's wording: the setting's own sentence where the generic one would be vague. */
export function settingsErrorKey(path: string, code: string): { key: string; params?: Record<string, number> } {
  const last = path.split('.').at(-1) ?? path;
  const generic = { key: `validation.${code}` };
  if (code === 'required' && path.split('.').length > 1) return generic;
  switch (true) {
    case path === 'appointment_slot_minutes' && code !== 'required':
      return { key: 'settings.form.errors.slot', params: { min: 15, max: 240, step: 15 } };
    case path === 'booking_lead_hours' && code !== 'required':
      return { key: 'settings.form.errors.lead', params: { min: 0, max: 168 } };
    case path.startsWith('sla_targets.') && last === 'response_hours' && code === 'out_of_range':
      return { key: 'settings.form.errors.slaResponse' };
    case path.startsWith('sla_targets.') && last === 'resolution_hours' && code === 'out_of_range':
      return { key: 'settings.form.errors.slaResolution', params: { max: 8760 } };
    case path === 'currency' && code === 'invalid':
      return { key: 'settings.form.errors.currency' };
    case path.startsWith('receipt_terms_') && code === 'too_long':
      return { key: 'receipt.termsTooLong', params: { max: RECEIPT_TERMS_MAX } };
    case path === 'time_zone' && code === 'invalid':
      return { key: 'settings.form.errors.timeZone' };
    case last === 'code' && code === 'invalid':
      return { key: 'settings.form.errors.code' };
    case last === 'code' && code === 'duplicate':
      return { key: 'settings.form.errors.codeDuplicate' };
    case path === 'working_hours' && code === 'required':
      return { key: 'settings.form.errors.noWorkingDay' };
    case (path === 'service_types' || path === 'fault_types') && code === 'required':
      return { key: 'settings.form.errors.listEmpty' };
    default:
      return generic;
  }
}

/** The paths of a 400 as form paths (the API names fields as the form does). */
export function serverSettingsErrors(error: unknown): Record<string, string> | null {
  if (!isApiError(error) || error.code !== 'validation_failed' || !error.fields) return null;
  return Object.fromEntries(Object.entries(error.fields).map(([path, code]) => [path.replace(/^body\./, ''), code]));
}

export interface InUseLine {
  list: CatalogName;
  code: string;
  technicians: string[];
  requests: { id: string; number: string }[];
}

/** A 409 catalog_in_use as lines: which removed code is still used, by which technicians and open requests. */
export function catalogInUse(error: unknown): InUseLine[] | null {
  if (!isApiError(error) || error.code !== 'catalog_in_use' || !error.details) return null;
  const details = error.details as CatalogInUseDetails;
  return CATALOGS.flatMap((list) =>
    (details[list] ?? []).map((u) => ({ list, code: u.code, technicians: u.technicians.map((t) => t.name), requests: u.open_requests })),
  );
}

/** The section a field path belongs to, to scroll to the first error. */
export function sectionOf(path: string): string {
  if (path.startsWith('sla_targets')) return 'sla';
  if (path.startsWith('service_types')) return 'service_types';
  if (path.startsWith('fault_types')) return 'fault_types';
  if (path === 'appointment_slot_minutes' || path === 'booking_lead_hours') return 'booking';
  if (path === 'low_stock_rule') return 'inventory';
  if (path.startsWith('working_hours')) return 'working_hours';
  if (path.startsWith('receipt_terms_')) return 'receipt';
  return 'company';
}
