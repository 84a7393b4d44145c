import { Divider, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { TGoodsReceipt } from '@portal/shared';
import { AutoText } from '../../../components/auto-text';
import { Ltr } from '../../../components/ltr';
import { useNumberFormat } from '../../../lib/decimal';
import { useItemLabels } from '../../../lib/item-units';

/** A receipt's lines with their totals and the receipt's total (on screen; the print view has its own table). */
export function ReceiptLinesTable({ receipt }: { receipt: TGoodsReceipt }) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const labels = useItemLabels();
  const wide = useMediaQuery('(min-width: 36em)', true, { getInitialValueInEffect: false });
  if (!wide) {
    // A phone: one block per line (six columns do not fit 390 px).
    return (
      <Stack gap="xs" data-testid="receipt-lines">
        {receipt.lines.map((line) => (
          <Stack key={line.line_no} gap={2} data-testid="receipt-line-row">
            <Group gap={6} wrap="nowrap" align="baseline">
              <Text size="xs" c="dimmed">
                {line.line_no}.
              </Text>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                <Ltr>{line.item_code}</Ltr>
              </Text>
            </Group>
            <AutoText size="sm">{line.item_name}</AutoText>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed">
                {number.quantity(line.quantity)} {labels.unit(line.unit)} × {number.money(line.unit_cost)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {number.money(line.total)}
              </Text>
            </Group>
            <Divider mt={6} />
          </Stack>
        ))}
        <Group justify="space-between">
          <Text fw={700} size="sm">
            {t('goodsReceipts.fields.total')}
          </Text>
          <Text fw={700} size="sm" data-testid="receipt-total">
            {number.money(receipt.total)}
          </Text>
        </Group>
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="sm" data-testid="receipt-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={32}>#</Table.Th>
            <Table.Th>{t('goodsReceipts.fields.itemCode')}</Table.Th>
            <Table.Th>{t('goodsReceipts.fields.item')}</Table.Th>
            <Table.Th ta="end">{t('goodsReceipts.fields.quantity')}</Table.Th>
            <Table.Th ta="end">{t('goodsReceipts.fields.unitCost')}</Table.Th>
            <Table.Th ta="end">{t('goodsReceipts.fields.lineTotal')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {receipt.lines.map((line) => (
            <Table.Tr key={line.line_no} data-testid="receipt-line-row">
              <Table.Td>{line.line_no}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Ltr>{line.item_code}</Ltr>
              </Table.Td>
              <Table.Td>
                <span dir="auto">{line.item_name}</span>
              </Table.Td>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                {number.quantity(line.quantity)} {labels.unit(line.unit)}
              </Table.Td>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                {number.money(line.unit_cost)}
              </Table.Td>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                {number.money(line.total)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Td colSpan={5} ta="end">
              <Text fw={700} size="sm">
                {t('goodsReceipts.fields.total')}
              </Text>
            </Table.Td>
            <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
              <Text fw={700} size="sm" data-testid="receipt-total">
                {number.money(receipt.total)}
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
