import { useMemo, useState } from 'react';
import { Select, Text, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { TSupplier } from '@portal/shared';
import { Ltr } from '../../../components/ltr';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/list-state';
import { useSupplierOptions } from '../api/suppliers';

/** Picks one supplier by name, phone or VAT number; the server does the matching. */
export function SupplierSelect({
  value,
  onChange,
  activeOnly = true,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: string | null;
  onChange: (id: string | null) => void;
  activeOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<TSupplier | null>(null);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // The box shows the chosen supplier's name: that is no search, so the list offers them all again.
  const q = selected && debounced === selected.name ? '' : debounced.trim();
  const found = useSupplierOptions(q, { activeOnly });
  const suppliers = useMemo(() => {
    const list = found.data?.items ?? [];
    return selected && !list.some((s) => s.id === selected.id) ? [selected, ...list] : list;
  }, [found.data, selected]);
  const byId = useMemo(() => new Map(suppliers.map((s) => [s.id, s])), [suppliers]);
  return (
    <Select
      searchable
      clearable={!props.required}
      placeholder={t('goodsReceipts.form.chooseSupplier')}
      comboboxProps={{ withinPortal: true }}
      {...props}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        setSelected(id ? (byId.get(id) ?? null) : null);
        onChange(id);
      }}
      data={suppliers.map((s) => ({ value: s.id, label: s.name }))}
      filter={({ options }) => options}
      renderOption={({ option }) => {
        const s = byId.get(option.value);
        return (
          <div style={{ minWidth: 0 }}>
            <Text size="sm" dir="auto">
              {option.label}
            </Text>
            {s?.vat_number && (
              <Text size="xs" c="dimmed">
                {t('suppliers.fields.vatNumber')}: <Ltr>{s.vat_number}</Ltr>
              </Text>
            )}
          </div>
        );
      }}
      nothingFoundMessage={found.isFetching ? t('app.loading') : t('list.noMatchesTitle')}
    />
  );
}
