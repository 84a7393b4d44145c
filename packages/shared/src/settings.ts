import { z } from 'zod';
import { ZMobile } from './auth.js';
import { LANGUAGES } from './constants.js';
import { PRIORITIES, ZCatalogEntry } from './service-requests.js';
import { ZWeeklyHours } from './technicians.js';

/** Settings anyone may read (the login page and the support panel need them). */
export const ZPublicSettings = z.object({
  company_name: z.string(),
  support_phone: z.string(),
  default_language: z.enum(LANGUAGES),
  currency: z.string(),
  time_zone: z.string(),
  /** The company logo (`/api/settings/logo?v=<etag>`), or null when none was uploaded. */
  logo_url: z.string().nullable(),
  /** Demo accounts are listed only when the server runs in demo mode. */
  demo: z
    .object({
      password: z.string(),
      accounts: z.array(z.object({ email: z.string(), role: z.string() })),
    })
    .nullable(),
});
export type TPublicSettings = z.infer<typeof ZPublicSettings>;

export const ZHealth = z.object({ status: z.literal('ok'), database: z.literal('ok') });

// ---------------------------------------------------------------------------------------
// Admin settings (GET/PUT /api/admin/settings)

/**
 * How an item is judged low (docs/decisions/012-low-stock.md): its quantity on hand over all
 * warehouses against its minimum — `at_or_below_minimum` (≤, the default) or `below_minimum` (<).
 * stockStatus() takes it; the server's SQL reads it from the settings inside the statement.
 */
export const LOW_STOCK_RULES = ['at_or_below_minimum', 'below_minimum'] as const;
export type LowStockRule = (typeof LOW_STOCK_RULES)[number];

export const SLOT_MINUTES = { min: 15, max: 240, step: 15 } as const;
export const LEAD_HOURS = { min: 0, max: 168 } as const;
/** An SLA target longer than a year is a typo. */
export const SLA_MAX_HOURS = 8760;
export const CATALOG_CODE_MAX = 50;
export const CATALOG_NAME_MAX = 120;
export const CATALOG_MAX_ENTRIES = 100;
export const COMPANY_NAME_MAX = 120;
/** The intake receipt's terms, per language (issue #28); may be empty. */
export const RECEIPT_TERMS_MAX = 1000;
/** The company logo: PNG, JPEG or WebP (checked by content; SVG can carry scripts), this many bytes at most. */
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const outOfRange = { message: 'out_of_range' } as const;
const invalid = { message: 'invalid' } as const;

function supported(kind: 'currency' | 'timeZone'): Set<string> | null {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  try {
    return intl.supportedValuesOf ? new Set(intl.supportedValuesOf(kind)) : null;
  } catch {
    return null;
  }
}
let currencies: Set<string> | null | undefined;

/** ISO 4217: three capital letters, and a code this runtime knows when it can tell. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  if (currencies === undefined) currencies = supported('currency');
  return !currencies || currencies.has(code);
}

/** The company's time zone until an admin sets another (settings `time_zone`). */
export const DEFAULT_TIME_ZONE = 'Asia/Riyadh';

/** An IANA zone name (`Asia/Riyadh`, `UTC`) the runtime's Intl accepts; offsets such as `+03:00` are not zones. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The IANA zones to choose from (the runtime's list, with the current value kept when missing). */
export function timeZoneChoices(current?: string): string[] {
  const list = [...(supported('timeZone') ?? ['UTC', 'Asia/Riyadh'])];
  if (!list.includes('UTC')) list.unshift('UTC');
  if (current && !list.includes(current)) list.unshift(current);
  return list;
}

const ZHours = (max: number) => z.number(invalid).gt(0, outOfRange).max(max, outOfRange);

export const ZSlaTargetHours = z
  .object({ response_hours: ZHours(SLA_MAX_HOURS), resolution_hours: ZHours(SLA_MAX_HOURS) })
  .strict()
  .superRefine((v, ctx) => {
    if (v.response_hours > v.resolution_hours) ctx.addIssue({ code: 'custom', path: ['response_hours'], message: 'out_of_range' });
  });
export type TSlaTargetHours = z.infer<typeof ZSlaTargetHours>;
export const ZSlaTargets = z.object(Object.fromEntries(PRIORITIES.map((p) => [p, ZSlaTargetHours])) as Record<(typeof PRIORITIES)[number], typeof ZSlaTargetHours>).strict();
export type TSlaTargets = z.infer<typeof ZSlaTargets>;

const ZCatalogName = z.string(invalid).trim().min(1, { message: 'required' }).max(CATALOG_NAME_MAX, { message: 'too_long' });
/** A service or fault type as an admin edits it: a stable code (what requests and skills store) and two names. */
export const ZCatalogEntryInput = z
  .object({
    code: z
      .string(invalid)
      .trim()
      .min(1, { message: 'required' })
      .max(CATALOG_CODE_MAX, { message: 'too_long' })
      .regex(/^[a-z0-9_]+$/, invalid),
    name_ar: ZCatalogName,
    name_en: ZCatalogName,
  })
  .strict();
