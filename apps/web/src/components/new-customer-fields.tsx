import { Grid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './device-fields';

/** A customer an admin creates on the spot, under `new_customer.*` (the shared `ZNewCustomerInput`). */
export function NewCustomerFields({ field, testIdPrefix = 'sr' }: { field: FieldProps; testIdPrefix?: string }) {
  const { t } = useTranslation();
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('serviceRequests.fields.customerName')} required dir="auto" {...field('new_customer.name')} data-path="new_customer.name" data-testid={`${testIdPrefix}-new-customer-name`} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('serviceRequests.fields.email')} required type="email" dir="ltr" {...field('new_customer.email')} data-path="new_customer.email" data-testid={`${testIdPrefix}-new-customer-email`} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('serviceRequests.fields.mobile')} type="tel" dir="ltr" {...field('new_customer.mobile_number')} data-path="new_customer.mobile_number" data-testid={`${testIdPrefix}-new-customer-mobile`} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('serviceRequests.fields.defaultAddress')} dir="auto" {...field('new_customer.default_address')} data-path="new_customer.default_address" />
      </Grid.Col>
    </Grid>
  );
}
