import { listFormat, numberFormat } from './intl-format';

/**
 * A duration in minutes as a person reads it: minutes under an hour, hours (one decimal)
 * under two days, days beyond — in the reader's language, with Latin digits like every figure.
 */
export function formatDuration(minutes: number, language: string): string {
  const unit = (value: number, u: 'minute' | 'hour' | 'day', digits: number) =>
    numberFormat(language, { style: 'unit', unit: u, unitDisplay: 'long', maximumFractionDigits: digits, numberingSystem: 'latn' }).format(value);
  if (minutes < 60) return unit(Math.round(minutes), 'minute', 0);
  if (minutes < 48 * 60) return unit(Math.round((minutes / 60) * 10) / 10, 'hour', 1);
  return unit(Math.round((minutes / 1440) * 10) / 10, 'day', 1);
}

/**
 * An elapsed time to the second (a running work timer, a work-log entry): "4 min 0 sec",
 * "1 hr 5 min" / "4 د و0 ث", "1 س و5 د" — Intl's units and list joining in the reader's
 * language, Latin digits. Show it in a <bdi> (never forced LTR) so Arabic reads right to left.
 */
export function formatElapsed(seconds: number, language: string): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const parts: [number, 'hour' | 'minute' | 'second'][] = h > 0 ? [[h, 'hour'], [m, 'minute']] : [[m, 'minute'], [s, 'second']];
  const unit = (value: number, u: 'hour' | 'minute' | 'second') =>
    numberFormat(language, { style: 'unit', unit: u, unitDisplay: 'short', numberingSystem: 'latn' }).format(value);
  return listFormat(language, { style: 'narrow', type: 'unit' }).format(parts.map(([v, u]) => unit(v, u)));
}
