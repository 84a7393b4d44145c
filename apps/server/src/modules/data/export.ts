import { DATA_COLUMNS, type DataSet } from '@portal/shared';
import type { Actor } from '../../context.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { CSV_BOM, csvLine, type CsvValue } from '../../lib/csv.js';
import { companyDay } from '../../lib/documents.js';
import { EXPORT_BATCH, exportKeyOf, readExportBatch } from './queries.js';

/**
 * CSV exports of customers, items and stock levels, in the columns an import takes back
 * (DATA_COLUMNS), so that exporting and importing a file changes nothing. Read in keyset
 * batches and written out as they come: the file is never held whole.
 */

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
  yield `${CSV_BOM}${csvLine([...columns])}\r\n`;
  let rows = 0;
  let after: string[] | null = null;
  for (;;) {
    const batch: Record<string, unknown>[] = await readExportBatch(db, set, after);
    if (!batch.length) break;
    rows += batch.length;
    yield batch.map((r) => `${csvLine(columns.map((c) => r[c] as CsvValue))}\r\n`).join('');
    if (batch.length < EXPORT_BATCH) break;
    after = exportKeyOf(set, batch.at(-1)!);
  }
  await audit(db, { actorId: actor.userId, action: 'data.exported', entity: 'data_export', entityId: null, after: { data_set: set, rows }, ip: actor.ip });
}
