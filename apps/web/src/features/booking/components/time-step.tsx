import { Alert, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SlotPicker } from '../../../components/slot-picker';
import { dayInZone } from '../../../lib/zoned-time';
import type { useAvailability } from '../api/get-availability';
import type { BookingFormValues } from '../booking-form';

/** A day and one of its free slots, in the company zone; says so when the slot chosen was taken meanwhile. */
export function TimeStep({
  form,
  availability,
  zone,
  slotTaken,
  onSlotTakenChange,
}: {
  form: UseFormReturnType<BookingFormValues>;
  availability: ReturnType<typeof useAvailability>;
  zone: string;
  slotTaken: boolean;
  onSlotTakenChange: (taken: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {slotTaken && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('booking.time.takenTitle')} data-testid="booking-slot-taken" withCloseButton onClose={() => onSlotTakenChange(false)}>
          {t('errors.slot_unavailable')}
        </Alert>
      )}
      <SlotPicker
        today={dayInZone(new Date(), zone)}
        date={form.values.date}
        onDateChange={(day) => {
          form.setValues({ date: day, starts_at: null, ends_at: null });
          form.clearFieldError('starts_at');
        }}
        availability={availability}
        value={form.values.starts_at}
        onChange={(startsAt, slot) => {
          form.setValues({ starts_at: startsAt, ends_at: slot.ends_at });
          form.clearFieldError('starts_at');
          onSlotTakenChange(false);
        }}
        error={form.errors.starts_at ? t('booking.time.required') : undefined}
      />
    </Stack>
  );
}
