import { useMemo } from 'react';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, timeZoneChoices, type TAdminSettings } from '@portal/shared';
import type { SettingsField } from '../settings-form';
import { LogoField } from './logo-field';
import { SettingsSection } from './settings-section';

/** Every currency the browser knows, "SAR · Saudi Riyal"; the current one first if the browser lacks it. */
function currencyChoices(current: string, language: string): { value: string; label: string }[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  let codes: string[] = [];
  try {
    codes = intl.supportedValuesOf?.('currency') ?? [];
  } catch {
    codes = [];
  }
  if (!codes.includes(current)) codes = [current, ...codes];
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'currency' });
  } catch {
    names = null;
  }
  return codes.map((code) => {
    const name = names?.of(code);
    return { value: code, label: name && name !== code ? `${code} · ${name}` : code };
  });
}

/** The company's name, logo, support phone, currency, time zone and default language. */
export function CompanySection({ field, currency, logo, savedTimeZone }: { field: SettingsField; currency: string; logo: TAdminSettings['logo']; savedTimeZone: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'ar';
  const currencies = useMemo(() => currencyChoices(currency, language), [currency, language]);
  const zones = useMemo(() => timeZoneChoices(savedTimeZone), [savedTimeZone]);
  return (
    <SettingsSection id="company" title={t('settings.form.sections.company')} description={t('settings.form.sections.companyHint')}>
      <Stack gap="md">
        <LogoField logo={logo} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('settings.form.company.name')}
            required
            dir="auto"
            maxLength={120}
            {...field('company_name')}
            data-testid="settings-company-name"
          />
          <TextInput
            label={t('settings.form.company.supportPhone')}
            description={t('settings.form.company.supportPhoneHint')}
            required
            type="tel"
            dir="ltr"
            placeholder="+9665…"
            {...field('support_phone')}
            data-testid="settings-support-phone"
          />
          <Select
            label={t('settings.form.company.currency')}
            required
            searchable
            allowDeselect={false}
            limit={60}
            data={currencies}
            nothingFoundMessage={t('settings.form.nothingFound')}
            {...field('currency')}
            data-testid="settings-currency"
          />
          <Select
            label={t('settings.form.company.timeZone')}
            description={t('settings.form.company.timeZoneHint')}
            required
            searchable
            allowDeselect={false}
            limit={60}
            dir="ltr"
            data={zones}
            nothingFoundMessage={t('settings.form.nothingFound')}
            {...field('time_zone')}
            data-testid="settings-time-zone"
          />
          <Select
            label={t('settings.form.company.defaultLanguage')}
            description={t('settings.form.company.defaultLanguageHint')}
            required
            allowDeselect={false}
            data={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
            {...field('default_language')}
            data-testid="settings-default-language"
          />
        </SimpleGrid>
      </Stack>
    </SettingsSection>
  );
}
