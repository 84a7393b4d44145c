import { useState } from 'react';
import { Alert, Anchor, Breadcrumbs, Button, Grid, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCheck, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TFunction } from 'i18next';
import { MAX_RECEIPT_LINES } from '@portal/shared';
import { DateField } from '../../../components/date-field';
import { Ltr } from '../../../components/ltr';
import { PageHeader } from '../../../components/page-header';
import { useNumberFormat } from '../../../lib/decimal';
import { describeError, serverFieldErrors, translateFieldError } from '../../../lib/errors';
import { useWarehouseOptions } from '../../../lib/inventory-lookups';
import { usePublicSettings } from '../../../lib/public-settings';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCreateGoodsReceipt } from '../api/goods-receipts';
import { ReceiptLineFields } from '../components/receipt-line-fields';
import { SupplierSelect } from '../components/supplier-select';
import { ReceivingWarehouseSelect } from '../components/warehouse-picker';
import { emptyReceiptForm, newReceiptLine, receiptFormErrors, receiptTotal, toCreateReceiptRequest, toFormPaths, type ReceiptFormValues } from '../receipt-form';
import { paths } from '../../../lib/paths';

const FORM_CODES = new Set(['duplicate_item', 'quantity_positive', 'cost_invalid']);

function translateError(t: TFunction, code: unknown): string | undefined {
  if (typeof code === 'string' && FORM_CODES.has(code)) return t(`goodsReceipts.form.errors.${code}`);
  return translateFieldError(t, code);
}

/** Today as YYYY-MM-DD in `timeZone` (the browser's zone until the settings arrive). */
function companyToday(timeZone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  }
}

