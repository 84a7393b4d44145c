import { SimpleGrid, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RECEIPT_TERMS_MAX } from '@portal/shared';
import type { SettingsField } from '../settings-form';
import { SettingsSection } from './settings-section';

/** The terms printed on the intake receipt, one text per language (issue #28). */
export function ReceiptTermsSection({ field }: { field: SettingsField }) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="receipt" title={t('receipt.settingsTitle')} description={t('receipt.settingsHint')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {(['ar', 'en'] as const).map((lang) => (
          <Textarea
            key={lang}
            label={t(`receipt.terms.${lang}`)}
            autosize
            minRows={4}
            maxRows={10}
            maxLength={RECEIPT_TERMS_MAX}
            // The text's own language decides its direction, whatever the page's.
            dir={lang === 'ar' ? 'rtl' : 'ltr'}
            {...field(`receipt_terms_${lang}`)}
            data-testid={`settings-receipt-terms-${lang}`}
          />
        ))}
      </SimpleGrid>
    </SettingsSection>
  );
}
