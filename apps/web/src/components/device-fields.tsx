import { Grid, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WARRANTY_STATUSES } from '@portal/shared';
import { DateField } from './date-field';

/** The input props of one form path, its error already worded (getInputProps + translateFieldError). */
export type FieldProps = (path: string) => Record<string, unknown>;

/**
 * A device's brand, model, serial number and warranty, under `device.*` of a form (the shared
 * `ZDeviceInput`): the service-request form and the booking share it. Test ids `<prefix>-brand`, ….
 */
export function DeviceFields({ field, testIdPrefix = 'sr' }: { field: FieldProps; testIdPrefix?: string }) {
  const { t } = useTranslation();
  const id = (name: string) => `${testIdPrefix}-${name}`;
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('serviceRequests.fields.brand')} required dir="auto" maxLength={100} {...field('device.brand')} data-path="device.brand" data-testid={id('brand')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('serviceRequests.fields.model')} required dir="auto" maxLength={100} {...field('device.model')} data-path="device.model" data-testid={id('model')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('serviceRequests.fields.serialNumber')} dir="ltr" maxLength={100} {...field('device.serial_number')} data-path="device.serial_number" data-testid={id('serial')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label={t('serviceRequests.fields.warrantyStatus')}
          required
          allowDeselect={false}
          data={WARRANTY_STATUSES.map((w) => ({ value: w, label: t(`serviceRequests.warranty.${w}`) }))}
          {...field('device.warranty_status')}
          data-path="device.warranty_status"
          data-testid={id('warranty-status')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('serviceRequests.fields.warrantyNumber')} dir="ltr" maxLength={100} {...field('device.warranty_number')} data-path="device.warranty_number" data-testid={id('warranty-number')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <DateField label={t('serviceRequests.fields.warrantyExpiry')} {...field('device.warranty_expiry')} data-path="device.warranty_expiry" data-testid={id('warranty-expiry')} />
      </Grid.Col>
    </Grid>
  );
}
