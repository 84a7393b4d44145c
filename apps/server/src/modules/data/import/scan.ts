import { IMPORT_MAX_ROWS, type DataSet } from '@portal/shared';
import type { Problem } from '../messages.js';
import { csvRecords, detectDelimiter, MalformedCsv, readHeader, readRow, type CsvHeader } from './parse.js';
import type { DataSetImporter } from './set.js';

/** Rows looked up and written together: one query per batch, never one per row. */
export const BATCH_ROWS = 1000;

export interface ScanHandlers<Row> {
  /** Problems of a row (or of the file: row 1 for the header). */
  problems(row: number, problems: Problem[]): void;
  /** A batch of rows that passed the schema (and, in the first pass, are not duplicates); `present` are the file's columns. */
  batch(rows: { row: number; value: Row }[], present: ReadonlySet<string>): Promise<void>;
  /** Data rows read so far. */
  progress(rows: number): void;
}

export interface ScanResult {
  header: CsvHeader | null;
  /** Data rows read (blank rows not counted). */
  rows: number;
}

/**
 * One pass over an import file: the header, then each row through its data set's schema, in
 * batches. The first pass (`check`) also finds duplicates within the file and refuses a file
 * too long; it keeps one key per row (50,000 emails is a few MB), never the rows.
 */
export async function scanFile<Row, Plan>(
  file: string,
  set: DataSet,
  importer: DataSetImporter<Row, Plan>,
  handlers: ScanHandlers<Row>,
  opts: { check: boolean },
): Promise<ScanResult> {
  const firstRowOf = new Map<string, number>();
  let header: CsvHeader | null = null;
  let rows = 0;
  let batch: { row: number; value: Row }[] = [];
  const flush = async () => {
    if (!batch.length || !header) return;
    const full = batch;
    batch = [];
    await handlers.batch(full, header.present);
  };

  try {
    for await (const record of csvRecords(file, await detectDelimiter(file))) {
      if (!header) {
        header = readHeader(set, record.cells, importer.required);
        if (header.problems.length) {
          // Without its columns no row can be read.
          handlers.problems(1, header.problems);
          return { header, rows };
        }
        continue;
      }
      const fileRow = readRow(header, record);
      if (!fileRow) continue;
      rows++;
      if (opts.check && rows > IMPORT_MAX_ROWS) {
        handlers.problems(record.row, [{ column: null, code: 'too_many_rows', params: { max: IMPORT_MAX_ROWS } }]);
        return { header, rows: rows - 1 };
      }
      handlers.progress(rows);
      const problems = [...fileRow.problems];
      if (opts.check) {
        const key = importer.key(fileRow.cells);
        const first = key === null ? undefined : firstRowOf.get(key);
        if (first !== undefined) problems.push({ column: importer.keyColumn, code: 'duplicate', params: { first } });
        else if (key !== null) firstRowOf.set(key, fileRow.row);
      }
      const badCell = new Set(fileRow.problems.map((p) => p.column));
      const parsed = fileRow.problems.some((p) => p.code === 'cell_count') ? null : importer.parse(fileRow.cells, header.present);
      // A cell already refused (a formula) is not also reported as missing.
      if (parsed && 'problems' in parsed) problems.push(...parsed.problems.filter((p) => !badCell.has(p.column)));
      if (problems.length) {
        handlers.problems(fileRow.row, problems);
        continue;
      }
      if (parsed && 'value' in parsed) batch.push({ row: fileRow.row, value: parsed.value });
      if (batch.length >= BATCH_ROWS) await flush();
    }
  } catch (err) {
    if (!(err instanceof MalformedCsv)) throw err;
    handlers.problems(err.row, [{ column: null, code: 'malformed', params: { reason: err.reason } }]);
    await flush();
    return { header, rows };
  }
  await flush();
  if (!header) handlers.problems(1, [{ column: null, code: 'empty_file' }]);
  return { header, rows };
}
