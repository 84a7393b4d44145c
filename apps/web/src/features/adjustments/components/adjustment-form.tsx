import { Alert, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MANUAL_ADJUSTMENT_REASONS, ZCreateAdjustment, type TCreateAdjustment } from '@portal/shared';
import { FormActions, FormError } from '../../../components/form-actions';
import { ItemPicker } from '../../../components/item-picker';
import { isApiError } from '../../../lib/api-client';
import { useNumberFormat } from '../../../lib/decimal';
import { describeError, serverFieldErrors } from '../../../lib/errors';
import { useTranslatedInputProps } from '../../../lib/form';
import { zodFieldErrors } from '../../../lib/form-validation';
import { useWarehouseOptions } from '../../../lib/inventory-lookups';
import { useStockLevel } from '../api/get-stock-level';
import { useItemLabels } from '../../../lib/item-units';

export interface AdjustmentFormValues {
  warehouse_id: string | null;
  item_id: string | null;
  mode: 'change' | 'counted';
  quantity: string;
  reason: string | null;
  notes: string;
}

export const emptyAdjustment: AdjustmentFormValues = { warehouse_id: null, item_id: null, mode: 'change', quantity: '', reason: null, notes: '' };

/** The request as the server takes it: a change or a counted quantity, never both. */
export function toAdjustmentInput(values: AdjustmentFormValues) {
  return {
    warehouse_id: values.warehouse_id ?? '',
    item_id: values.item_id ?? '',
    ...(values.mode === 'change' ? { quantity_change: values.quantity } : { counted_quantity: values.quantity }),
    reason: values.reason ?? '',
    notes: values.notes,
  };
}

/** Request paths → form fields (both quantity fields are the one quantity box). */
export function toAdjustmentFormErrors(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, code] of Object.entries(errors)) {
    const field = path === 'quantity_change' || path === 'counted_quantity' ? 'quantity' : path;
    out[field] ??= code;
  }
  return out;
}

export function validateAdjustment(values: AdjustmentFormValues): Record<string, string> {
  return toAdjustmentFormErrors(zodFieldErrors(ZCreateAdjustment, toAdjustmentInput(values)));
}

export function AdjustmentForm({
  submitting,
  onSubmit,
  onCancel,
}: {
  submitting: boolean;
  onSubmit: (request: TCreateAdjustment) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const labels = useItemLabels();
  const warehouses = useWarehouseOptions({ activeOnly: true });
  const form = useForm<AdjustmentFormValues>({ initialValues: emptyAdjustment, validate: validateAdjustment });
  const inputProps = useTranslatedInputProps(form);
  const level = useStockLevel(form.values.warehouse_id, form.values.item_id);
  const current = form.values.warehouse_id && form.values.item_id ? (level.data?.quantity ?? (level.isSuccess ? '0' : null)) : null;

  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(ZCreateAdjustment.parse(toAdjustmentInput(values)));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) form.setErrors(toAdjustmentFormErrors(fields));
      else if (isApiError(error) && error.code === 'insufficient_stock') form.setErrors({ quantity: 'insufficient_stock' });
      else form.setErrors({ form: describeError(t, error) });
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="adjustment-form">
      <Stack gap="sm">
        <Select
          label={t('adjustments.fields.warehouse')}
          required
          searchable
          data={(warehouses.data?.items ?? []).map((w) => ({ value: w.id, label: `${w.code} · ${w.name}` }))}
          data-testid="adjustment-warehouse"
          {...inputProps('warehouse_id')}
        />
        <ItemPicker
          label={t('adjustments.fields.item')}
          required
          value={form.values.item_id}
          onChange={(id) => {
            form.setFieldValue('item_id', id);
            form.clearFieldError('item_id');
          }}
          error={inputProps('item_id').error}
          data-testid="adjustment-item"
        />
        {current !== null && (
          <Alert variant="light" color="blue" py="xs" data-testid="adjustment-current">
            {t('adjustments.currentQuantity')}: <strong>{fmt.quantity(current)}</strong>
            {level.data?.unit ? ` ${labels.unit(level.data.unit)}` : ''}
          </Alert>
        )}
        <Stack gap={6}>
          <Text size="sm" fw={500} id="adjustment-mode-label">
            {t('adjustments.fields.mode')}
          </Text>
          <SegmentedControl
            aria-labelledby="adjustment-mode-label"
            fullWidth
            value={form.values.mode}
            onChange={(mode) => {
              form.setFieldValue('mode', mode as AdjustmentFormValues['mode']);
              form.clearFieldError('quantity');
            }}
            data={[
              { value: 'change', label: t('adjustments.modeChange') },
              { value: 'counted', label: t('adjustments.modeCounted') },
            ]}
            data-testid="adjustment-mode"
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={form.values.mode === 'change' ? t('adjustments.fields.quantityChange') : t('adjustments.fields.countedQuantity')}
            description={form.values.mode === 'change' ? t('adjustments.changeHint') : t('adjustments.countedHint')}
            required
            dir="ltr"
            inputMode="decimal"
            data-testid="adjustment-quantity"
            {...inputProps('quantity')}
          />
          <Select
            label={t('adjustments.fields.reason')}
            required
            data={MANUAL_ADJUSTMENT_REASONS.map((r) => ({ value: r, label: t(`adjustmentReason.${r}`) }))}
            data-testid="adjustment-reason"
            {...inputProps('reason')}
          />
        </SimpleGrid>
        <Textarea label={t('adjustments.fields.notes')} dir="auto" autosize minRows={2} maxRows={6} {...inputProps('notes')} />
        <FormError error={form.errors.form} />
        <FormActions onCancel={onCancel} gap="sm" submitLabel={t('adjustments.submit')} submitting={submitting} submitTestId="adjustment-submit" />
        <Text size="xs" c="dimmed">
          {t('adjustments.ledgerNote')}
        </Text>
      </Stack>
    </form>
  );
}
