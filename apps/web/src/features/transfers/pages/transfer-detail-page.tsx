import { useState } from 'react';
import { Alert, Grid, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { TTransfer } from '@portal/shared';
import { Ltr } from '../../../components/ltr';
import { PageBreadcrumbs } from '../../../components/page-breadcrumbs';
import { RecordQueryFallback } from '../../../components/record-not-found';
import { isApiError } from '../../../lib/api-client';
import { useNumberFormat } from '../../../lib/decimal';
import { describeError } from '../../../lib/errors';
import { useTransfer } from '../api/get-transfer';
import { DocumentButtons } from '../components/document-buttons';
import { TransferActions } from '../components/transfer-actions';
import { TransferStatusBadge } from '../components/transfer-status-badge';
import { TransferTimeline } from '../components/transfer-timeline';
import { WarehouseRoute } from '../components/warehouse-route';
import { useDateFormat } from '../format';
import { useTransfersLive } from '../realtime';
import { shortagesOf } from '../shortages';
import { QuantityUnit } from '../../../components/quantity-unit';
import { paths } from '../../../lib/paths';

function Fact({ label, person, at, testId }: { label: string; person: { name: string } | null; at: string | null; testId: string }) {
  const format = useDateFormat();
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      {person || at ? (
        <>
          <Text size="sm">
            <span dir="auto">{person?.name ?? '—'}</span>
          </Text>
          <Text size="xs" c="dimmed">
            {format.dateTime(at)}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      )}
    </Stack>
  );
}

function RefusalAlert({ error, transfer, onClose }: { error: unknown; transfer: TTransfer; onClose: () => void }) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const shortages = shortagesOf(error);
  let message = describeError(t, error);
  if (isApiError(error) && error.code === 'invalid_state') {
    message = t('transfers.actions.invalidState', { status: t(`transfers.status.${transfer.status}`) });
  } else if (shortages) {
    message = shortages
      .map((short) => {
        const line = transfer.lines.find((l) => l.item_id === short.item_id || l.item_code === short.item_code);
        return t('transfers.insufficient.line', {
          item: [short.item_code ?? line?.item_code, line?.item_name].filter(Boolean).join(' · '),
          available: number.quantity(short.available),
          requested: number.quantity(short.requested),
        });
      })
      .join(' ');
  }
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('transfers.actions.failed')} withCloseButton onClose={onClose} mb="md" data-testid="transfer-action-error">
      {message}
    </Alert>
  );
}

export function TransferDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const number = useNumberFormat();
  const transfer = useTransfer(id);
  const [refusal, setRefusal] = useState<unknown>(null);
  useTransfersLive();

  if (!transfer.isSuccess) {
    return (
      <RecordQueryFallback
        query={transfer}
        notFound={{ title: t('transfers.notFound'), body: t('transfers.notFoundBody'), backTo: paths.transfers, backLabel: t('transfers.backToList'), testId: 'transfer-not-found' }}
      />
    );
  }
  const data = transfer.data;

  return (
    <>
      <PageBreadcrumbs parentTo={paths.transfers} parentLabel={t('transfers.title')}>
        <Ltr>{data.number}</Ltr>
      </PageBreadcrumbs>

      <Group justify="space-between" align="flex-start" mb="lg" gap="md">
        <Stack gap={6}>
          <Group gap="sm">
            <Title order={2} fz={{ base: 22, sm: 26 }} data-testid="transfer-number">
              <Ltr>{data.number}</Ltr>
            </Title>
            <TransferStatusBadge status={data.status} size="lg" />
            {data.parts_request && (
              <Text size="sm" c="dimmed">
                {t('transfers.partsRequest')}
              </Text>
            )}
          </Group>
          <WarehouseRoute from={data.from_warehouse} to={data.to_warehouse} size="md" />
        </Stack>
        <Stack gap="sm" align="flex-end">
          <TransferActions transfer={data} onError={setRefusal} />
          <DocumentButtons transfer={data} />
        </Stack>
      </Group>

      {Boolean(refusal) && <RefusalAlert error={refusal} transfer={data} onClose={() => setRefusal(null)} />}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
                <Fact label={t('transfers.fields.requestedBy')} person={data.requested_by} at={data.requested_at} testId="transfer-requested" />
                <Fact
                  label={t(data.status === 'rejected' ? 'transfers.fields.rejectedBy' : data.status === 'cancelled' ? 'transfers.fields.cancelledBy' : 'transfers.fields.approvedBy')}
                  person={data.status === 'cancelled' ? data.cancelled_by : data.decided_by}
                  at={data.status === 'cancelled' ? data.cancelled_at : data.decided_at}
                  testId="transfer-decided"
                />
                <Fact label={t('transfers.fields.receivedBy')} person={data.received_by} at={data.received_at} testId="transfer-received" />
              </SimpleGrid>
              {data.rejection_reason && (
                <Alert color="red" variant="light" mt="md" title={t('transfers.fields.rejectionReason')}>
                  <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-line' }}>
                    {data.rejection_reason}
                  </Text>
                </Alert>
              )}
            </Paper>

            <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
              <Title order={3} fz="md" mb="sm">
                {t('transfers.fields.lines')}
              </Title>
              <Table.ScrollContainer minWidth={360}>
                <Table verticalSpacing="sm" data-testid="transfer-lines">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('transfers.fields.itemCode')}</Table.Th>
                      <Table.Th>{t('transfers.fields.item')}</Table.Th>
                      <Table.Th ta="end">{t('transfers.fields.quantity')}</Table.Th>
                      {data.status === 'pending' && <Table.Th ta="end">{t('transfers.fields.availableInSource')}</Table.Th>}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.lines.map((line) => (
                      <Table.Tr key={line.id} data-testid="transfer-line-row">
                        <Table.Td>
                          <Ltr>{line.item_code}</Ltr>
                        </Table.Td>
                        <Table.Td>
                          <span dir="auto">{line.item_name}</span>
                        </Table.Td>
                        <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                          <QuantityUnit quantity={number.quantity(line.quantity)} unit={line.unit} dimmedUnit={false} />
                        </Table.Td>
                        {data.status === 'pending' && <Table.Td ta="end">{number.quantity(line.available_in_source)}</Table.Td>}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>

            {data.notes && (
              <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
                <Title order={3} fz="md" mb="xs">
                  {t('transfers.fields.notes')}
                </Title>
                <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-line' }} data-testid="transfer-notes-text">
                  {data.notes}
                </Text>
              </Paper>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
            <Title order={3} fz="md" mb="md">
              {t('transfers.timeline.title')}
            </Title>
            <TransferTimeline events={data.timeline} />
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}

export default TransferDetailPage;
