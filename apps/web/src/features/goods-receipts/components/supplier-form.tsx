import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ZCreateSupplier, type TCreateSupplier, type TSupplier } from '@portal/shared';
import { describeError, serverFieldErrors } from '../../../lib/errors';
import { FormActions, FormError } from '../../../components/form-actions';
import { toFormPaths, useTranslatedInputProps } from '../../../lib/form';
import { zodFieldErrors } from '../../../lib/form-validation';

interface Values {
  name: string;
  phone: string;
  vat_number: string;
}

/** Create or edit a supplier: a name (unique, ignoring case), a phone and a VAT number. */
export function SupplierForm({
  supplier,
  onSubmit,
  onCancel,
  submitting,
}: {
  supplier?: TSupplier | null;
  onSubmit: (body: TCreateSupplier) => Promise<unknown>;
  onCancel: () => void;
  submitting: boolean;
}) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: { name: supplier?.name ?? '', phone: supplier?.phone ?? '', vat_number: supplier?.vat_number ?? '' },
    validate: (values) => zodFieldErrors(ZCreateSupplier, values),
  });
  const inputProps = useTranslatedInputProps(form);
  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(ZCreateSupplier.parse(values));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) form.setErrors(toFormPaths(fields));
      else form.setErrors({ form: describeError(t, error) });
    }
  });
  const nameError = form.errors.name === 'duplicate' ? t('suppliers.nameTaken') : inputProps('name').error;
  return (
    <form onSubmit={submit} noValidate data-testid="supplier-form">
      <Stack gap="sm">
        <TextInput label={t('suppliers.fields.name')} required dir="auto" maxLength={200} data-autofocus {...inputProps('name')} error={nameError} data-testid="supplier-name" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t('suppliers.fields.phone')} type="tel" dir="ltr" inputMode="tel" placeholder="+966 5X XXX XXXX" {...inputProps('phone')} data-testid="supplier-phone" />
          <TextInput
            label={t('suppliers.fields.vatNumber')}
            description={t('suppliers.vatHint')}
            dir="ltr"
            inputMode="numeric"
            maxLength={20}
            placeholder="3XXXXXXXXXXXXX3"
            {...inputProps('vat_number')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data-testid="supplier-vat"
          />
        </SimpleGrid>
        <FormError error={form.errors.form} />
        <FormActions onCancel={onCancel} submitLabel={supplier ? t('common.saveChanges') : t('suppliers.create')} submitting={submitting} submitTestId="supplier-submit" />
      </Stack>
    </form>
  );
}
