import fs from 'node:fs';
import { parse, CsvError } from 'csv-parse';
import { DATA_COLUMNS, isSafeText, type DataSet } from '@portal/shared';
import type { Problem } from '../messages.js';

/**
 * Reading an import file: its delimiter, its records numbered as a spreadsheet numbers its
 * rows (the header is row 1), its header mapped onto the data set's columns, and each cell
 * checked for what no import may take (a formula, NUL). Streamed from the file: never held whole.
 */

/** How far into the file the header line is looked for, to tell the delimiter. */
const SNIFF_BYTES = 64 * 1024;

/** Comma or semicolon, whichever the header line holds more of outside quotes (Excel in many locales writes `;`). */
export async function detectDelimiter(file: string): Promise<',' | ';'> {
  const handle = await fs.promises.open(file, 'r');
  let head: string;
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    head = buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of head) {
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '\n' || ch === '\r') break;
    else if (ch === ',') commas++;
    else if (ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** The file cannot be read as CSV from `row` on (an unclosed quote…). */
export class MalformedCsv extends Error {
  constructor(
    readonly row: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** The file's records, each with its spreadsheet row number (header = 1). */
export async function* csvRecords(file: string, delimiter: string): AsyncGenerator<{ row: number; cells: string[] }> {
  const parser = parse({
    bom: true,
    delimiter,
    // A row with too few or too many cells is reported on that row, not as a broken file.
    relax_column_count: true,
    // A stray quote inside a cell (5" screen) is taken as a character, as spreadsheets do.
    relax_quotes: true,
  });
  const source = fs.createReadStream(file);
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) yield { row: ++row, cells };
  } catch (err) {
    if (err instanceof CsvError) throw new MalformedCsv(row + 1, err.message.replace(/^[^:]*:\s*/, ''));
    throw err;
  } finally {
    source.destroy();
    parser.destroy();
  }
}

export interface CsvHeader {
  /** The data set's column at each position of the file, null for one it does not have. */
  columns: (string | null)[];
  /** The data set's columns the file has. */
  present: ReadonlySet<string>;
  unknown: string[];
  /** Row-1 problems: a required column missing, a column twice. */
  problems: Problem[];
}

/** Header names are trimmed and lower-cased; columns may come in any order. */
export function readHeader(set: DataSet, cells: string[], required: readonly string[]): CsvHeader {
  const known = new Set<string>(DATA_COLUMNS[set]);
  const present = new Set<string>();
  const unknown: string[] = [];
  const problems: Problem[] = [];
  const columns = cells.map((cell) => {
    const name = cell.trim().toLowerCase();
    if (!known.has(name)) {
      // A trailing delimiter makes a nameless column: nothing to report.
      if (name && !unknown.includes(name)) unknown.push(name);
      return null;
    }
    if (present.has(name)) {
      problems.push({ column: name, code: 'duplicate', params: { first: 1 } });
      return null;
    }
    present.add(name);
    return name;
  });
  for (const column of required) if (!present.has(column)) problems.push({ column, code: 'required' });
  return { columns, present, unknown, problems };
}

const DEFUSED = /^'[=+\-@\t\r]/;
const FORMULA = /^[=+\-@]/;
/**
 * What a spreadsheet may start as a formula but can never run anything with: a signed figure
 * made of digits, spaces, dots, dashes, slashes and parentheses — a real number ("-5") or a
 * written phone number ("+966 55 123 4567"). Running something takes a function name, a
 * reference or a DDE link, which all need letters or other signs. (On export lib/csv.ts still
 * puts an apostrophe before a written phone number, so the spreadsheet shows it as text.)
 */
const SIGNED_FIGURE = /^[-+][\d\s./()-]*$/;

/**
 * One cell as an import takes it: trimmed; a cell that starts like a formula is refused (it
 * would run when the file is opened in a spreadsheet) unless it is a signed figure — or unless
 * it carries the leading apostrophe our own CSV writer puts before such a cell, which is taken
 * off again, so that exporting and importing a file changes nothing.
 */
export function readCell(raw: string): { value: string } | { code: 'formula' | 'invalid' } {
  if (!isSafeText(raw)) return { code: 'invalid' };
  const value = raw.trim();
  if (DEFUSED.test(value)) return { value: value.slice(1).trim() };
  if (FORMULA.test(value) && !SIGNED_FIGURE.test(value)) return { code: 'formula' };
  return { value };
}

/** A data row's cells by column ('' when empty), and the problems of its cells. */
export interface FileRow {
  row: number;
  cells: Partial<Record<string, string>>;
  problems: Problem[];
}

/** A data record read through the header: null for a blank row (a spreadsheet's empty line), which is skipped. */
export function readRow(header: CsvHeader, record: { row: number; cells: string[] }): FileRow | null {
  if (record.cells.every((c) => c.trim() === '')) return null;
  const problems: Problem[] = [];
  if (record.cells.length !== header.columns.length) {
    problems.push({ column: null, code: 'cell_count', params: { found: record.cells.length, expected: header.columns.length } });
    return { row: record.row, cells: {}, problems };
  }
  const cells: Partial<Record<string, string>> = {};
  header.columns.forEach((column, i) => {
    if (!column) return;
    const cell = readCell(record.cells[i]!);
    if ('code' in cell) problems.push({ column, code: cell.code });
    else cells[column] = cell.value;
  });
  return { row: record.row, cells, problems };
}