/** At least one entry, each code once (a repeated code is flagged where it repeats). */
export const ZCatalogList = z
  .array(ZCatalogEntryInput, invalid)
  .min(1, { message: 'required' })
  .max(CATALOG_MAX_ENTRIES, { message: 'too_long' })
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((entry, i) => {
      if (seen.has(entry.code)) ctx.addIssue({ code: 'custom', path: [i, 'code'], message: 'duplicate' });
      seen.add(entry.code);
    });
  });

/** Every setting an admin edits, with its rule. */
export const ZSettingsValues = z.object({
  company_name: z.string(invalid).trim().min(1, { message: 'required' }).max(COMPANY_NAME_MAX, { message: 'too_long' }),
  receipt_terms_ar: z.string(invalid).trim().max(RECEIPT_TERMS_MAX, { message: 'too_long' }),
  receipt_terms_en: z.string(invalid).trim().max(RECEIPT_TERMS_MAX, { message: 'too_long' }),
  support_phone: ZMobile,
  currency: z.string(invalid).trim().toUpperCase().refine(isCurrencyCode, invalid),
  time_zone: z.string(invalid).trim().refine(isTimeZone, invalid),
  default_language: z.enum(LANGUAGES, invalid),
  appointment_slot_minutes: z
    .number(invalid)
    .int(invalid)
    .min(SLOT_MINUTES.min, outOfRange)
    .max(SLOT_MINUTES.max, outOfRange)
    .multipleOf(SLOT_MINUTES.step, outOfRange),
  booking_lead_hours: z.number(invalid).int(invalid).min(LEAD_HOURS.min, outOfRange).max(LEAD_HOURS.max, outOfRange),
  low_stock_rule: z.enum(LOW_STOCK_RULES, invalid),
  sla_targets: ZSlaTargets,
  /** The company's work week: SLA clocks run only within it; at least one day open. */
  working_hours: ZWeeklyHours.refine((week) => Object.values(week).some(Boolean), { message: 'required' }),
  service_types: ZCatalogList,
  fault_types: ZCatalogList,
});
export type TSettingsValues = z.infer<typeof ZSettingsValues>;
export type SettingsKey = keyof TSettingsValues;
export const SETTINGS_KEYS = Object.keys(ZSettingsValues.shape) as SettingsKey[];

/** PUT /api/admin/settings: any subset of the settings; only the keys sent (and changed) are written. */
export const ZUpdateSettingsRequest = ZSettingsValues.partial().strict();
export type TUpdateSettingsRequest = z.infer<typeof ZUpdateSettingsRequest>;

export const ZLogoInfo = z.object({ url: z.string(), content_type: z.enum(LOGO_CONTENT_TYPES), size: z.number().int() });
export type TLogoInfo = z.infer<typeof ZLogoInfo>;

/**
 * GET /api/admin/settings (and the answer of PUT): every value and the logo. Typed loosely on
 * purpose: a value stored under an older rule must still be readable so it can be corrected.
 */
export const ZAdminSettings = z.object({
  company_name: z.string(),
  receipt_terms_ar: z.string(),
  receipt_terms_en: z.string(),
  support_phone: z.string(),
  currency: z.string(),
  time_zone: z.string(),
  default_language: z.enum(LANGUAGES),
  appointment_slot_minutes: z.number(),
  booking_lead_hours: z.number(),
  low_stock_rule: z.string(),
  sla_targets: z.record(z.enum(PRIORITIES), z.object({ response_hours: z.number(), resolution_hours: z.number() })),
  working_hours: ZWeeklyHours,
  service_types: z.array(ZCatalogEntry),
  fault_types: z.array(ZCatalogEntry),
  logo: ZLogoInfo.nullable(),
});
export type TAdminSettings = z.infer<typeof ZAdminSettings>;

/** PUT /api/admin/settings/logo: the image as base64 (a `data:` URL prefix is ignored; its type is read from the bytes). */
export const ZUploadLogoRequest = z.object({ image: z.string({ message: 'required' }).min(1, { message: 'required' }) }).strict();
export type TUploadLogoRequest = z.infer<typeof ZUploadLogoRequest>;

/** 409 catalog_in_use details: which removed codes are still used, and by whom. */
export interface CatalogInUseDetails {
  service_types?: { code: string; technicians: { id: string; name: string }[]; open_requests: { id: string; number: string }[] }[];
  fault_types?: { code: string; technicians: { id: string; name: string }[]; open_requests: { id: string; number: string }[] }[];
}
