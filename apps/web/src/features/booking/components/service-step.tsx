import { Divider, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CustomerChoice } from '../../../components/customer-choice';
import { ServiceTypeFields } from '../../../components/service-type-fields';
import { translateFieldError } from '../../../lib/errors';
import { useTranslatedInputProps } from '../../../lib/form';
import type { BookingFormValues } from '../booking-form';
import { ServiceKindPicker } from './service-kind-picker';

/**
 * The first step: the customer (an admin picks or creates one), the kind of visit, the service
 * and fault. A change of kind or service drops the slot chosen, which was for the old one.
 */
export function ServiceStep({ form, forAnyCustomer, onCustomerName }: { form: UseFormReturnType<BookingFormValues>; forAnyCustomer: boolean; onCustomerName: (name: string | null) => void }) {
  const { t } = useTranslation();
  const field = useTranslatedInputProps(form);
  const error = (path: string) => translateFieldError(t, form.errors[path]);
  return (
    <Stack gap="md">
      {forAnyCustomer && (
        <Stack gap="xs" data-testid="booking-customer">
          <CustomerChoice form={form} onPicked={(picked) => onCustomerName(picked?.name ?? null)} testIdPrefix="booking" pickerTestId="booking-customer-picker" />
          <Divider my="xs" />
        </Stack>
      )}
      <ServiceKindPicker
        value={form.values.service_kind}
        onChange={(kind) => {
          form.setFieldValue('service_kind', kind);
          form.setFieldValue('starts_at', null);
          form.clearFieldError('service_kind');
        }}
        error={error('service_kind')}
      />
      <ServiceTypeFields
        field={field}
        testIdPrefix="booking"
        onServiceTypeChange={(value) => {
          form.setFieldValue('service_type', value);
          form.setFieldValue('starts_at', null);
          form.clearFieldError('service_type');
        }}
      />
    </Stack>
  );
}
