import { useMemo, useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TItem } from '@portal/shared';
import { useItemSearch } from '../lib/inventory-lookups';
import { SEARCH_DEBOUNCE_MS } from '../lib/list-state';

const labelOf = (item: Pick<TItem, 'code' | 'name'>) => `${item.code} · ${item.name}`;

/** Picks one item by code or name; the server does the matching. */
export function ItemPicker({
  value,
  onChange,
  activeOnly = true,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: string | null;
  onChange: (id: string | null, item: TItem | null) => void;
  activeOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<TItem | null>(null);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const q = selected && debounced === labelOf(selected) ? '' : debounced.trim();
  const found = useItemSearch(q, { activeOnly });
  const items = useMemo(() => {
    const list = found.data?.items ?? [];
    return selected && !list.some((i) => i.id === selected.id) ? [selected, ...list] : list;
  }, [found.data, selected]);
  const byId = useMemo(() => new Map(items.map((i) => [i.id, i])), [items]);
  return (
    <Select
      searchable
      clearable
      leftSection={<IconSearch size={16} />}
      placeholder={t('inventory.itemPlaceholder')}
      {...props}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        const item = id ? (byId.get(id) ?? null) : null;
        setSelected(item);
        onChange(id, item);
      }}
      data={items.map((i) => ({ value: i.id, label: labelOf(i) }))}
      filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? t('app.loading') : t('list.noMatchesTitle')}
    />
  );
}
