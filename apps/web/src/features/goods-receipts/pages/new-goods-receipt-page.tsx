import { useState } from 'react';
import { Anchor, Grid, Group, Paper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MAX_RECEIPT_LINES } from '@portal/shared';
import { DateField } from '../../../components/date-field';
import { FormLinesPanel } from '../../../components/form-lines';
import { FormNotesPanel, FormPageLayout, SubmitFailedAlert, SubmitPanel } from '../../../components/form-page-layout';
import { Ltr } from '../../../components/ltr';
import { PageBreadcrumbs } from '../../../components/page-breadcrumbs';
import { PageHeader } from '../../../components/page-header';
import { useNumberFormat } from '../../../lib/decimal';
import { documentLineProps } from '../../../lib/document-lines';
import { describeError, serverFieldErrors, translateFormError } from '../../../lib/errors';
import { toFormPaths } from '../../../lib/form';
import { useWarehouseOptions } from '../../../lib/inventory-lookups';
import { usePublicSettings } from '../../../lib/public-settings';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCreateGoodsReceipt } from '../api/goods-receipts';
import { ReceiptLineFields } from '../components/receipt-line-fields';
import { SupplierSelect } from '../components/supplier-select';
import { ReceivingWarehouseSelect } from '../components/warehouse-picker';
import { emptyReceiptForm, newReceiptLine, receiptFormErrors, receiptTotal, toCreateReceiptRequest, type ReceiptFormValues } from '../receipt-form';
import { paths } from '../../../lib/paths';
import { dateTimeFormat } from '../../../lib/intl-format';

const FORM_CODES = new Set(['duplicate_item', 'quantity_positive', 'cost_invalid']);

/** Today as YYYY-MM-DD in `timeZone` (the browser's zone until the settings arrive). */
function companyToday(timeZone: string | undefined): string {
  try {
    return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return dateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
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
  // A changed field loses its error: form.setFieldValue clears it (clearInputErrorOnChange).
  const error = (path: string) => translateFormError(t, form.errors[path], 'goodsReceipts', FORM_CODES);
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
      <PageBreadcrumbs parentTo={paths.goodsReceipts} parentLabel={t('goodsReceipts.title')}>
        {t('goodsReceipts.new')}
      </PageBreadcrumbs>
      <PageHeader title={t('goodsReceipts.new')} subtitle={t('goodsReceipts.form.hint')} />
      <form onSubmit={submit} noValidate data-testid="receipt-form">
        <FormPageLayout
          aside={
            <>
              {Boolean(failure) && (
                <SubmitFailedAlert title={t('goodsReceipts.createFailed')} testId="receipt-form-error">
                  {describeError(t, failure)}
                </SubmitFailedAlert>
              )}
              <SubmitPanel
                cancelTo={paths.goodsReceipts}
                submitLabel={t('goodsReceipts.form.submit')}
                submitting={create.isPending}
                submitIcon={<IconCheck size={16} />}
                submitTestId="receipt-submit"
              >
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
              </SubmitPanel>
            </>
          }
        >
          <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <SupplierSelect
                  label={t('goodsReceipts.fields.supplier')}
                  required
                  value={form.values.supplier_id}
                  onChange={(value) => form.setFieldValue('supplier_id', value)}
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
                  onChange={(value) => form.setFieldValue('warehouse_id', value)}
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
                  onChange={(value) => form.setFieldValue('received_on', value)}
                  error={error('received_on')}
                  data-testid="receipt-received-on"
                />
              </Grid.Col>
            </Grid>
          </Paper>

          <FormLinesPanel
            title={t('goodsReceipts.fields.lines')}
            count={t('goodsReceipts.form.lineCount', { count: form.values.lines.length })}
            error={error('lines')}
            addLabel={t('goodsReceipts.form.addLine')}
            addDisabled={form.values.lines.length >= MAX_RECEIPT_LINES}
            onAdd={() => form.insertListItem('lines', newReceiptLine())}
            addTestId="receipt-add-line"
          >
            {form.values.lines.map((line, index) => (
              <ReceiptLineFields
                key={line.key}
                {...documentLineProps(form, error, index)}
                itemId={line.item_id}
                unitCost={line.unit_cost}
                unit={line.item_id ? units.get(line.item_id) : undefined}
                costError={error(`lines.${index}.unit_cost`)}
                onItemChange={(id, item) => {
                  if (item) setUnits((known) => new Map(known).set(item.id, item.unit));
                  form.setFieldValue(`lines.${index}.item_id`, id);
                }}
                onCostChange={(value) => form.setFieldValue(`lines.${index}.unit_cost`, value)}
              />
            ))}
          </FormLinesPanel>

          <FormNotesPanel label={t('goodsReceipts.fields.notes')} minRows={2} testId="receipt-notes" {...form.getInputProps('notes')} error={error('notes')} />
        </FormPageLayout>
      </form>
    </>
  );
}

export default NewGoodsReceiptPage;
