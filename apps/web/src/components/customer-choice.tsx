import { SegmentedControl, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { LookupUser } from '../lib/user-lookup';
import { translateFieldError } from '../lib/errors';
import { useTranslatedInputProps } from '../lib/form';
import type { CustomerMode, RequestDetailsValues } from '../lib/request-details-form';
import { NewCustomerFields } from './new-customer-fields';
import { UserPicker } from './user-picker';

/**
 * Whose request an admin raises or books: an existing customer picked by name or email, or a
 * new one filled in on the spot (`customer_id` / `new_customer.*` of the form). Test ids
 * `<prefix>-customer-mode`, `<prefix>-new-customer-…` and the picker's own.
 */
export function CustomerChoice<Values extends RequestDetailsValues>({
  form,
  onPicked,
  testIdPrefix,
  pickerTestId,
}: {
  form: UseFormReturnType<Values>;
  /** The customer picked (for a summary that names them). */
  onPicked?: (user: LookupUser | null) => void;
  testIdPrefix: string;
  pickerTestId: string;
}) {
  const { t } = useTranslation();
  const field = useTranslatedInputProps(form);
  // Mantine types a path by the exact form: these paths are in every form holding the request details.
  const details = form as unknown as UseFormReturnType<RequestDetailsValues>;
  const values = form.values;
  return (
    <Stack gap="sm">
      <SegmentedControl
        fullWidth
        value={values.customer_mode}
        onChange={(value) => {
          details.setFieldValue('customer_mode', value as CustomerMode);
          details.clearErrors();
        }}
        data={[
          { value: 'existing', label: t('serviceRequests.form.existingCustomer') },
          { value: 'new', label: t('serviceRequests.form.newCustomer') },
        ]}
        data-testid={`${testIdPrefix}-customer-mode`}
      />
      {values.customer_mode === 'existing' ? (
        <UserPicker
          role="customer"
          label={t('serviceRequests.fields.customer')}
          required
          value={values.customer_id}
          onChange={(id, user) => {
            onPicked?.(user);
            details.setFieldValue('customer_id', id);
            details.clearFieldError('customer_id');
          }}
          error={translateFieldError(t, form.errors.customer_id)}
          testId={pickerTestId}
        />
      ) : (
        <NewCustomerFields field={field} testIdPrefix={testIdPrefix} />
      )}
    </Stack>
  );
}
