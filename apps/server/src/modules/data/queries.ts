import { eq, sql, type SQL } from 'drizzle-orm';
import type { DataSet, TImportJob, TImportReport } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { adjustments, customers, dataImports, inventoryItems, users } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';
import { isoSql } from '../../db/sql.js';

/**
 * The data module's statements: the exports' batches, the data_imports rows, and what each
 * importer looks up and writes (import/customers.ts, items.ts, stock.ts).
 */

// --- Exports -------------------------------------------------------------------------------

/** Rows per export batch (a shorter batch is the last). */
export const EXPORT_BATCH = 1000;

interface Source {
  /** A batch after the last row's key (from the start when null), ordered by the key. */
  batch(after: string[] | null): SQL;
  key(row: Record<string, unknown>): string[];
}

const SOURCES: Record<DataSet, Source> = {
  customers: {
    batch: (after) => sql`
      select u.email, u.name, u.mobile, c.default_address as address
      from users u left join customers c on c.user_id = u.id
      where u.role = 'customer' ${after ? sql`and u.email > ${after[0]}` : sql``}
      order by u.email limit ${EXPORT_BATCH}`,
    key: (r) => [r.email as string],
  },
  items: {
    // Decimals as PostgreSQL's exact text; codes are unique regardless of case (and so is the key).
    batch: (after) => sql`
      select code, name, description, category, unit, price::text as price, tax_rate::text as tax_rate,
        min_quantity::text as min_quantity, case when active then 'true' else 'false' end as active, lower(code) as k
      from inventory_items ${after ? sql`where lower(code) > ${after[0]}` : sql``}
      order by lower(code) limit ${EXPORT_BATCH}`,
    key: (r) => [r.k as string],
  },
  stock: {
    // In the primary key's order: every batch is an index range.
    batch: (after) => sql`
      select i.code as item_code, w.code as warehouse_code, l.quantity::text as quantity, l.item_id, l.warehouse_id
      from stock_levels l join inventory_items i on i.id = l.item_id join warehouses w on w.id = l.warehouse_id
      ${after ? sql`where (l.item_id, l.warehouse_id) > (${after[0]}::uuid, ${after[1]}::uuid)` : sql``}
      order by l.item_id, l.warehouse_id limit ${EXPORT_BATCH}`,
    key: (r) => [r.item_id as string, r.warehouse_id as string],
  },
};

/** The next batch (at most EXPORT_BATCH rows) of a data set's export, after the key `after` (exportKeyOf). */
export async function readExportBatch(db: DbOrTx, set: DataSet, after: string[] | null): Promise<Record<string, unknown>[]> {
  return rowsOf<Record<string, unknown>>(await db.execute(SOURCES[set].batch(after)));
}

/** The key of an exported row, to read the batch after it. */
export const exportKeyOf = (set: DataSet, row: Record<string, unknown>): string[] => SOURCES[set].key(row);

// --- Import jobs ---------------------------------------------------------------------------

/** A running import not moved for this long has died with the instance running it. */
const STALE_AFTER = '2 minutes';
const LIST_LIMIT = 20;

export interface JobRow {
  id: string;
  data_set: DataSet;
  dry_run: boolean;
  status: TImportJob['status'];
  stale: boolean;
  phase: TImportJob['phase'];
  file_name: string | null;
  total_rows: number | null;
  rows_checked: number;
  rows_written: number;
  report: TImportReport | null;
  error: string | null;
  created_by: string | null;
  created_by_name: string | null;
  created_at: string;
  finished_at: string | null;
}

const JOB_SELECT = sql`
  select d.id, d.data_set, d.dry_run, d.status, d.phase, d.file_name, d.total_rows, d.rows_checked, d.rows_written, d.report, d.error,
    (d.status = 'running' and d.updated_at < now() - ${STALE_AFTER}::interval) as stale,
    d.created_by, u.name as created_by_name, ${isoSql(sql`d.created_at`)} as created_at, ${isoSql(sql`d.finished_at`)} as finished_at
  from data_imports d left join users u on u.id = d.created_by`;

