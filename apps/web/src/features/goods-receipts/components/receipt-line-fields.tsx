import { Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TItem } from '@portal/shared';
import { DecimalInput } from '../../../components/decimal-input';
import { RemoveLineButton } from '../../../components/form-lines';
import { ItemPicker } from '../../../components/item-picker';
import { Ltr } from '../../../components/ltr';
import { useNumberFormat } from '../../../lib/decimal';
import { useItemLabels } from '../../../lib/item-units';
import { lineTotal } from '../receipt-form';

/**
 * One line of a new receipt: an active item (searched by code or name), the quantity received
 * and the unit cost before tax, with the line's total. On a phone the fields wrap under the item.
 */
export function ReceiptLineFields({
  index,
  itemId,
  quantity,
  unitCost,
  unit,
  itemError,
  quantityError,
  costError,
  canRemove,
  onItemChange,
  onQuantityChange,
  onCostChange,
  onRemove,
}: {
  index: number;
  itemId: string | null;
  quantity: string;
  unitCost: string;
  unit: string | undefined;
  itemError?: string;
  quantityError?: string;
  costError?: string;
  canRemove: boolean;
  onItemChange: (id: string | null, item: TItem | null) => void;
  onQuantityChange: (value: string) => void;
  onCostChange: (value: string) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const labels = useItemLabels();
  const total = lineTotal(quantity, unitCost);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="receipt-line" data-index={index}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed" fw={600} mt={30} w={20} ta="center">
          {index + 1}
        </Text>
        <Group align="flex-start" gap="sm" style={{ flex: 1, minWidth: 0 }} wrap="wrap">
          <ItemPicker
            style={{ flex: '3 1 240px', minWidth: 0 }}
            label={t('goodsReceipts.fields.item')}
            required
            value={itemId}
            onChange={onItemChange}
            error={itemError}
            comboboxProps={{ withinPortal: true }}
            data-testid="receipt-line-item"
          />
          <Group gap="sm" align="flex-start" wrap="nowrap" style={{ flex: '2 1 240px', minWidth: 0 }}>
            <DecimalInput
              style={{ flex: 1, minWidth: 0 }}
              label={t('goodsReceipts.fields.quantity')}
              required
              value={quantity}
              onChange={onQuantityChange}
              error={quantityError}
              suffix={unit ? labels.unit(unit) : undefined}
              suffixWidth={52}
              data-testid="receipt-line-quantity"
            />
            <DecimalInput
              style={{ flex: 1, minWidth: 0 }}
              label={t('goodsReceipts.fields.unitCost')}
              required
              value={unitCost}
              onChange={onCostChange}
              error={costError}
              data-testid="receipt-line-cost"
            />
          </Group>
        </Group>
        <RemoveLineButton label={t('goodsReceipts.form.removeLine')} disabled={!canRemove} onClick={onRemove} testId="receipt-line-remove" />
      </Group>
      <Group justify="flex-end" mt={4}>
        <Text size="sm" c="dimmed" data-testid="receipt-line-total">
          {t('goodsReceipts.fields.lineTotal')}: <Ltr>{total === null ? '—' : number.money(total)}</Ltr>
        </Text>
      </Group>
    </Paper>
  );
}