/** Receive goods: supplier, warehouse, reference, day, and the lines with their costs. */
export function NewGoodsReceiptPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const number = useNumberFormat();
  const warehouses = useWarehouseOptions({ activeOnly: true });
  const create = useCreateGoodsReceipt();
  const [units, setUnits] = useState(() => new Map<string, string>());
  const [failure, setFailure] = useState<unknown>(null);
  const receiving = (warehouses.data?.items ?? []).filter((w) => w.kind !== 'van');

  const form = useForm<ReceiptFormValues>({
    initialValues: emptyReceiptForm(),
    validate: (values) => receiptFormErrors(values),
  });
  const error = (path: string) => translateError(t, form.errors[path]);
  const total = receiptTotal(form.values.lines);
  // The company's day today: later days are not offered (the server refuses them too).
  const timeZone = usePublicSettings().data?.time_zone;
  const today = companyToday(timeZone);

  const submit = form.onSubmit((values) => {
    setFailure(null);
    create.mutate(toCreateReceiptRequest(values), {
      onSuccess: (receipt) => {
        toastSuccess('goodsReceipts.created', undefined, { number: receipt.number });
        void navigate(paths.goodsReceipt(receipt.id));
      },
      onError: (err) => {
        setFailure(err);
        const fields = serverFieldErrors(err);
        if (fields) form.setErrors(toFormPaths(fields));
        toastError('goodsReceipts.createFailed', describeError(t, err));
      },
    });
  });

  return (
    <>
      <Breadcrumbs mb="xs" separator="›" separatorMargin={6}>
        <Anchor component={Link} to={paths.goodsReceipts} size="sm">
          {t('goodsReceipts.title')}
        </Anchor>
        <Text size="sm" c="dimmed">
          {t('goodsReceipts.new')}
        </Text>
      </Breadcrumbs>
      <PageHeader title={t('goodsReceipts.new')} subtitle={t('goodsReceipts.form.hint')} />
      <form onSubmit={submit} noValidate data-testid="receipt-form">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
                <Grid gap="sm">
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <SupplierSelect
                      label={t('goodsReceipts.fields.supplier')}
                      required
                      value={form.values.supplier_id}
                      onChange={(value) => {
                        form.setFieldValue('supplier_id', value);
                        form.clearFieldError('supplier_id');
                      }}
                      error={error('supplier_id')}
                      description={
                        <Anchor component={Link} to={paths.suppliers} size="xs">
                          {t('goodsReceipts.form.manageSuppliers')}
                        </Anchor>
                      }
                      data-testid="receipt-supplier"
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <ReceivingWarehouseSelect
                      label={t('goodsReceipts.fields.warehouse')}
                      placeholder={t('goodsReceipts.form.chooseWarehouse')}
                      description={t('goodsReceipts.form.warehouseHint')}
                      required
                      warehouses={receiving}
                      value={form.values.warehouse_id}
                      onChange={(value) => {
                        form.setFieldValue('warehouse_id', value);
                        form.clearFieldError('warehouse_id');
                      }}
                      error={error('warehouse_id')}
                      data-testid="receipt-warehouse"
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label={t('goodsReceipts.fields.reference')}
                      description={t('goodsReceipts.form.referenceHint')}
                      dir="auto"
                      maxLength={100}
                      data-testid="receipt-reference"
                      {...form.getInputProps('reference')}
                      error={error('reference')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <DateField
                      label={t('goodsReceipts.fields.receivedOn')}
                      description={t('goodsReceipts.form.receivedOnHint')}
                      placeholder={t('goodsReceipts.form.today')}
                      value={form.values.received_on}
                      maxDate={today}
                      onChange={(value) => {
                        form.setFieldValue('received_on', value);
                        form.clearFieldError('received_on');
                      }}
                      error={error('received_on')}
                      data-testid="receipt-received-on"
                    />
                  </Grid.Col>
                </Grid>
              </Paper>

              <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
                <Group justify="space-between" mb="sm">
                  <Title order={3} fz="md">
                    {t('goodsReceipts.fields.lines')}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('goodsReceipts.form.lineCount', { count: form.values.lines.length })}
                  </Text>
                </Group>
                <Stack gap="sm">
                  {form.values.lines.map((line, index) => (
                    <ReceiptLineFields
                      key={line.key}
                      index={index}
                      itemId={line.item_id}
                      quantity={line.quantity}
                      unitCost={line.unit_cost}
                      unit={line.item_id ? units.get(line.item_id) : undefined}
                      itemError={error(`lines.${index}.item_id`)}
                      quantityError={error(`lines.${index}.quantity`)}
                      costError={error(`lines.${index}.unit_cost`)}
                      canRemove={form.values.lines.length > 1}
                      onItemChange={(id, item) => {
                        if (item) setUnits((known) => new Map(known).set(item.id, item.unit));
                        form.setFieldValue(`lines.${index}.item_id`, id);
                        form.clearFieldError(`lines.${index}.item_id`);
                      }}
                      onQuantityChange={(value) => {
                        form.setFieldValue(`lines.${index}.quantity`, value);
                        form.clearFieldError(`lines.${index}.quantity`);
                      }}
                      onCostChange={(value) => {
                        form.setFieldValue(`lines.${index}.unit_cost`, value);
                        form.clearFieldError(`lines.${index}.unit_cost`);
                      }}
                      onRemove={() => {
                        form.removeListItem('lines', index);
                        form.clearErrors();
                      }}
                    />
                  ))}
                  {error('lines') && (
                    <Text c="red" size="sm">
                      {error('lines')}
                    </Text>
                  )}
                  <Group>
                    <Button
                      variant="light"
                      leftSection={<IconPlus size={16} />}
                      disabled={form.values.lines.length >= MAX_RECEIPT_LINES}
                      onClick={() => form.insertListItem('lines', newReceiptLine())}
                      data-testid="receipt-add-line"
                    >
                      {t('goodsReceipts.form.addLine')}
                    </Button>
                  </Group>
                </Stack>
              </Paper>

              <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
                <Textarea
                  label={t('goodsReceipts.fields.notes')}
                  dir="auto"
                  autosize
                  minRows={2}
                  maxRows={8}
                  maxLength={2000}
                  data-testid="receipt-notes"
                  {...form.getInputProps('notes')}
                  error={error('notes')}
                />
              </Paper>
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md" pos="sticky" top={80}>
              {Boolean(failure) && (
                <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('goodsReceipts.createFailed')} data-testid="receipt-form-error">
                  {describeError(t, failure)}
                </Alert>
              )}
              <Paper withBorder p="md">
                <Group justify="space-between" mb="xs">
                  <Text size="sm" c="dimmed">
                    {t('goodsReceipts.fields.total')}
                  </Text>
                  <Text fw={700} size="lg" data-testid="receipt-total">
                    <Ltr>{total === null ? '—' : number.money(total)}</Ltr>
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" mb="md">
                  {t('goodsReceipts.form.postNote')}
                </Text>
                <Group justify="flex-end" gap="sm">
                  <Button variant="default" component={Link} to={paths.goodsReceipts}>
                    {t('common.cancel')}
                  </Button>
                  <Button type="submit" loading={create.isPending} leftSection={<IconCheck size={16} />} data-testid="receipt-submit">
                    {t('goodsReceipts.form.submit')}
                  </Button>
                </Group>
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
    </>
  );
}

export default NewGoodsReceiptPage;
