import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../lib/intl-format';

/**
 * A calendar day as the API gives it (`YYYY-MM-DD`, already a day of the company's time zone),
 * in the reader's language with Latin digits. It is formatted as that day in UTC so no zone
 * shift can move it to the day before or after.
 */
export function useDayFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const format = dateTimeFormat(language, { numberingSystem: 'latn', dateStyle: 'medium', timeZone: 'UTC' });
  return (day: string | null | undefined) => {
    if (!day || !/^\d{4}-\d\d-\d\d$/.test(day)) return day ?? '';
    return format.format(new Date(`${day}T00:00:00Z`));
  };
}
