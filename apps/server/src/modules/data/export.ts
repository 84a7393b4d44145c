import { sql, type SQL } from 'drizzle-orm';
import { DATA_COLUMNS, type DataSet } from '@portal/shared';
import type { Actor } from '../../context.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { CSV_BOM, csvLine, type CsvValue } from '../../lib/csv.js';
import { companyDay } from '../../lib/documents.js';
import { rowsOf } from '../../db/rows.js';

/**
 * CSV exports of customers, items and stock levels, in the columns an import takes back
 * (DATA_COLUMNS), so that exporting and importing a file changes nothing. Read in keyset
 * batches and written out as they come: the file is never held whole.
 */

const BATCH = 1000;

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
      order by u.email limit ${BATCH}`,
    key: (r) => [r.email as string],
  },
  items: {
    // Decimals as PostgreSQL's exact text; codes are unique regardless of case (and so is the key).
    batch: (after) => sql`
      select code, name, description, category, unit, price::text as price, tax_rate::text as tax_rate,
        min_quantity::text as min_quantity, case when active then 'true' else 'false' end as active, lower(code) as k
      from inventory_items ${after ? sql`where lower(code) > ${after[0]}` : sql``}
      order by lower(code) limit ${BATCH}`,
    key: (r) => [r.k as string],
  },
  stock: {
    // In the primary key's order: every batch is an index range.
    batch: (after) => sql`
      select i.code as item_code, w.code as warehouse_code, l.quantity::text as quantity, l.item_id, l.warehouse_id
      from stock_levels l join inventory_items i on i.id = l.item_id join warehouses w on w.id = l.warehouse_id
      ${after ? sql`where (l.item_id, l.warehouse_id) > (${after[0]}::uuid, ${after[1]}::uuid)` : sql``}
      order by l.item_id, l.warehouse_id limit ${BATCH}`,
    key: (r) => [r.item_id as string, r.warehouse_id as string],
  },
};

/** The export's file name: `customers-2026-11-25.csv`. */
/** `items-2026-11-26.csv`: the day in the company's time zone. */
export const exportFileName = (set: DataSet, timeZone: string) => `${set}-${companyDay(new Date(), timeZone)}.csv`;

/**
 * The file, piece by piece: the BOM and header row, then one chunk per batch, every line
 * through the one CSV writer (lib/csv.ts: CRLF, quoting, formulas defused). Audited once the
 * last row is out.
 */
export async function* exportCsv(db: Db, set: DataSet, actor: Actor): AsyncGenerator<string> {
  const columns = DATA_COLUMNS[set];
  const source = SOURCES[set];
  yield `${CSV_BOM}${csvLine([...columns])}\r\n`;
  let rows = 0;
  let after: string[] | null = null;
  for (;;) {
    const batch: Record<string, unknown>[] = rowsOf<Record<string, unknown>>(await db.execute(source.batch(after)));
    if (!batch.length) break;
    rows += batch.length;
    yield batch.map((r) => `${csvLine(columns.map((c) => r[c] as CsvValue))}\r\n`).join('');
    if (batch.length < BATCH) break;
    after = source.key(batch.at(-1)!);
  }
  await audit(db, { actorId: actor.userId, action: 'data.exported', entity: 'data_export', entityId: null, after: { data_set: set, rows }, ip: actor.ip });
}
