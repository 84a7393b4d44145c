import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';
import { ident, qualified, type TableInfo } from './catalog-queries.js';

/**
 * The statements of making a backup (the lock, the session settings, each table's figures and
 * rows), of its schedule (rows of `settings`) and of its jobs. A restore's own are in
 * restore-queries.ts, the catalog's in catalog-queries.ts.
 */

// --- Lock and session settings ---------------------------------------------------------------

/**
 * The advisory lock key of backups and restores across instances: a backup holds it shared for
 * its read transaction, a restore exclusively for its write transaction, so no backup reads while
 * a restore replaces the data, and two restores never run at once.
 */
export const BACKUP_LOCK_KEY = 724_312;

/** Takes the backup lock shared for the transaction (a backup); false when a restore holds it. */
export async function tryLockForBackup(tx: DbOrTx): Promise<boolean> {
  const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql.raw(`select pg_try_advisory_xact_lock_shared(${BACKUP_LOCK_KEY}) as ok`)));
  return !!lock?.ok;
}

/** Takes the backup lock exclusively for the transaction (a restore); false when a backup or restore holds it. */
export async function tryLockForRestore(tx: DbOrTx): Promise<boolean> {
  const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql.raw(`select pg_try_advisory_xact_lock(${BACKUP_LOCK_KEY}) as ok`)));
  return !!lock?.ok;
}

/**
 * Session settings of every backup and restore transaction, so text is written and read the same
 * way on any server whatever its configuration: times in UTC with ISO dates, bytea as hex,
 * floats exact.
 */
export const TEXT_SETTINGS = [
  `set local timezone = 'UTC'`,
  `set local datestyle = 'ISO, YMD'`,
  `set local intervalstyle = 'postgres'`,
  `set local bytea_output = 'hex'`,
  `set local extra_float_digits = 1`,
];

/** TEXT_SETTINGS for the rest of the transaction, one statement each. */
export async function applyTextSettings(tx: DbOrTx): Promise<void> {
  for (const statement of TEXT_SETTINGS) await tx.execute(sql.raw(statement));
}

// --- Reading the tables ----------------------------------------------------------------------

/**
 * Counts a table's rows, estimates its widest row (so a FETCH of attachments stays a few
 * megabytes) and finds the json columns holding a top-level JSON null in some row.
 */
export async function tableStats(tx: DbOrTx, table: TableInfo): Promise<{ rows: number; widest: number; wrapped: string[] }> {
  const widths = table.columns.flatMap((c) => {
    const col = ident(c.name);
    if (c.kind === 'bytea') return [`2 * coalesce(octet_length(${col}), 0)`];
    if (c.kind === 'text') return [`coalesce(octet_length(${col}), 0)`];
    if (c.kind === 'json' || c.type.endsWith('[]')) return [`coalesce(octet_length(${col}::text), 0)`];
    return [];
  });
  const jsonColumns = table.columns.filter((c) => c.kind === 'json');
  const nulls = jsonColumns.map(
    (c, i) => `count(*) filter (where ${c.type === 'json' ? 'json_typeof' : 'jsonb_typeof'}(${ident(c.name)}) = 'null')::float8 as n${i}`,
  );
  const [row] = rowsOf<Record<string, number | string>>(
    await tx.execute(
      sql.raw(
        `select count(*)::float8 as rows, ${widths.length ? `coalesce(max(${widths.join(' + ')}), 0)::float8` : '0::float8'} as widest
         ${nulls.length ? `, ${nulls.join(', ')}` : ''} from ${qualified(table.name)}`,
      ),
    ),
  );
  return {
    rows: Number(row!.rows),
    widest: Number(row!.widest),
    wrapped: jsonColumns.filter((_, i) => Number(row![`n${i}`]) > 0).map((c) => c.name),
  };
}

/** The rows of a table as PostgreSQL writes them: every column as text but json, in primary-key order. */
export function rowQuery(table: TableInfo, wrapped: Set<string>): string {
  const columns = table.columns.map((c) => {
    const col = `t.${ident(c.name)}`;
    if (c.kind !== 'json') return `${col}::text as ${ident(c.name)}`;
    if (!wrapped.has(c.name)) return `${col} as ${ident(c.name)}`;
    // SQL NULL stays null; a value (JSON null too) becomes [value].
    return `case when ${col} is null then null else ${c.type === 'json' ? 'json_build_array' : 'jsonb_build_array'}(${col}) end as ${ident(c.name)}`;
  });
  const order = table.primaryKey.length ? ` order by ${table.primaryKey.map((k) => `t.${ident(k)}`).join(', ')}` : '';
  return `select row_to_json(x)::text as j from ${qualified(table.name)} as t, lateral (select ${columns.join(', ')}) as x${order}`;
}

/** A row of a table as its JSON text (rowQuery). */
export interface BackupRow {
  j: string;
}

/** All the rows of `query` (rowQuery) at once: a table that fits in one fetch. */
export async function readRows(tx: DbOrTx, query: string): Promise<BackupRow[]> {
  return rowsOf<BackupRow>(await tx.execute(sql.raw(query)));
}

/** Opens the server-side cursor `backup_rows` over `query` (rowQuery), for the rest of the transaction. */
export async function openRowCursor(tx: DbOrTx, query: string): Promise<void> {
  await tx.execute(sql.raw(`declare backup_rows no scroll cursor for ${query}`));
}

/** The next `count` rows of the cursor `backup_rows`; none once it is through. */
export async function fetchRowCursor(tx: DbOrTx, count: number): Promise<BackupRow[]> {
  return rowsOf<BackupRow>(await tx.execute(sql.raw(`fetch forward ${count} from backup_rows`)));
}

export async function closeRowCursor(tx: DbOrTx): Promise<void> {
  await tx.execute(sql.raw(`close backup_rows`));
}

// --- Schedule and jobs -----------------------------------------------------------------------

/** The value of the `settings` row `key`, undefined when there is none. */
export async function readSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

/** Writes the `settings` row `key` (inserted or replaced), saying who changed it. */
export async function upsertSettingBy(db: DbOrTx, key: string, value: unknown, by: string | null): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedBy: by })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: by, updatedAt: new Date() } });
}

/** Writes the `settings` row `key` as the system (no author; a replaced row keeps its updated_by). */
export async function upsertSystemSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedBy: null })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

export async function deleteSetting(db: DbOrTx, key: string): Promise<void> {
  await db.delete(settings).where(eq(settings.key, key));
}

/** Waits for, then holds until the end of the transaction, the lock that puts backup schedule changes one after another. */
export async function lockScheduleChanges(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('portal.backup_schedule'))`);
}

/** Deletes the done jobs of `kind` older than a month. */
export async function deleteOldDoneJobs(db: DbOrTx, kind: string): Promise<void> {
  await db.execute(sql`delete from jobs where kind = ${kind} and done_at < now() - interval '31 days'`);
}
