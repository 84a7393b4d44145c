import { sql } from 'drizzle-orm';
import type { MigrationMeta } from 'drizzle-orm/migrator';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/**
 * What a backup and a restore need to know of the schema, read from the PostgreSQL catalog
 * (never a hand-kept list): every base table of `public` with its stored columns, primary key,
 * foreign-key parents and triggers; and how far the schema is migrated. Also the statements a
 * restore runs on the schema itself: dropping it, replaying migrations, resetting sequences.
 */

export interface ColumnInfo {
  name: string;
  /** `format_type` of the column, e.g. `numeric(12,2)`, `text[]`. */
  type: string;
  kind: 'json' | 'bytea' | 'text' | 'other';
  notNull: boolean;
}

export interface TableInfo {
  name: string;
  /** Stored columns in their order (generated columns are left out: the database makes them). */
  columns: ColumnInfo[];
  primaryKey: string[];
  /** Other tables of `public` this one references (its rows must be loaded after theirs). */
  parents: string[];
  /** A foreign key from the table to itself. */
  selfReferencing: boolean;
  /** Has triggers of its own (not the internal ones that enforce foreign keys). */
  hasUserTriggers: boolean;
}

/** A quoted SQL identifier. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualified = (table: string) => `public.${ident(table)}`;

const exec = async <T>(db: DbOrTx, text: string) => rowsOf<T>(await db.execute(sql.raw(text)));

/** Not a member of an extension (pg_trgm and btree_gist put their own objects in `public`). */
const notExtensionMember = (catalog: string, oid: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;

export async function readCatalog(db: DbOrTx): Promise<Map<string, TableInfo>> {
  const columns = await exec<{ table: string; column: string; type: string; base: string; category: string; not_null: boolean }>(
    db,
    `select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
       t.typname as base, t.typcategory as category, a.attnotnull as not_null
     from pg_class c
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     join pg_type t on t.oid = a.atttypid
     where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and ${notExtensionMember('pg_class', 'c.oid')}
     order by c.relname, a.attnum`,
  );
  const keys = await exec<{ table: string; columns: string[] }>(
    db,
    `select c.relname as table, json_agg(a.attname::text order by k.ord) as columns
     from pg_index i
     join pg_class c on c.oid = i.indrelid
     cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
     join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
     where i.indisprimary and c.relnamespace = 'public'::regnamespace
     group by c.relname`,
  );
  const fks = await exec<{ child: string; parent: string }>(
    db,
    `select distinct s.relname as child, p.relname as parent
     from pg_constraint k
     join pg_class s on s.oid = k.conrelid
     join pg_class p on p.oid = k.confrelid
     where k.contype = 'f' and s.relnamespace = 'public'::regnamespace and p.relnamespace = 'public'::regnamespace`,
  );
  const triggered = await exec<{ table: string }>(
    db,
    `select distinct c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where not t.tgisinternal and c.relnamespace = 'public'::regnamespace`,
  );

  const tables = new Map<string, TableInfo>();
  for (const col of columns) {
    let table = tables.get(col.table);
    if (!table) {
      table = { name: col.table, columns: [], primaryKey: [], parents: [], selfReferencing: false, hasUserTriggers: false };
      tables.set(col.table, table);
    }
    const kind = col.base === 'json' || col.base === 'jsonb' ? 'json' : col.base === 'bytea' ? 'bytea' : col.category === 'S' ? 'text' : 'other';
    table.columns.push({ name: col.column, type: col.type, kind, notNull: col.not_null });
  }
  for (const k of keys) {
    const table = tables.get(k.table);
    if (table) table.primaryKey = k.columns;
  }
  for (const fk of fks) {
    const table = tables.get(fk.child);
    if (!table || !tables.has(fk.parent)) continue;
    if (fk.parent === fk.child) table.selfReferencing = true;
    else if (!table.parents.includes(fk.parent)) table.parents.push(fk.parent);
  }
  for (const t of triggered) {
    const table = tables.get(t.table);
    if (table) table.hasUserTriggers = true;
  }
  return tables;
}

// --- Migrations -------------------------------------------------------------------------------

/** How many migrations the database has had: the rows of drizzle.__drizzle_migrations (0 before any). */
export async function countAppliedMigrations(db: DbOrTx): Promise<number> {
  const [exists] = await exec<{ ok: boolean }>(db, `select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
  return exists?.ok ? Number((await exec<{ n: number }>(db, `select count(*)::int as n from drizzle.__drizzle_migrations`))[0]?.n ?? 0) : 0;
}

/**
 * Drops every object of `public` the migrations made — tables (with their indexes, triggers and
 * constraints), views, sequences, functions and types — but none that belongs to an extension:
 * pg_trgm and btree_gist stay installed (migration 0002 creates them only if missing), and
 * neither the schema itself nor its owner and grants change (dropping the schema would need its
 * owner, which on a managed PostgreSQL is often not the portal's role).
 */
export async function dropPublicObjects(tx: DbOrTx): Promise<void> {
  const drops = [
    [['r', 'p', 'f'], 'table'],
    [['m'], 'materialized view'],
    [['v'], 'view'],
    [['S'], 'sequence'],
  ] as const;
  for (const [kinds, what] of drops) {
    const [row] = await exec<{ names: string | null }>(
      tx,
      `select string_agg(format('%I.%I', 'public', c.relname), ', ') as names from pg_class c
       where c.relnamespace = 'public'::regnamespace and c.relkind in (${kinds.map((k) => `'${k}'`).join(', ')}) and ${notExtensionMember('pg_class', 'c.oid')}`,
    );
    if (row?.names) await tx.execute(sql.raw(`drop ${what} if exists ${row.names} cascade`));
  }
  const routines = await exec<{ sig: string; kind: string }>(
    tx,
    `select p.oid::regprocedure::text as sig, p.prokind as kind from pg_proc p
     where p.pronamespace = 'public'::regnamespace and ${notExtensionMember('pg_proc', 'p.oid')}`,
  );
  for (const r of routines) {
    const what = r.kind === 'a' ? 'aggregate' : r.kind === 'p' ? 'procedure' : 'function';
    // regprocedure prints the name as search_path resolves it; public is on it.
    await tx.execute(sql.raw(`drop ${what} if exists ${r.sig} cascade`));
  }
  const types = await exec<{ name: string; kind: string }>(
    tx,
    `select format('%I.%I', 'public', t.typname) as name, t.typtype as kind from pg_type t
     where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'd', 'r', 'm', 'c')
       and (t.typtype <> 'c' or (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c')
       and ${notExtensionMember('pg_type', 't.oid')}`,
  );
  for (const t of types) await tx.execute(sql.raw(`drop ${t.kind === 'd' ? 'domain' : 'type'} if exists ${t.name} cascade`));
}

/** Runs migrations [from, to) of `migrations` the way drizzle's migrator does (each statement on its own). */
export async function replayMigrations(tx: DbOrTx, migrations: MigrationMeta[], from: number, to: number): Promise<void> {
  for (let i = from; i < to; i++) {
    for (const statement of migrations[i]!.sql) {
      if (statement.trim()) await tx.execute(sql.raw(statement));
    }
  }
}

/** Makes drizzle.__drizzle_migrations say exactly `migrations` were applied (hash and timestamp as drizzle writes them). */
export async function rewriteMigrationLog(tx: DbOrTx, migrations: MigrationMeta[]): Promise<void> {
  await tx.execute(sql`delete from drizzle.__drizzle_migrations`);
  for (const m of migrations) {
    await tx.execute(sql`insert into drizzle.__drizzle_migrations ("hash", "created_at") values (${m.hash}, ${m.folderMillis})`);
  }
}

/** Sets every sequence owned by a column of `public` (serial, identity) past the column's largest value. */
export async function resetSequences(tx: DbOrTx): Promise<number> {
  const owned = await exec<{ seq: string; tbl: string; col: string }>(
    tx,
    `select format('%I.%I', 'public', s.relname) as seq, t.relname as tbl, a.attname as col
     from pg_class s
     join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
     join pg_class t on t.oid = d.refobjid
     join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
     where s.relkind = 'S' and s.relnamespace = 'public'::regnamespace`,
  );
  for (const o of owned) {
    const max = `(select max(${ident(o.col)}) from ${qualified(o.tbl)})`;
    await tx.execute(sql.raw(`select setval('${o.seq.replace(/'/g, "''")}'::regclass, coalesce(${max}, 1), ${max} is not null)`));
  }
  return owned.length;
}
