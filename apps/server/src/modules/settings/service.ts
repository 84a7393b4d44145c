import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema.js';

/** Every setting with its default; a row in `settings` overrides a default. */
export const DEFAULT_SETTINGS = {
  company_name: 'Service Portal',
  support_phone: '+966500000000',
  currency: 'SAR',
  time_zone: 'Asia/Riyadh',
  default_language: 'ar' as 'ar' | 'en',
  appointment_slot_minutes: 60,
  booking_lead_hours: 2,
  /** low_stock when quantity ≤ minimum quantity (PRODUCT.md §4). */
  low_stock_rule: 'at_or_below_minimum',
  /** Hours, counted in working hours, per priority. */
  sla_targets: {
    high: { response_hours: 2, resolution_hours: 8 },
    medium: { response_hours: 4, resolution_hours: 24 },
    low: { response_hours: 8, resolution_hours: 48 },
  },
};
export type Settings = typeof DEFAULT_SETTINGS;
export type SettingKey = keyof Settings;

export async function getSettings<K extends SettingKey>(db: DbOrTx, keys: K[]): Promise<Pick<Settings, K>> {
  const rows = await db.select().from(settings).where(inArray(settings.key, keys));
  const result = {} as Pick<Settings, K>;
  for (const key of keys) {
    const row = rows.find((r) => r.key === key);
    result[key] = (row ? row.value : DEFAULT_SETTINGS[key]) as Settings[K];
  }
  return result;
}

export async function putSetting<K extends SettingKey>(db: DbOrTx, key: K, value: Settings[K], by: string | null) {
  await db
    .insert(settings)
    .values({ key, value, updatedBy: by })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: by, updatedAt: new Date() } });
}
