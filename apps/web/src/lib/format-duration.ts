/**
 * A duration in minutes as a person reads it: minutes under an hour, hours (one decimal)
 * under two days, days beyond — in the reader's language, with Latin digits like every figure.
 */
export function formatDuration(minutes: number, language: string): string {
  const unit = (value: number, u: 'minute' | 'hour' | 'day', digits: number) =>
    new Intl.NumberFormat(language, { style: 'unit', unit: u, unitDisplay: 'long', maximumFractionDigits: digits, numberingSystem: 'latn' }).format(value);
  if (minutes < 60) return unit(Math.round(minutes), 'minute', 0);
  if (minutes < 48 * 60) return unit(Math.round((minutes / 60) * 10) / 10, 'hour', 1);
  return unit(Math.round((minutes / 1440) * 10) / 10, 'day', 1);
}
