import { inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';

export type SettingRow = typeof settings.$inferSelect;

/** The stored rows of these keys (a key never set has none: its default applies). */
export async function findSettingRows(db: DbOrTx, keys: string[]): Promise<SettingRow[]> {
  return db.select().from(settings).where(inArray(settings.key, keys));
}

/** The stored value of one key, or undefined when it was never set. */
export async function findSettingValue(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(inArray(settings.key, [key]));
  return row?.value;
}

/**
 * A subquery answering one setting's stored value (jsonb), or null when it was never set — for a
 * hot read that needs a setting beside its own rows in one statement (apply the default with
 * `settingOrDefault`). `key` may be a placeholder, in a statement whose text is rendered once.
 */
export function settingValueSql(key: string | Placeholder): SQL {
  return sql`(select st.value from settings st where st.key = ${key})`;
}

/** Writes a setting's value (inserted, or replacing the stored one), with who changed it. */
export async function upsertSetting(db: DbOrTx, key: string, value: unknown, by: string | null): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedBy: by })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: by, updatedAt: new Date() } });
}

/** Deletes the stored rows of these keys (their defaults apply again). */
export async function deleteSettings(db: DbOrTx, keys: string[]): Promise<void> {
  await db.delete(settings).where(inArray(settings.key, keys));
}

/**
 * Takes the settings lock until the transaction ends: one settings change at a time, so the
 * `before` each change audits is what it replaced.
 */
export async function lockSettings(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('portal.settings'))`);
}

/** Up to 20 open requests (newest first) whose service type (or fault type) is `code`. */
export async function openRequestsWithType(
  tx: DbOrTx,
  list: 'service_types' | 'fault_types',
  code: string,
): Promise<{ id: string; number: string }[]> {
  const column = list === 'service_types' ? sql`service_type` : sql`fault_type`;
  return rowsOf<{ id: string; number: string }>(
    await tx.execute(sql`
          select id, number from service_requests
          where ${column} = ${code} and status not in ('completed', 'cancelled')
          order by created_at desc limit 20`),
  );
}

/** Up to 20 technicians (by name) who have the skill `code`. */
export async function techniciansWithSkill(tx: DbOrTx, code: string): Promise<{ id: string; name: string }[]> {
  return rowsOf<{ id: string; name: string }>(
    await tx.execute(sql`
                select u.id, u.name from technicians t join users u on u.id = t.user_id
                where ${code} = any(t.skills) order by u.name limit 20`),
  );
}
