/**
 * Exact decimal arithmetic on the strings the API carries (money and quantities are never
 * floats). Free of zod, so a screen that compares two quantities loads no schemas.
 */

/** A decimal string as an integer of `places` decimal places (exact; extra places are cut). */
export function scaled(value: string | number, places: number): bigint {
  const m = /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(String(value).trim());
  if (!m || (!m[2] && !m[3])) throw new Error(`not a decimal: ${value}`);
  const n = BigInt((m[2] || '0') + (m[3] ?? '').padEnd(places, '0').slice(0, places));
  return m[1] === '-' ? -n : n;
}

function unscaled(n: bigint, places: number): string {
  const sign = n < 0n ? '-' : '';
  const digits = (n < 0n ? -n : n).toString().padStart(places + 1, '0');
  return `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/** Exact comparison of two decimal strings: -1, 0 or 1. */
export function compareDecimal(a: string | number, b: string | number): -1 | 0 | 1 {
  const x = scaled(a, 3);
  const y = scaled(b, 3);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Price including tax, rounded half away from zero to 2 places — as the server computes it. */
export function itemTotal(price: string | number, taxRate: string | number): string {
  const n = scaled(price, 2) * (10000n + scaled(taxRate, 2));
  return unscaled((n + 5000n) / 10000n, 2);
}
