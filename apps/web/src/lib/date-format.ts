import { useTranslation } from 'react-i18next';
import { usePublicSettings } from './public-settings';
import { dateTimeFormat } from './intl-format';

/** Dates and times in the company's time zone, in the reader's language, with Latin digits. */
export function useDateFormat() {
  const { i18n } = useTranslation();
  const settings = usePublicSettings();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const timeZone = settings.data?.time_zone;
  const make = (options: Intl.DateTimeFormatOptions) => {
    try {
      return dateTimeFormat(language, { numberingSystem: 'latn', timeZone, ...options });
    } catch {
      return dateTimeFormat(language, { numberingSystem: 'latn', ...options });
    }
  };
  // Each formatter is looked up when first used: a screen of times only (the requests list)
  // does not make the long-date one, tens of milliseconds on a slow phone (issue #26).
  return {
    dateTime: (value: string | null | undefined) => (value ? make({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)) : ''),
    date: (value: string | null | undefined) => (value ? make({ dateStyle: 'long' }).format(new Date(value)) : ''),
  };
}