export async function findImportJob(db: DbOrTx, id: string): Promise<JobRow | null> {
  const [row] = rowsOf<JobRow>(await db.execute(sql`${JOB_SELECT} where d.id = ${id}::uuid`));
  return row ?? null;
}

/** The latest imports, newest first. */
export async function listLatestImportJobs(db: DbOrTx): Promise<JobRow[]> {
  return rowsOf<JobRow>(await db.execute(sql`${JOB_SELECT} order by d.created_at desc, d.id desc limit ${LIST_LIMIT}`));
}

/** A new data_imports row; answers its id. */
export async function insertImportJob(
  db: DbOrTx,
  input: { dataSet: DataSet; dryRun: boolean; fileName: string | null; createdBy: string },
): Promise<string> {
  const [row] = await db
    .insert(dataImports)
    .values({ dataSet: input.dataSet, dryRun: input.dryRun, fileName: input.fileName, createdBy: input.createdBy })
    .returning({ id: dataImports.id });
  return row!.id;
}

/** How far an import is, as its row keeps it. */
export interface ImportJobProgress {
  phase: TImportJob['phase'];
  rowsChecked: number;
  rowsWritten: number;
  totalRows: number | null;
}

/** How an import ended. */
export interface ImportJobEnd {
  status: 'done' | 'failed';
  report: TImportReport | null;
  error: string | null;
}

/** Moves an import's row: its progress and, at the end, how it ended and when. */
export async function updateImportJob(db: DbOrTx, id: string, progress: ImportJobProgress, end?: ImportJobEnd): Promise<void> {
  await db
    .update(dataImports)
    // The database's clock: staleness is judged by it, whichever instance asks.
    .set({ ...(end ? { ...end, finishedAt: sql`now()` } : {}), ...progress, updatedAt: sql`now()` })
    .where(eq(dataImports.id, id));
}

// --- Customers import ----------------------------------------------------------------------

/** An account found by email, with its customer row's address. */
export interface ExistingAccount {
  id: string;
  email: string;
  role: string;
  name: string;
  mobile: string | null;
  address: string | null;
}

/** The accounts (of any role) with these emails. */
export async function findAccountsByEmail(db: DbOrTx, emails: string[]): Promise<ExistingAccount[]> {
  return rowsOf<ExistingAccount>(
    await db.execute(sql`
        select u.id, u.email, u.role::text as role, u.name, u.mobile, c.default_address as address
        from users u left join customers c on c.user_id = u.id
        where u.email in ${emails}`),
  );
}

/** New accounts; answers their ids by email. */
export async function insertAccounts(tx: DbOrTx, accounts: (typeof users.$inferInsert)[]): Promise<{ id: string; email: string }[]> {
  return tx.insert(users).values(accounts).returning({ id: users.id, email: users.email });
}

export async function insertCustomerRows(tx: DbOrTx, rows: (typeof customers.$inferInsert)[]): Promise<void> {
  await tx.insert(customers).values(rows);
}

/** Each account's name and mobile, in one statement. */
export async function updateAccountContacts(tx: DbOrTx, updates: { id: string; name: string; mobile: string | null }[]): Promise<void> {
  const values = sql.join(
    updates.map((u) => sql`(${u.id}::uuid, ${u.name}::text, ${u.mobile}::text)`),
    sql`, `,
  );
  await tx.execute(sql`update users u set name = v.name, mobile = v.mobile from (values ${values}) v(id, name, mobile) where u.id = v.id`);
}

/** The customer rows of these accounts: name, mobile and address replaced, or the row made if missing. */
export async function upsertCustomerRows(tx: DbOrTx, rows: (typeof customers.$inferInsert)[]): Promise<void> {
  await tx
    .insert(customers)
    .values(rows)
    .onConflictDoUpdate({
      target: customers.userId,
      set: { name: sql`excluded.name`, mobileNumber: sql`excluded.mobile_number`, defaultAddress: sql`excluded.default_address` },
    });
}

// --- Items import --------------------------------------------------------------------------

/** An item as stored: decimals as PostgreSQL's exact text. */
export interface StoredItem {
  code: string;
  name: string;
  description: string | null;
  category: string;
  unit: string;
  price: string;
  tax_rate: string;
  min_quantity: string;
  active: boolean;
}

