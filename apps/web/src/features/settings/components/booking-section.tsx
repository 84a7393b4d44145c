import { NumberInput, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LEAD_HOURS, SLOT_MINUTES } from '@portal/shared';
import type { SettingsField } from '../settings-form';
import { SettingsSection } from './settings-section';

/** How long an appointment slot is and how far ahead a customer must book. */
export function BookingSection({ field }: { field: SettingsField }) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="booking" title={t('settings.form.sections.booking')} description={t('settings.form.sections.bookingHint')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label={t('settings.form.booking.slot')}
          description={t('settings.form.booking.slotHint', { min: SLOT_MINUTES.min, max: SLOT_MINUTES.max, step: SLOT_MINUTES.step })}
          required
          min={SLOT_MINUTES.min}
          max={SLOT_MINUTES.max}
          step={SLOT_MINUTES.step}
          allowDecimal={false}
          allowNegative={false}
          {...field('appointment_slot_minutes')}
          data-testid="settings-slot"
        />
        <NumberInput
          label={t('settings.form.booking.lead')}
          description={t('settings.form.booking.leadHint', { min: LEAD_HOURS.min, max: LEAD_HOURS.max })}
          required
          min={LEAD_HOURS.min}
          max={LEAD_HOURS.max}
          allowDecimal={false}
          allowNegative={false}
          {...field('booking_lead_hours')}
          data-testid="settings-lead"
        />
      </SimpleGrid>
    </SettingsSection>
  );
}
