import { ActionIcon, Group, Paper, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TItem } from '@portal/shared';
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
            <TextInput
              style={{ flex: 1, minWidth: 0 }}
              label={t('goodsReceipts.fields.quantity')}
              required
              inputMode="decimal"
              dir="ltr"
              value={quantity}
              onChange={(event) => onQuantityChange(event.currentTarget.value)}
              error={quantityError}
              rightSection={unit ? <Text size="xs" c="dimmed">{labels.unit(unit)}</Text> : undefined}
              rightSectionWidth={unit ? 52 : undefined}
              data-testid="receipt-line-quantity"
            />
            <TextInput
              style={{ flex: 1, minWidth: 0 }}
              label={t('goodsReceipts.fields.unitCost')}
              required
              inputMode="decimal"
              dir="ltr"
              value={unitCost}
              onChange={(event) => onCostChange(event.currentTarget.value)}
              error={costError}
              data-testid="receipt-line-cost"
            />
          </Group>
        </Group>
        <Tooltip label={t('goodsReceipts.form.removeLine')}>
          <ActionIcon
            variant="subtle"
            color="red"
            mt={26}
            size="lg"
            disabled={!canRemove}
            onClick={onRemove}
            aria-label={t('goodsReceipts.form.removeLine')}
            data-testid="receipt-line-remove"
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group justify="flex-end" mt={4}>
        <Text size="sm" c="dimmed" data-testid="receipt-line-total">
          {t('goodsReceipts.fields.lineTotal')}: <Ltr>{total === null ? '—' : number.money(total)}</Ltr>
        </Text>
      </Group>
    </Paper>
  );
}
