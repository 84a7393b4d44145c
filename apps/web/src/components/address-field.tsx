import { Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './device-fields';

/** Where a home visit goes (`address` of the form), with a hint of what to write. */
export function AddressField({ field, description, testId }: { field: FieldProps; description: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('serviceRequests.fields.address')}
      description={description}
      required
      autosize
      minRows={2}
      maxLength={500}
      dir="auto"
      {...field('address')}
      data-path="address"
      data-testid={testId}
    />
  );
}