/** The items whose lower-cased codes are these. */
export async function findItemsByCode(db: DbOrTx, lowerCodes: string[]): Promise<(StoredItem & { id: string })[]> {
  return rowsOf<StoredItem & { id: string }>(
    await db.execute(sql`
        select id, code, name, description, category, unit, price::text as price, tax_rate::text as tax_rate,
          min_quantity::text as min_quantity, active
        from inventory_items where lower(code) in ${lowerCodes}`),
  );
}

/** New items; answers their ids. */
export async function insertItems(tx: DbOrTx, items: (typeof inventoryItems.$inferInsert)[]): Promise<{ id: string }[]> {
  return tx.insert(inventoryItems).values(items).returning({ id: inventoryItems.id });
}

/** Every field of these items, in one statement. */
export async function updateItems(tx: DbOrTx, updates: (StoredItem & { id: string | null })[]): Promise<void> {
  const values = sql.join(
    updates.map(
      (i) =>
        sql`(${i.id}::uuid, ${i.code}::text, ${i.name}::text, ${i.description}::text, ${i.category}::text, ${i.unit}::text,
              ${i.price}::numeric, ${i.tax_rate}::numeric, ${i.min_quantity}::numeric, ${i.active}::boolean)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
        update inventory_items i set code = v.code, name = v.name, description = v.description, category = v.category, unit = v.unit,
          price = v.price, tax_rate = v.tax_rate, min_quantity = v.min_quantity, active = v.active, updated_at = now()
        from (values ${values}) v(id, code, name, description, category, unit, price, tax_rate, min_quantity, active)
        where i.id = v.id`);
}

// --- Stock import --------------------------------------------------------------------------

/** An item or warehouse by its lower-cased code. */
export interface CodeRow {
  id: string;
  code: string;
  active: boolean;
}

/** The items whose lower-cased codes are these, the code lower-cased. */
export async function findItemCodes(db: DbOrTx, lowerCodes: string[]): Promise<CodeRow[]> {
  return rowsOf<CodeRow>(await db.execute(sql`select id, lower(code) as code, active from inventory_items where lower(code) in ${lowerCodes}`));
}

/** Every warehouse (they are few), the code lower-cased. */
export async function listWarehouseCodes(db: DbOrTx): Promise<CodeRow[]> {
  return rowsOf<CodeRow>(await db.execute(sql`select id, lower(code) as code, active from warehouses`));
}

/** The stock levels of these (item, warehouse) pairs that exist; none (and no statement) for no pairs. */
export async function findStockLevels(
  db: DbOrTx,
  pairs: { itemId: string; warehouseId: string }[],
): Promise<{ item_id: string; warehouse_id: string; quantity: string }[]> {
  const keys = pairs.map((p) => sql`(${p.itemId}::uuid, ${p.warehouseId}::uuid)`);
  return keys.length
    ? rowsOf<{ item_id: string; warehouse_id: string; quantity: string }>(
        await db.execute(sql`
            select l.item_id, l.warehouse_id, l.quantity::text as quantity from stock_levels l
            join (values ${sql.join(keys, sql`, `)}) k(item_id, warehouse_id) on l.item_id = k.item_id and l.warehouse_id = k.warehouse_id`),
      )
    : [];
}

/**
 * The counts that differ from the level before them, with the change and the new level as
 * numeric(14,3) text; `i` is the count's index in `counts`, in that order.
 */
export async function countChanges(tx: DbOrTx, counts: { counted: string; before: string }[]): Promise<{ i: number; change: string; after: string }[]> {
  return rowsOf<{ i: number; change: string; after: string }>(
    await tx.execute(sql`
        select c.i, (c.counted - c.before)::numeric(14,3)::text as change, c.counted::numeric(14,3)::text as after
        from (values ${sql.join(
          counts.map((c, i) => sql`(${i}::int, ${c.counted}::numeric, ${c.before}::numeric)`),
          sql`, `,
        )}) c(i, counted, before)
        where c.counted <> c.before
        order by c.i`),
  );
}

export async function insertAdjustments(tx: DbOrTx, rows: (typeof adjustments.$inferInsert)[]): Promise<void> {
  await tx.insert(adjustments).values(rows);
}
