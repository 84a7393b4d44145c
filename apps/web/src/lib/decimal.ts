import { useTranslation } from 'react-i18next';
import { usePublicSettings } from './public-settings';
import { numberFormat } from './intl-format';

/**
 * Exact decimals as the API sends them ("12.50", "-3.125"), formatted with Intl straight from
 * the string: Intl.NumberFormat takes decimal strings without going through a float. For
 * arithmetic use the shared helpers (itemTotal, compareDecimal), never Number().
 * Digits are Latin in both languages, as codes and numbers are everywhere in the app.
 */

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

export function isDecimalString(value: string): boolean {
  return DECIMAL.test(value.trim());
}

function formatter(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return numberFormat(language, { numberingSystem: 'latn', ...options });
}

function asIntlInput(value: string | number): Intl.StringNumericLiteral | number {
  return typeof value === 'number' ? value : (value.trim() as Intl.StringNumericLiteral);
}

/** A quantity: up to 3 places, trailing zeros dropped ("12.500" → "12.5"). */
export function formatQuantity(value: string | number | null | undefined, language: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && !isDecimalString(value)) return value;
  return formatter(language, { maximumFractionDigits: 3 }).format(asIntlInput(value));
}

/** Money with two places, with the currency when one is given. */
export function formatMoney(value: string | number | null | undefined, language: string, currency?: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && !isDecimalString(value)) return value;
  const options: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  if (currency) {
    try {
      return formatter(language, { ...options, style: 'currency', currency }).format(asIntlInput(value));
    } catch {
      // An unknown currency code: the plain number, followed by the code.
      return `${formatter(language, options).format(asIntlInput(value))} ${currency}`;
    }
  }
  return formatter(language, options).format(asIntlInput(value));
}

/** A percentage given as "15.00" (percent, not a fraction). */
export function formatPercent(value: string | number | null | undefined, language: string): string {
  if (value === null || value === undefined || value === '') return '';
  return `${formatter(language, { maximumFractionDigits: 2 }).format(asIntlInput(value))}%`;
}

/** A plain count. */
export function formatCount(value: number, language: string): string {
  return formatter(language, {}).format(value);
}

/** The formatters bound to the current language and the company's currency. */
export function useNumberFormat() {
  const { i18n } = useTranslation();
  const settings = usePublicSettings();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const currency = settings.data?.currency;
  return {
    language,
    currency,
    quantity: (value: string | number | null | undefined) => formatQuantity(value, language),
    money: (value: string | number | null | undefined) => formatMoney(value, language, currency),
    percent: (value: string | number | null | undefined) => formatPercent(value, language),
    count: (value: number) => formatCount(value, language),
  };
}
