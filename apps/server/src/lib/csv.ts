/**
 * The server's one CSV writer (every export: requests, audit log, inventory report, delivery
 * notes, analytics): UTF-8 with a byte-order mark so spreadsheet programs show Arabic, CRLF line
 * ends, RFC 4180 quoting.
 *
 * A cell a spreadsheet would run as a formula — one starting with = + - @ or a tab / carriage
 * return — gets a leading apostrophe, except a real number ("-5", "+966500000000", "12.50"),
 * which a spreadsheet reads as a number and never runs. (There were three escapers; one
 * defused negative numbers into text, the others did not.)
 */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const REAL_NUMBER = /^[-+]?\d+(\.\d+)?$/;

export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(s) && !REAL_NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One line, without its line end. */
export const csvLine = (values: CsvValue[]): string => values.map(csvCell).join(',');

/** A whole file: the BOM, then every row and a final line end. */
export const toCsv = (rows: CsvValue[][]): string => `${CSV_BOM}${rows.map(csvLine).join('\r\n')}\r\n`;
