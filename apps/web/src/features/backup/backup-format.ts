import { numberFormat } from '../../lib/intl-format';

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** 1536000 → "1.5 MB" / "1.5 ميغابايت": decimal units, as Intl names them, Latin digits. */
export function formatBytes(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return numberFormat(language, {
    style: 'unit',
    unit: UNITS[unit],
    // Short names where they are the usual ones (MB); Arabic's short ones (م.ب) are rarely
    // seen, and "512 byte" reads wrong: there the long names, which are short enough.
    unitDisplay: unit === 0 || language.startsWith('ar') ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
    numberingSystem: 'latn',
  }).format(value);
}

/** Rows in the whole backup. */
export function totalRows(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

/** The start of a SHA-256, enough to tell files apart at a glance. */
export function shortHash(sha256: string): string {
  return sha256.slice(0, 12);
}

/** Percent of a progress report, or null while its total is unknown. */
export function progressPercent(done: number, total: number | null): number | null {
  if (total === null || total <= 0) return null;
  return Math.min(100, Math.max(0, Math.round((done / total) * 100)));
}
