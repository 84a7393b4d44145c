import type { ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';

/** The calendar settings of a language: its month and day names (dayjs locale) and its week. */
export function datesSettings(language: string) {
  return { locale: language, firstDayOfWeek: language === 'ar' ? 6 : 0, weekendDays: [5, 6] as (0 | 1 | 2 | 3 | 4 | 5 | 6)[] } as const;
}

/**
 * Every @mantine/dates picker in the app in the page's language, also those given no `locale`
 * (it wraps the whole app). The dayjs locales come with the pickers (./dates.ts).
 */
export function LocalizedDatesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={datesSettings(currentLanguage(i18n))}>{children}</DatesProvider>;
}
