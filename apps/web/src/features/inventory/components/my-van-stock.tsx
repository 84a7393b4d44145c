import { Paper, Table, Text, Title } from '@mantine/core';
import { IconTruck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { Ltr } from '../../../components/ltr';
import { AutoText } from '../../../components/auto-text';
import { useNumberFormat } from '../../../lib/decimal';
import { useWarehouseOptions } from '../../../lib/inventory-lookups';
import { useCurrentUser } from '../../../lib/use-session';
import { useStock } from '../api/get-stock';
import { QuantityUnit } from '../../../components/quantity-unit';
import { LastRefreshed } from '../../offline';

/**
 * A technician's van: what it holds now, and what is on its way in or out. No low / out badge
 * per line: an item's status is over all warehouses (docs/decisions/012-low-stock.md), so the
 * van's own quantity against the company-wide minimum would mislead; the item opens with it.
 */
export function MyVanStock({ onOpenItem }: { onOpenItem: (id: string) => void }) {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const user = useCurrentUser();
  const statuses = useWarehouseOptions();
  const van = statuses.data?.items.find((w) => w.kind === 'van' && w.technician_id === user.id);
  const stock = useStock({ warehouse_id: van?.id, limit: 100 }, !!van);

  if (statuses.isPending || (van && stock.isPending)) return <ListLoading rows={3} />;
  if (statuses.isError && !statuses.data) return <ListError error={statuses.error} onRetry={() => void statuses.refetch()} />;
  if (!van) return <ListEmpty icon={IconTruck} title={t('inventory.noVanTitle')} body={t('inventory.noVanBody')} />;
  // A refresh that failed keeps the stock read before (kept on the device for offline use).
  if (stock.isError && !stock.data) return <ListError error={stock.error} onRetry={() => void stock.refetch()} />;
  const rows = stock.data?.items ?? [];
  return (
    <Paper withBorder radius="md" p="md" data-testid="my-van">
      <Title order={3} fz="md" mb={4}>
        {t('inventory.myVan')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        <span dir="auto">{van.name}</span> · <Ltr>{van.code}</Ltr>
      </Text>
      <LastRefreshed updatedAt={stock.dataUpdatedAt} />
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('inventory.vanEmpty')}
        </Text>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <Table highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('inventory.fields.item')}</Table.Th>
                <Table.Th ta="end">{t('inventory.fields.available')}</Table.Th>
                <Table.Th ta="end">{t('inventory.fields.inTransitIn')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.item_id} onClick={() => onOpenItem(row.item_id)} style={{ cursor: 'pointer' }}>
                  <Table.Td>
                    <AutoText size="sm">{row.item_name}</AutoText>
                    <Text size="xs" c="dimmed">
                      <Ltr>{row.item_code}</Ltr>
                    </Text>
                  </Table.Td>
                  <Table.Td ta="end" fw={600}>
                    <QuantityUnit quantity={fmt.quantity(row.quantity)} unit={row.unit} />
                  </Table.Td>
                  <Table.Td ta="end">{fmt.quantity(row.in_transit_in)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Paper>
  );
}
