import { Select, SimpleGrid, Stack, Text, Textarea, TextInput, type ComboboxItem } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WAREHOUSE_KINDS, ZCreateWarehouse, type TCreateWarehouse, type TWarehouse, type WarehouseKind } from '@portal/shared';
import { isApiError } from '../../../lib/api-client';
import { FormActions, FormError } from '../../../components/form-actions';
import { Ltr } from '../../../components/ltr';
import { describeError, serverFieldErrors } from '../../../lib/errors';
import { useWarehouseOptions } from '../../../lib/inventory-lookups';
import { useTranslatedInputProps } from '../../../lib/form';
import { zodFieldErrors } from '../../../lib/form-validation';
import { useUserLookup } from '../../../lib/user-lookup';

interface Values {
  code: string;
  name: string;
  kind: WarehouseKind;
  technician_id: string | null;
  address: string;
}

/** The label of a van's technician as the edit form first shows it. */
const currentLabel = (w: TWarehouse | null | undefined) => (w?.technician_id ? (w.technician_name ?? w.technician_id) : null);

export function WarehouseForm({ warehouse, onSubmit, onCancel, submitting }: { warehouse?: TWarehouse | null; onSubmit: (body: TCreateWarehouse) => Promise<unknown>; onCancel: () => void; submitting: boolean }) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: { code: warehouse?.code ?? '', name: warehouse?.name ?? '', kind: warehouse?.kind ?? 'branch', technician_id: warehouse?.technician_id ?? null, address: warehouse?.address ?? '' },
    validate: (v) => zodFieldErrors(ZCreateWarehouse, toInput(v)),
  });
  const [techSearch, setTechSearch] = useState('');
  const [picked, setPicked] = useState<ComboboxItem | null>(null);
  // The search box shows the picked technician's name: that is no search, so the open list
  // offers every technician again rather than only the one already picked.
  const pickedLabel = picked?.value === form.values.technician_id ? picked.label : warehouse?.technician_id === form.values.technician_id ? currentLabel(warehouse) : null;
  // Technicians to own a van: active ones, by name or email (the typed text is the search, so a
  // technician beyond the first 20 answers is still found).
  const [techQuery] = useDebouncedValue(techSearch === pickedLabel ? '' : techSearch, 300);
  const technicians = useUserLookup(techQuery, { role: 'technician' });
  // One van per technician: a technician whose van is another warehouse is shown, not offered.
  const warehouses = useWarehouseOptions({ enabled: form.values.kind === 'van' });
  const vanOf = new Map((warehouses.data?.items ?? []).filter((w) => w.technician_id && w.id !== warehouse?.id).map((w) => [w.technician_id!, w.code]));
  const people = new Map((technicians.data ?? []).map((u) => [u.id, u]));
  const toInput = (v: Values) => ({ ...v, technician_id: v.kind === 'van' ? v.technician_id : null });
  // Labelled by name (the box shows it); each option also shows the email, and the server
  // searches both, so the list is not filtered again here.
  const technicianOptions = (technicians.data ?? []).map((u) => ({ value: u.id, label: u.name, disabled: vanOf.has(u.id) }));
  // The van's current technician stays shown even when the search no longer lists them.
  if (warehouse?.technician_id && !technicianOptions.some((o) => o.value === warehouse.technician_id)) {
    technicianOptions.unshift({ value: warehouse.technician_id, label: currentLabel(warehouse)!, disabled: false });
  }
  const inputProps = useTranslatedInputProps(form);
  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(ZCreateWarehouse.parse(toInput(values)));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) form.setErrors(fields);
      else if (isApiError(error) && error.code === 'code_taken') form.setErrors({ code: 'code_taken' });
      else form.setErrors({ form: describeError(t, error) });
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="warehouse-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t('warehouses.fields.code')} required dir="ltr" {...inputProps('code')} />
          <TextInput label={t('warehouses.fields.name')} required dir="auto" {...inputProps('name')} />
          <Select label={t('warehouses.fields.kind')} required allowDeselect={false} data={WAREHOUSE_KINDS.map((k) => ({ value: k, label: t(`warehouseKind.${k}`) }))} {...inputProps('kind')} />
          {form.values.kind === 'van' && (
            <Select
              label={t('warehouses.fields.technician')}
              required
              searchable
              data={technicianOptions}
              searchValue={techSearch}
              onSearchChange={setTechSearch}
              nothingFoundMessage={technicians.isFetching ? undefined : t('list.noMatchesTitle')}
              filter={({ options }) => options}
              renderOption={({ option }) => {
                const person = people.get(option.value);
                const van = vanOf.get(option.value);
                return (
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={option.value === form.values.technician_id ? 600 : undefined}>
                      <span dir="auto">{option.label}</span>
                    </Text>
                    {person && (
                      <Text size="xs" c="dimmed">
                        <Ltr>{person.email}</Ltr>
                      </Text>
                    )}
                    {van && (
                      <Text size="xs" c="dimmed">
                        {t('warehouses.hasVan')} <Ltr>{van}</Ltr>
                      </Text>
                    )}
                  </div>
                );
              }}
              {...inputProps('technician_id')}
              onChange={(value, option) => {
                setPicked(option);
                form.setFieldValue('technician_id', value);
              }}
            />
          )}
        </SimpleGrid>
        <Textarea label={t('warehouses.fields.address')} dir="auto" autosize minRows={2} {...inputProps('address')} />
        <FormError error={form.errors.form} />
        <FormActions onCancel={onCancel} submitLabel={warehouse ? t('common.saveChanges') : t('warehouses.create')} submitting={submitting} />
      </Stack>
    </form>
  );
}
