import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';
import type { ListState } from '../lib/list-state';
import { DateInput, type DateInputProps } from './dates';
import { datesSettings } from './dates-provider';

dayjs.extend(customParseFormat);

/** How a chosen day is shown: "5 Jan 2026" / "5 يناير 2026" (Latin digits, as everywhere). */
export const DAY_FORMAT = 'D MMM YYYY';
const TYPED_FORMATS = ['YYYY-MM-DD', 'YYYY-M-D', DAY_FORMAT, 'D MMMM YYYY', 'D/M/YYYY', 'DD/MM/YYYY', 'D-M-YYYY'];

/** Arabic-Indic and Eastern Arabic-Indic digits as Latin ones. */
const latinDigits = (text: string) => text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));

/**
 * What someone typed into a date field, as `YYYY-MM-DD`, or null: an ISO day, or a day in the
 * shown format or day/month/year, in the page's language, with either kind of digits.
 */
export function parseTypedDay(text: string, language: string): string | null {
  const value = latinDigits(text.trim());
  if (!value) return null;
  for (const format of TYPED_FORMATS) {
    const day = dayjs(value, format, language, true);
    if (day.isValid()) return day.format('YYYY-MM-DD');
  }
  return null;
}

export interface DateFieldProps extends Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'minDate' | 'maxDate'> {
  /** `YYYY-MM-DD`, or empty. */
  value?: string | null;
  /** `YYYY-MM-DD`, or '' when cleared — what a native date input gave. */
  onChange?: (value: string) => void;
  minDate?: string | null;
  maxDate?: string | null;
  'data-testid'?: string;
}

/**
 * A day, picked from a calendar in the page's language or typed (`2026-01-05` works in both
 * languages), instead of the browser's `<input type="date">`, which shows the browser's own
 * format ("mm/dd/yyyy") whatever the page's language. Values are `YYYY-MM-DD` strings, as the
 * forms and the list filters in the URL keep them; the element also carries the value in
 * `data-value`.
 */
export function DateField({ value, onChange, minDate, maxDate, ...props }: DateFieldProps) {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const day = value ? value.slice(0, 10) : null;
  return (
    <DateInput
      {...datesSettings(language)}
      valueFormat={DAY_FORMAT}
      dateParser={(text) => parseTypedDay(text, language)}
      clearable
      value={day}
      onChange={(next) => onChange?.(next ? next.slice(0, 10) : '')}
      minDate={minDate || undefined}
      maxDate={maxDate || undefined}
      data-value={day ?? ''}
      {...props}
    />
  );
}

/**
 * A list's day-range filter: two days (in the company's time zone, as the server reads them), each
 * bounding the other's calendar, kept in the URL under `names`. Test ids `<testId>-from` and
 * `<testId>-to`.
 */
export function DateRangeFields<F extends string>({
  list,
  names: [from, to],
  labels: [fromLabel, toLabel],
  testId,
}: {
  list: Pick<ListState<F>, 'filters' | 'setFilter'>;
  names: readonly [F, F];
  labels: readonly [string, string];
  testId: string;
}) {
  return (
    <>
      <DateField label={fromLabel} value={list.filters[from] ?? ''} maxDate={list.filters[to]} onChange={(value) => list.setFilter(from, value)} data-testid={`${testId}-from`} />
      <DateField label={toLabel} value={list.filters[to] ?? ''} minDate={list.filters[from]} onChange={(value) => list.setFilter(to, value)} data-testid={`${testId}-to`} />
    </>
  );
}

const TYPED_TIME_FORMATS = ['YYYY-MM-DDTHH:mm', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss', `${DAY_FORMAT} HH:mm`, 'D MMMM YYYY HH:mm', 'D/M/YYYY HH:mm'];

/** A typed day and time as `YYYY-MM-DD HH:mm:ss` (the picker's own form), or null. */
export function parseTypedDateTime(text: string, language: string): string | null {
  const value = latinDigits(text.trim());
  if (!value) return null;
  for (const format of TYPED_TIME_FORMATS) {
    const at = dayjs(value, format, language, true);
    if (at.isValid()) return at.format('YYYY-MM-DD HH:mm:ss');
  }
  return null;
}

export interface DateTimeFieldProps extends Omit<DateFieldProps, 'value' | 'onChange'> {
  /** A wall-clock time `YYYY-MM-DDTHH:mm` (what a datetime-local input gave), or empty. */
  value?: string | null;
  onChange?: (value: string) => void;
}

/**
 * A day and a time of day, instead of `<input type="datetime-local">`: the calendar in the
 * page's language, the time typed after the day ("5 Jan 2026 14:30"; `2026-01-05T14:30` works
 * too). Picking another day keeps the time. Values stay `YYYY-MM-DDTHH:mm`.
 */
export function DateTimeField({ value, onChange, minDate, maxDate, ...props }: DateTimeFieldProps) {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const at = value ? `${value.slice(0, 10)} ${value.slice(11, 16) || '00:00'}:00` : null;
  return (
    <DateInput
      {...datesSettings(language)}
      withTime
      valueFormat={`${DAY_FORMAT} HH:mm`}
      dateParser={(text) => parseTypedDateTime(text, language)}
      clearable
      value={at}
      onChange={(next) => onChange?.(next ? `${next.slice(0, 10)}T${next.slice(11, 16) || '00:00'}` : '')}
      minDate={minDate || undefined}
      maxDate={maxDate || undefined}
      data-value={value ?? ''}
      {...props}
    />
  );
}
