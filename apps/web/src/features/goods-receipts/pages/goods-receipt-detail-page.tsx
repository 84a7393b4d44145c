import type { ReactNode } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AutoText } from '../../../components/auto-text';
import { Ltr } from '../../../components/ltr';
import { PageBreadcrumbs } from '../../../components/page-breadcrumbs';
import { RecordQueryFallback } from '../../../components/record-not-found';
import { useDateFormat } from '../../../lib/date-format';
import { useGoodsReceipt } from '../api/goods-receipts';
import { useGoodsReceiptsLive } from '../api/keys';
import { ReceiptLinesTable } from '../components/receipt-lines-table';
import { useDayFormat } from '../day-format';
import { paths } from '../../../lib/paths';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** One goods receipt: who from, into where, the lines and costs; print it as a document. */
export function GoodsReceiptDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const dates = useDateFormat();
  const day = useDayFormat();
  const receipt = useGoodsReceipt(id);
  useGoodsReceiptsLive();

  if (!receipt.isSuccess) {
    return (
      <RecordQueryFallback
        query={receipt}
        notFound={{ title: t('goodsReceipts.notFound'), body: t('goodsReceipts.notFoundBody'), backTo: paths.goodsReceipts, backLabel: t('goodsReceipts.backToList'), testId: 'receipt-not-found' }}
      />
    );
  }
  const data = receipt.data;

  return (
    <>
      <PageBreadcrumbs parentTo={paths.goodsReceipts} parentLabel={t('goodsReceipts.title')}>
        <Ltr>{data.number}</Ltr>
      </PageBreadcrumbs>

      <Group justify="space-between" align="flex-start" mb="lg" gap="md">
        <Stack gap={4}>
          <Title order={2} fz={{ base: 22, sm: 26 }} data-testid="receipt-number">
            <Ltr>{data.number}</Ltr>
          </Title>
          <Text size="sm" c="dimmed">
            {t('goodsReceipts.receivedLine', { day: day(data.received_on) })}
          </Text>
        </Stack>
        {data.allowed_actions.includes('print') && (
          <Button
            variant="default"
            component={Link}
            to={paths.goodsReceiptPrint(data.id)}
            leftSection={<IconPrinter size={16} />}
            data-testid="receipt-print-link"
          >
            {t('goodsReceipts.document.open')}
          </Button>
        )}
      </Group>

      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <Fact label={t('goodsReceipts.fields.supplier')} testId="receipt-supplier-fact">
              <Stack gap={0}>
                <AutoText size="sm">{data.supplier.name}</AutoText>
                {data.supplier.vat_number && (
                  <Text size="xs" c="dimmed">
                    {t('suppliers.fields.vatNumber')}: <Ltr>{data.supplier.vat_number}</Ltr>
                  </Text>
                )}
                {data.supplier.phone && (
                  <Text size="xs" c="dimmed">
                    <Ltr>{data.supplier.phone}</Ltr>
                  </Text>
                )}
              </Stack>
            </Fact>
            <Fact label={t('goodsReceipts.fields.warehouse')}>
              <Stack gap={0}>
                <span>
                  <Ltr>{data.warehouse.code}</Ltr> · <span dir="auto">{data.warehouse.name}</span>
                </span>
                <Text size="xs" c="dimmed">
                  {t(`warehouseKind.${data.warehouse.kind}`)}
                </Text>
              </Stack>
            </Fact>
            <Fact label={t('goodsReceipts.fields.reference')}>
              {data.reference ? <bdi dir="auto">{data.reference}</bdi> : <Text c="dimmed" size="sm" span>—</Text>}
            </Fact>
            <Fact label={t('goodsReceipts.fields.createdBy')}>
              <Stack gap={0}>
                <AutoText size="sm">{data.created_by?.name ?? '—'}</AutoText>
                <Text size="xs" c="dimmed">
                  {dates.dateTime(data.created_at)}
                </Text>
              </Stack>
            </Fact>
          </SimpleGrid>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Title order={3} fz="md" mb="sm">
            {t('goodsReceipts.fields.lines')}
          </Title>
          <ReceiptLinesTable receipt={data} />
        </Paper>

        {data.notes && (
          <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
            <Title order={3} fz="md" mb="xs">
              {t('goodsReceipts.fields.notes')}
            </Title>
            <AutoText size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="receipt-notes-text">
              {data.notes}
            </AutoText>
          </Paper>
        )}
      </Stack>
    </>
  );
}

export default GoodsReceiptDetailPage;
