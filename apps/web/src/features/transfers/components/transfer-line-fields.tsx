import { useState } from 'react';
import { Group, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TItem } from '@portal/shared';
import { DecimalInput } from '../../../components/decimal-input';
import { RemoveLineButton } from '../../../components/form-lines';
import { useNumberFormat } from '../../../lib/decimal';
import { useAvailableStock } from '../api/get-available-stock';
import { useItemSearch } from '../api/search-items';
import { exceedsAvailable } from '../transfer-form';
import { useItemLabels } from '../../../lib/item-units';

export interface LineItem {
  id: string;
  code: string;
  name: string;
  unit: string;
}

function toLineItem(item: TItem): LineItem {
  return { id: item.id, code: item.code, name: item.name, unit: item.unit };
}

/**
 * One line of the new-transfer form: an item (searched by code or name), the quantity, and
 * what the source warehouse holds of it now. More than that is a warning, not an error: the
 * stock leaves only on approval, and the server decides then.
 */
export function TransferLineFields({
  index,
  fromWarehouseId,
  itemId,
  quantity,
  knownItem,
  takenItemIds,
  itemError,
  quantityError,
  canRemove,
  onItemChange,
  onQuantityChange,
  onRemove,
}: {
  index: number;
  fromWarehouseId: string | null;
  itemId: string | null;
  quantity: string;
  knownItem: LineItem | undefined;
  takenItemIds: ReadonlySet<string>;
  itemError?: string;
  quantityError?: string;
  canRemove: boolean;
  onItemChange: (item: LineItem | null) => void;
  onQuantityChange: (value: string) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const labels = useItemLabels();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const items = useItemSearch(debounced);
  const stock = useAvailableStock(fromWarehouseId, itemId);

  const found = (items.data?.items ?? []).map(toLineItem);
  const options = [...(knownItem && !found.some((i) => i.id === knownItem.id) ? [knownItem] : []), ...found].map((item) => ({
    value: item.id,
    label: `${item.code} · ${item.name}`,
    disabled: item.id !== itemId && takenItemIds.has(item.id),
  }));

  const available = itemId && fromWarehouseId ? (stock.data ? stock.data.quantity : stock.isSuccess ? '0' : null) : null;
  const over = available !== null && exceedsAvailable(quantity, available);
  const unit = labels.unit(knownItem?.unit ?? stock.data?.unit ?? '');

  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" data-testid="transfer-line" data-index={index}>
      <Select
        style={{ flex: 3, minWidth: 0 }}
        label={t('transfers.form.item')}
        placeholder={t('transfers.form.itemPlaceholder')}
        searchable
        required
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        data={options}
        value={itemId}
        nothingFoundMessage={items.isFetching ? t('transfers.form.searching') : t('transfers.noMatch')}
        onChange={(value) => onItemChange(found.find((i) => i.id === value) ?? (value && knownItem?.id === value ? knownItem : null))}
        error={itemError}
        comboboxProps={{ withinPortal: true }}
        data-testid="transfer-line-item"
      />
      <DecimalInput
        style={{ flex: 2, minWidth: 110 }}
        label={t('transfers.form.quantity')}
        required
        value={quantity}
        onChange={onQuantityChange}
        error={quantityError}
        suffix={unit}
        suffixWidth={48}
        description={
          available !== null ? (
            <Text span size="xs" c={over ? 'orange.8' : 'dimmed'} data-testid="transfer-line-available" data-available={available}>
              {over && <IconAlertTriangle size={12} style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />}
              {t(over ? 'transfers.form.overAvailable' : 'transfers.form.available', { quantity: number.quantity(available) })}
            </Text>
          ) : undefined
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data-testid="transfer-line-quantity"
      />
      <RemoveLineButton label={t('transfers.form.removeLine')} disabled={!canRemove} onClick={onRemove} testId="transfer-line-remove" />
    </Group>
  );
}
