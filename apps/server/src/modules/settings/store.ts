import { DEFAULT_TIME_ZONE, type LowStockRule, type TCatalogEntry, type TWeeklyHours } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { findSettingRows, upsertSetting } from './queries.js';

/** Every setting with its default; a row in `settings` overrides a default. */
export const DEFAULT_SETTINGS = {
  company_name: 'Service Portal',
  /** The intake receipt's terms, printed under its details in the receipt's language (issue #28). */
  receipt_terms_ar:
    'يُرجى الاحتفاظ بهذا الإيصال وإبرازه عند استلام الجهاز. الأجهزة التي لا تُستلم خلال 90 يومًا من إشعار الجاهزية لا تتحمل الشركة مسؤوليتها. الشركة غير مسؤولة عن البيانات المحفوظة على الجهاز، لذا ننصح بنسخها احتياطيًا.',
  receipt_terms_en:
    'Please keep this receipt and show it when you collect the device. Devices not collected within 90 days of the ready notice are no longer the company’s responsibility. The company is not responsible for data stored on the device; please back it up.',
  support_phone: '+966500000000',
  currency: 'SAR',
  time_zone: DEFAULT_TIME_ZONE,
  default_language: 'ar' as 'ar' | 'en',
  appointment_slot_minutes: 60,
  booking_lead_hours: 2,
  /** low_stock when quantity ≤ minimum quantity (PRODUCT.md §4). */
  low_stock_rule: 'at_or_below_minimum' as LowStockRule,
  /** Hours, counted in working hours, per priority. */
  sla_targets: {
    high: { response_hours: 2, resolution_hours: 8 },
    medium: { response_hours: 4, resolution_hours: 24 },
    low: { response_hours: 8, resolution_hours: 48 },
  },
  /** The company's work week (a technician's weekly-hours shape, 0 Sunday … 6 Saturday): SLA clocks run only within it. */
  working_hours: {
    '0': { start: '08:00', end: '17:00' },
    '1': { start: '08:00', end: '17:00' },
    '2': { start: '08:00', end: '17:00' },
    '3': { start: '08:00', end: '17:00' },
    '4': { start: '08:00', end: '17:00' },
    '5': null,
    '6': null,
  } as TWeeklyHours,
  /** What a request is for; a technician's skills are these codes. */
  service_types: [
    { code: 'laptop', name_en: 'Laptops and computers', name_ar: 'الحواسيب المحمولة والمكتبية' },
    { code: 'phone', name_en: 'Phones and tablets', name_ar: 'الجوالات والأجهزة اللوحية' },
    { code: 'appliance', name_en: 'Home appliances', name_ar: 'الأجهزة المنزلية' },
    { code: 'network', name_en: 'Networks and Wi-Fi', name_ar: 'الشبكات والواي فاي' },
    { code: 'printer', name_en: 'Printers and office equipment', name_ar: 'الطابعات والأجهزة المكتبية' },
  ] as TCatalogEntry[],
  fault_types: [
    { code: 'no_power', name_en: 'Does not power on', name_ar: 'لا يعمل / لا يشتغل' },
    { code: 'screen', name_en: 'Screen or display', name_ar: 'الشاشة أو العرض' },
    { code: 'battery', name_en: 'Battery or charging', name_ar: 'البطارية أو الشحن' },
    { code: 'overheating', name_en: 'Overheating', name_ar: 'ارتفاع الحرارة' },
    { code: 'noise', name_en: 'Noise or vibration', name_ar: 'صوت أو اهتزاز' },
    { code: 'leak', name_en: 'Water leak', name_ar: 'تسريب ماء' },
    { code: 'cooling', name_en: 'Not cooling', name_ar: 'لا يبرد' },
    { code: 'software', name_en: 'Software or settings', name_ar: 'البرمجيات أو الإعدادات' },
    { code: 'connectivity', name_en: 'Network or connectivity', name_ar: 'الشبكة أو الاتصال' },
    { code: 'physical_damage', name_en: 'Physical damage', name_ar: 'تلف مادي' },
    { code: 'other', name_en: 'Other', name_ar: 'أخرى' },
  ] as TCatalogEntry[],
};
export type Settings = typeof DEFAULT_SETTINGS;
export type SettingKey = keyof Settings;

export async function getSettings<K extends SettingKey>(db: DbOrTx, keys: K[]): Promise<Pick<Settings, K>> {
  const rows = await findSettingRows(db, keys);
  const result = {} as Pick<Settings, K>;
  for (const key of keys) {
    const row = rows.find((r) => r.key === key);
    result[key] = (row ? row.value : DEFAULT_SETTINGS[key]) as Settings[K];
  }
  return result;
}

/** A setting's value as read by `settingValueSql` (null: never set, so its default). */
export function settingOrDefault<K extends SettingKey>(key: K, stored: unknown): Settings[K] {
  return (stored ?? DEFAULT_SETTINGS[key]) as Settings[K];
}

export async function putSetting<K extends SettingKey>(db: DbOrTx, key: K, value: Settings[K], by: string | null) {
  await upsertSetting(db, key, value, by);
}
