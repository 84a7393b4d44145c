import { useTranslation } from 'react-i18next';
import { numberFormat } from './intl-format';

/**
 * The axes of a Mantine chart in the page's direction. Recharts lays out left to right: in
 * Arabic the first category goes to the right (x reversed) and the value axis — or, for a
 * horizontal bar chart, the category axis — to the right edge, so every chart reads the way its
 * page does. `width` is the y axis' width in px (its labels' room).
 */
export function useChartAxes(width: number, y: { allowDecimals?: boolean } = {}) {
  const { i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  return {
    xAxisProps: { reversed: rtl },
    yAxisProps: { orientation: rtl ? ('right' as const) : ('left' as const), width, ...y },
  };
}

/** Steps a reader finds round: 1, 2, 2.5 and 5 times a power of ten. */
const ROUND_STEPS = [1, 2, 2.5, 5];

/** `n` without the float noise of repeated decimal steps (0.1 × 3 → 0.3). */
const clean = (n: number) => Number(n.toPrecision(12));

/**
 * The ticks of a value axis from 0 to at least `max`: at most `count` intervals of a round step
 * (1, 2, 2.5 or 5 × 10ⁿ), so the labels read 0, 500, 1,000… rather than 0, 450, 900… Counts
 * (`whole`) never get a fractional step. Negative, empty or missing data give the axis 0–1.
 */
export function roundTicks(max: number, { count = 4, whole = false }: { count?: number; whole?: boolean } = {}): number[] {
  const top = Number.isFinite(max) && max > 0 ? max : 1;
  const rough = top / count;
  let step = 0;
  for (let power = Math.floor(Math.log10(rough)) - 1; step === 0; power += 1) {
    for (const m of ROUND_STEPS) {
      const candidate = clean(m * 10 ** power);
      if (whole && !Number.isInteger(candidate)) continue;
      if (candidate * count >= top - 1e-9) {
        step = candidate;
        break;
      }
    }
  }
  const intervals = Math.max(1, Math.ceil(clean(top / step)));
  return Array.from({ length: intervals + 1 }, (_, i) => clean(i * step));
}

/**
 * y axis props for round ticks over `values` (nulls and non-numbers ignored): fixed ticks from 0
 * to the first round tick at or above the largest value, every one of them labelled.
 */
export function roundValueAxis(values: Iterable<unknown>, options: { count?: number; whole?: boolean } = {}) {
  let max = 0;
  for (const v of values) {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (Number.isFinite(n) && n > max) max = n;
  }
  const ticks = roundTicks(max, options);
  return { ticks, domain: [0, ticks.at(-1)!] as [number, number], interval: 0 as const, allowDecimals: !options.whole };
}

/**
 * An amount of money as an axis label: whole units, thousands and millions shortened
 * ("SAR 220K", "220 ألف ر.س."), Latin digits as everywhere in the app. Tooltips keep the exact
 * amount (the page's money formatter).
 */
export function formatAxisMoney(value: number, language: string, currency?: string): string {
  const options: Intl.NumberFormatOptions = { numberingSystem: 'latn', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 };
  if (currency) {
    try {
      return numberFormat(language, { ...options, style: 'currency', currency }).format(value);
    } catch {
      // An unknown currency code: the plain number, as the money formatter does.
    }
  }
  return numberFormat(language, options).format(value);
}
