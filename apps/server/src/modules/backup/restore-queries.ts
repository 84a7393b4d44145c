import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { ident, qualified } from './catalog-queries.js';
import type { BackupHeaderTable } from './format.js';

/**
 * The statements of a restore (restore.ts) besides the lock and session settings (queries.ts)
 * and the schema's own (catalog-queries.ts): triggers, truncation, loading rows, secondary
 * indexes, server secrets and what is cleared afterwards. Table and column names come from the
 * catalog and the verified header, quoted with `ident`.
 */

// --- Loading ---------------------------------------------------------------------------------

export async function disableUserTriggers(tx: DbOrTx, table: string): Promise<void> {
  await tx.execute(sql.raw(`alter table ${qualified(table)} disable trigger user`));
}

export async function enableUserTriggers(tx: DbOrTx, table: string): Promise<void> {
  await tx.execute(sql.raw(`alter table ${qualified(table)} enable trigger user`));
}

/** Empties all the tables in one statement (so foreign keys between them do not stand in the way). */
export async function truncateTables(tx: DbOrTx, tables: string[]): Promise<void> {
  await tx.execute(sql.raw(`truncate table ${tables.map(qualified).join(', ')}`));
}

/** Creates the temporary table `pg_temp.restore_stage_<index>` shaped like `table` (dropped on commit); answers its name. */
export async function createStageTable(tx: DbOrTx, index: number, table: string): Promise<string> {
  const stage = `pg_temp.${ident(`restore_stage_${index}`)}`;
  await tx.execute(sql.raw(`create temp table ${stage} (like ${qualified(table)}) on commit drop`));
  return stage;
}

/** `insert into <target> (cols) select cols from json_populate_recordset(null::<table>, $1::json)`, around the parameter. */
export function insertStatement(target: string, table: BackupHeaderTable): { head: string; tail: string } {
  const wrapped = new Set(table.wrapped_json ?? []);
  const columns = table.columns.map(ident).join(', ');
  // A wrapped json column arrives as [value] (format.ts): its value is element 0.
  const values = table.columns.map((c) => (wrapped.has(c) ? `(${ident(c)} -> 0)` : ident(c))).join(', ');
  return {
    head: `insert into ${target} (${columns}) select ${values} from json_populate_recordset(null::${qualified(table.name)}, `,
    tail: `::json)`,
  };
}

/** Inserts a batch of rows, `json` their JSON array, with an insertStatement's head and tail. */
export async function insertRowsJson(tx: DbOrTx, insert: { head: string; tail: string }, json: string): Promise<void> {
  await tx.execute(sql`${sql.raw(insert.head)}${json}${sql.raw(insert.tail)}`);
}

/** Moves a staged table's rows into `table`, in one statement: foreign keys are checked at its end. */
export async function insertFromStage(tx: DbOrTx, table: string, stage: string, columnNames: string[]): Promise<void> {
  const columns = columnNames.map(ident).join(', ');
  await tx.execute(sql.raw(`insert into ${qualified(table)} (${columns}) select ${columns} from ${stage}`));
}

export async function dropStageTable(tx: DbOrTx, stage: string): Promise<void> {
  await tx.execute(sql.raw(`drop table ${stage}`));
}

// --- Secondary indexes -----------------------------------------------------------------------

export interface SecondaryIndex {
  name: string;
  definition: string;
}

/**
 * The indexes nothing but reads depend on — not a primary key, not unique, not behind a
 * constraint (foreign keys and exclusion constraints need theirs) — dropped before loading and
 * built again afterwards, in the same transaction: building an index once over the loaded rows
 * is many times faster than growing it row by row (the trigram GIN indexes above all, which run
 * with fastupdate off, migration 0007). Their definitions come from the catalog, so a rebuilt
 * index is exactly the one dropped.
 */
export async function dropSecondaryIndexes(tx: DbOrTx): Promise<SecondaryIndex[]> {
  const indexes = rowsOf<SecondaryIndex>(
    await tx.execute(sql`
      select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not i.indisprimary and not i.indisunique and not i.indisexclusion
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
        and not exists (select 1 from pg_depend d where d.objid = i.indexrelid and d.deptype = 'e')
      order by c.relname`),
  );
  for (const index of indexes) await tx.execute(sql.raw(`drop index ${index.name}`));
  return indexes;
}

/** More sort memory than the default 64 MB for the index builds, for this transaction only. */
export async function raiseIndexBuildMemory(tx: DbOrTx): Promise<void> {
  await tx.execute(sql.raw(`set local maintenance_work_mem = '256MB'`));
}

/** Builds an index again from its definition (pg_get_indexdef). */
export async function buildIndex(tx: DbOrTx, index: SecondaryIndex): Promise<void> {
  await tx.execute(sql.raw(index.definition));
}

// --- Server secrets --------------------------------------------------------------------------

/**
 * This installation's server secrets, kept across a restore: the token signing key is held in
 * memory by every running instance, and one started later must read the same key from the
 * database — not the backup's.
 */
export async function savedSecrets(tx: DbOrTx): Promise<string | null> {
  const [exists] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select to_regclass('public.server_secrets') is not null as ok`));
  if (!exists?.ok) return null;
  const [row] = rowsOf<{ j: string }>(await tx.execute(sql`select coalesce(json_agg(s), '[]')::text as j from public.server_secrets s`));
  return row?.j ?? '[]';
}

export async function restoreSecrets(tx: DbOrTx, saved: string | null): Promise<void> {
  if (saved === null) return;
  await tx.execute(sql`delete from public.server_secrets`);
  await tx.execute(sql`insert into public.server_secrets select * from json_populate_recordset(null::public.server_secrets, ${saved}::json)`);
}

// --- Afterwards ------------------------------------------------------------------------------

/** Deletes the jobs of `kind` not done yet (the scheduled backups of the backup's time). */
export async function deletePendingJobs(tx: DbOrTx, kind: string): Promise<void> {
  await tx.execute(sql`delete from jobs where kind = ${kind} and done_at is null`);
}

export async function deleteRefreshTokens(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`delete from refresh_tokens`);
}

export async function deleteSessions(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`delete from sessions`);
}

export async function userExists(tx: DbOrTx, id: string): Promise<boolean> {
  return rowsOf(await tx.execute(sql`select 1 from users where id = ${id}::uuid`)).length > 0;
}
