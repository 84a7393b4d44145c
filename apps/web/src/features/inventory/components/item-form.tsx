import { Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { itemTotal, ZCreateItem, type TCreateItem, type TItem } from '@portal/shared';
import { FormActions, FormError } from '../../../components/form-actions';
import { isApiError } from '../../../lib/api-client';
import { useNumberFormat } from '../../../lib/decimal';
import { describeError, serverFieldErrors } from '../../../lib/errors';
import { useTranslatedInputProps } from '../../../lib/form';
import { zodFieldErrors } from '../../../lib/form-validation';
import { useCategoryOptions } from '../../../lib/inventory-lookups';
import { useItemLabels } from '../../../lib/item-units';

export interface ItemFormValues {
  code: string;
  name: string;
  description: string;
  category: string;
  unit: string;
  min_quantity: string;
  price: string;
  tax_rate: string;
}

export function itemFormValues(item?: TItem | null): ItemFormValues {
  return {
    code: item?.code ?? '',
    name: item?.name ?? '',
    description: item?.description ?? '',
    category: item?.category ?? '',
    unit: item?.unit ?? 'pcs',
    min_quantity: item?.min_quantity ?? '0',
    price: item?.price ?? '',
    tax_rate: item?.tax_rate ?? '15',
  };
}

/** The form's errors as field codes (the shared rules, as the server would answer). */
export function validateItem(values: ItemFormValues): Record<string, string> {
  return zodFieldErrors(ZCreateItem, values);
}

/** The price including tax, or null while price or tax is not a valid number. */
export function previewTotal(values: Pick<ItemFormValues, 'price' | 'tax_rate'>): string | null {
  const price = ZCreateItem.shape.price.safeParse(values.price);
  const tax = ZCreateItem.shape.tax_rate.safeParse(values.tax_rate);
  return price.success && tax.success ? itemTotal(price.data, tax.data) : null;
}

/** Create or edit an item; server 400 `fields` land on their fields, a taken code on the code. */
export function ItemForm({
  item,
  submitting,
  onSubmit,
  onCancel,
}: {
  item?: TItem | null;
  submitting: boolean;
  onSubmit: (values: TCreateItem) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const categories = useCategoryOptions();
  const labels = useItemLabels();
  const form = useForm<ItemFormValues>({ initialValues: itemFormValues(item), validate: validateItem });
  const inputProps = useTranslatedInputProps(form);
  const total = previewTotal(form.values);

  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(ZCreateItem.parse(values));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) form.setErrors(fields);
      else if (isApiError(error) && (error.code === 'code_taken' || error.code === 'conflict')) form.setErrors({ code: 'code_taken' });
      else form.setErrors({ form: describeError(t, error) });
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="item-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t('inventory.fields.code')} required dir="ltr" autoComplete="off" data-testid="item-code" {...inputProps('code')} />
          <TextInput label={t('inventory.fields.name')} required dir="auto" data-testid="item-name" {...inputProps('name')} />
          {/* Picked from the list by the name in the page's language; the item stores the code. */}
          <Select
            label={t('inventory.fields.category')}
            placeholder={t('inventory.categories.pick')}
            required
            searchable
            nothingFoundMessage={t('inventory.categories.nothingFound')}
            data={categories.options}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="item-category"
            {...inputProps('category')}
          />
          <Select
            label={t('inventory.fields.unit')}
            required
            data={labels.unitOptions}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="item-unit"
            {...inputProps('unit')}
          />
          <TextInput label={t('inventory.fields.minQuantity')} required dir="ltr" inputMode="decimal" data-testid="item-min" {...inputProps('min_quantity')} />
          <TextInput
            label={t('inventory.fields.price')}
            required
            dir="ltr"
            inputMode="decimal"
            rightSection={fmt.currency ? <Text size="xs" c="dimmed">{fmt.currency}</Text> : null}
            rightSectionWidth={48}
            data-testid="item-price"
            {...inputProps('price')}
          />
          <TextInput
            label={t('inventory.fields.taxRate')}
            required
            dir="ltr"
            inputMode="decimal"
            rightSection={<Text size="xs" c="dimmed">%</Text>}
            data-testid="item-tax"
            {...inputProps('tax_rate')}
          />
          <Stack gap={4} justify="flex-end">
            <Text size="sm" fw={500}>
              {t('inventory.fields.total')}
            </Text>
            <Text fw={700} fz="lg" data-testid="item-total">
              {total === null ? '—' : fmt.money(total)}
            </Text>
          </Stack>
        </SimpleGrid>
        <Textarea label={t('inventory.fields.description')} dir="auto" autosize minRows={2} maxRows={6} {...inputProps('description')} />
        <FormError error={form.errors.form} />
        <FormActions onCancel={onCancel} gap="sm" submitLabel={item ? t('common.saveChanges') : t('inventory.create')} submitting={submitting} submitTestId="item-submit" />
      </Stack>
    </form>
  );
}
