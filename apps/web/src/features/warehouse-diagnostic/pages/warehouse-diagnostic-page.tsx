import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconAlertTriangle, IconStethoscope } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TWarehouseStatus } from '@portal/shared';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { Ltr } from '../../../components/ltr';
import { PageHeader } from '../../../components/page-header';
import { useNumberFormat } from '../../../lib/decimal';
import { useWarehouseStatuses } from '../../../lib/inventory-lookups';
import { useRealtimeSubscription } from '../../../lib/realtime';
import { useCurrentUser } from '../../../lib/use-session';
import { useDateFormat } from '../../../lib/date-format';
import { paths } from '../../../lib/paths';

const noop = () => undefined;
const KIND_ORDER = { main: 0, branch: 1, van: 2 } as const;

function Count({ label, value, to, color }: { label: string; value: number; to?: string; color: string }) {
  const body = (
    <Stack gap={0} align="center">
      <Text fw={700} fz="xl" c={value > 0 ? color : 'dimmed'}>{value}</Text>
      <Text size="xs" c="dimmed" ta="center">{label}</Text>
    </Stack>
  );
  return to ? <Link to={to} style={{ textDecoration: 'none' }}>{body}</Link> : body;
}

function WarehouseCard({ status }: { status: TWarehouseStatus }) {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const w = status.warehouse;
  return (
    <Card withBorder radius="md" padding="md" data-testid="warehouse-status" data-code={w.code}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600}><span dir="auto">{w.name}</span></Text>
          <Text size="xs" c="dimmed"><Ltr>{w.code}</Ltr> · {t(`warehouseKind.${w.kind}`)}</Text>
        </Stack>
        <Badge style={{ flexShrink: 0, overflow: 'visible' }} color={status.invariant.ok ? 'teal' : 'red'} leftSection={status.invariant.ok ? <IconCircleCheck size={12} /> : <IconAlertTriangle size={12} />} data-testid="invariant">
          {status.invariant.ok ? t('warehouseStatus.invariantOk') : t('warehouseStatus.invariantBroken')}
        </Badge>
      </Group>
      <Text size="sm" mb="sm">{t('warehouses.fields.value')}: <strong>{fmt.money(w.stock_value)}</strong></Text>
      <SimpleGrid cols={3} spacing="xs">
        {/* Items stocked here whose quantity over ALL warehouses is low / out (never this warehouse's alone): the list each links to. */}
        <Count label={`${t('stockStatus.low_stock')} · ${t('warehouseStatus.allWarehouses')}`} value={status.low_stock.length} color="orange" to={`${paths.inventory}?warehouse_id=${w.id}&status=low_stock&active=true`} />
        <Count label={`${t('stockStatus.out_of_stock')} · ${t('warehouseStatus.allWarehouses')}`} value={status.out_of_stock.length} color="red" to={`${paths.inventory}?warehouse_id=${w.id}&status=out_of_stock&active=true`} />
        <Count label={t('warehouseStatus.pending')} value={status.transfers.pending_in + status.transfers.pending_out} color="blue" to={`${paths.transfers}?status=pending`} />
        <Count label={t('warehouseStatus.inTransitOut')} value={status.transfers.in_transit_out} color="grape" />
        <Count label={t('warehouseStatus.inTransitIn')} value={status.transfers.in_transit_in} color="grape" />
        <Count label={t('warehouseStatus.items')} value={w.item_count} color="dark" />
      </SimpleGrid>
      {!status.invariant.ok && (
        <Alert color="red" mt="sm" variant="light">
          {t('warehouseStatus.invariantDetail', { mismatches: status.invariant.mismatches.length, negatives: status.invariant.negatives.length })}
        </Alert>
      )}
    </Card>
  );
}

/** Per warehouse: low and out of stock, pending and in-transit transfers, and the ledger check. */
export function WarehouseDiagnosticPage() {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  useRealtimeSubscription('stock', noop);
  useRealtimeSubscription('transfers', noop);
  const user = useCurrentUser();
  // A technician sees their own van; supervisors and admins every warehouse.
  const statuses = useWarehouseStatuses({ technicianId: user.role === 'technician' ? user.id : undefined });
  return (
    <>
      <PageHeader title={t('nav.warehouseStatus')} subtitle={t('warehouseStatus.subtitle')} />
      {statuses.isPending ? (
        <ListLoading />
      ) : statuses.isError ? (
        <ListError error={statuses.error} onRetry={() => void statuses.refetch()} />
      ) : statuses.data.items.length === 0 ? (
        <ListEmpty icon={IconStethoscope} />
      ) : (
        <>
          <Title order={3} fz="sm" c="dimmed" mb="xs">{t('warehouseStatus.checkedAt', { at: dateTime(statuses.data.items[0]!.checked_at) })}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {[...statuses.data.items].sort((a, b) => KIND_ORDER[a.warehouse.kind] - KIND_ORDER[b.warehouse.kind]).map((s) => <WarehouseCard key={s.warehouse.id} status={s} />)}
          </SimpleGrid>
        </>
      )}
    </>
  );
}

export default WarehouseDiagnosticPage;
