import { Stack, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { AddressField } from '../../../components/address-field';
import { useTranslatedInputProps } from '../../../lib/form';
import type { BookingFormValues } from '../booking-form';

/** Where the technician comes for a home visit, and notes for them. */
export function AddressStep({ form }: { form: UseFormReturnType<BookingFormValues> }) {
  const { t } = useTranslation();
  const field = useTranslatedInputProps(form);
  return (
    <Stack gap="md">
      <AddressField field={field} description={t('booking.fields.addressHint')} testId="booking-address" />
      <Textarea label={t('booking.fields.notes')} description={t('booking.fields.notesHint')} autosize minRows={2} maxLength={2000} dir="auto" {...field('notes')} data-path="notes" data-testid="booking-notes" />
    </Stack>
  );
}
