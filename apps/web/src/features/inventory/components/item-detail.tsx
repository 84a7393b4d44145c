import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TItemDetail } from '@portal/shared';
import { ListPager } from '../../../components/list-controls';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { Ltr } from '../../../components/ltr';
import { QuantityUnit } from '../../../components/quantity-unit';
import { StockStatusBadge } from '../../../components/stock-status-badge';
import { useItemLabels } from '../../../lib/item-units';
import { useNumberFormat } from '../../../lib/decimal';
import { useMovements } from '../api/get-movements';
import { useDateFormat } from '../../../lib/date-format';

const MOVEMENTS_PAGE = 10;

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {typeof value === 'string' ? <Ltr>{value}</Ltr> : value}
      </Text>
    </Stack>
  );
}

/** An item: its figures, its stock in every warehouse (in transit shown) and its movements. */
export function ItemDetail({
  item,
  canManage,
  onEdit,
  onToggleActive,
}: {
  item: TItemDetail;
  canManage: boolean;
  onEdit: () => void;
  onToggleActive: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const labels = useItemLabels();
  return (
    <Stack gap="md" data-testid="item-detail">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={4}>
          <Group gap="xs">
            <Text c="dimmed" fw={600}>
              <Ltr>{item.code}</Ltr>
            </Text>
            <StockStatusBadge status={item.status} />
            {!item.active && (
              <Badge color="gray" variant="outline" size="sm">
                {t('inventory.inactive')}
              </Badge>
            )}
          </Group>
          <Title order={3} fz="lg">
            <span dir="auto">{item.name}</span>
          </Title>
          <Text size="sm" c="dimmed">
            <span dir="auto" data-testid="item-category-name">{labels.category(item)}</span>
          </Text>
        </Stack>
        {canManage && (
          <Group gap="xs">
            <Button size="xs" variant="light" leftSection={<IconEdit size={14} />} onClick={onEdit} data-testid="item-edit">
              {t('inventory.edit')}
            </Button>
            <Button
              size="xs"
              variant="default"
              color={item.active ? 'red' : 'teal'}
              leftSection={item.active ? <IconPlayerPause size={14} /> : <IconPlayerPlay size={14} />}
              onClick={onToggleActive}
              data-testid="item-toggle-active"
            >
              {item.active ? t('inventory.deactivate') : t('inventory.reactivate')}
            </Button>
          </Group>
        )}
      </Group>
      {item.description && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          <span dir="auto">{item.description}</span>
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Figure label={t('inventory.fields.quantity')} value={<QuantityUnit quantity={fmt.quantity(item.quantity)} unit={item.unit} dimmedUnit={false} />} testId="item-quantity" />
        <Figure label={t('inventory.fields.inTransit')} value={fmt.quantity(item.in_transit)} />
        <Figure label={t('inventory.fields.minQuantity')} value={fmt.quantity(item.min_quantity)} />
        <Figure label={t('inventory.fields.price')} value={fmt.money(item.price)} />
        <Figure label={t('inventory.fields.taxRate')} value={fmt.percent(item.tax_rate)} />
        <Figure label={t('inventory.fields.total')} value={fmt.money(item.total)} />
      </SimpleGrid>

      <Title order={4} fz="md">
        {t('inventory.stockByWarehouse')}
      </Title>
      {item.stock.length === 0 ? (
        <ListEmpty title={t('inventory.noStockTitle')} body={t('inventory.noStockBody')} />
      ) : (
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table striped verticalSpacing="xs" data-testid="item-stock">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('inventory.fields.warehouse')}</Table.Th>
                <Table.Th ta="end">{t('inventory.fields.available')}</Table.Th>
                <Table.Th ta="end">{t('inventory.fields.inTransitOut')}</Table.Th>
                <Table.Th ta="end">{t('inventory.fields.inTransitIn')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {item.stock.map((row) => (
                <Table.Tr key={row.warehouse_id} data-warehouse={row.warehouse_code}>
                  <Table.Td>
                    <Text size="sm">
                      <span dir="auto">{row.warehouse_name}</span>
                    </Text>
                    <Text size="xs" c="dimmed">
                      <Ltr>{row.warehouse_code}</Ltr> · {t(`warehouseKind.${row.warehouse_kind}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="end" fw={600} data-testid="stock-available">
                    {fmt.quantity(row.quantity)}
                  </Table.Td>
                  <Table.Td ta="end">{fmt.quantity(row.in_transit_out)}</Table.Td>
                  <Table.Td ta="end">{fmt.quantity(row.in_transit_in)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}

      <Title order={4} fz="md">
        {t('inventory.movements')}
      </Title>
      <MovementHistory itemId={item.id} />
    </Stack>
  );
}

/** The item's ledger, newest first, paged by keyset (kept in the component, not the URL). */
function MovementHistory({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const [cursors, setCursors] = useState<string[]>([]);
  const query = { item_id: itemId, limit: MOVEMENTS_PAGE, ...(cursors.length ? { cursor: cursors.at(-1) } : {}) };
  const movements = useMovements(query);
  // In the company's time zone, like every other time on screen.
  const { dateTime } = useDateFormat();

  if (movements.isPending) return <ListLoading rows={3} />;
  if (movements.isError) return <ListError error={movements.error} onRetry={() => void movements.refetch()} />;
  const page = movements.data;
  if (page.items.length === 0) return <ListEmpty title={t('inventory.noMovementsTitle')} body={t('inventory.noMovementsBody')} />;
  return (
    <div>
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        <Table verticalSpacing="xs" data-testid="item-movements">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('inventory.fields.date')}</Table.Th>
              <Table.Th>{t('inventory.fields.kind')}</Table.Th>
              <Table.Th>{t('inventory.fields.warehouse')}</Table.Th>
              <Table.Th ta="end">{t('inventory.fields.quantity')}</Table.Th>
              <Table.Th>{t('inventory.fields.document')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.items.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(m.created_at)}</Table.Td>
                <Table.Td>{t(`movementKind.${m.kind}`)}</Table.Td>
                <Table.Td>
                  <Ltr>{m.warehouse_code}</Ltr>
                </Table.Td>
                <Table.Td ta="end" fw={600} c={m.quantity.startsWith('-') ? 'red' : 'teal'}>
                  <Ltr>{m.quantity.startsWith('-') ? fmt.quantity(m.quantity) : `+${fmt.quantity(m.quantity)}`}</Ltr>
                </Table.Td>
                <Table.Td>
                  {m.document_number ? <Ltr>{m.document_number}</Ltr> : '—'}
                  {m.actor_name && (
                    <Text size="xs" c="dimmed">
                      <span dir="auto">{m.actor_name}</span>
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <ListPager
        pageIndex={cursors.length}
        pageSize={MOVEMENTS_PAGE}
        shown={page.items.length}
        total={page.total}
        hasNext={!!page.next_cursor}
        loading={movements.isFetching}
        onPrevious={() => setCursors((c) => c.slice(0, -1))}
        onNext={() => page.next_cursor && setCursors((c) => [...c, page.next_cursor!])}
      />
    </div>
  );
}
