import { useEffect, useMemo, useState } from 'react';
import { Grid, List, Paper, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { can, type TWarehouse } from '@portal/shared';
import { FormLinesPanel } from '../../../components/form-lines';
import { FormNotesPanel, FormPageLayout, SubmitFailedAlert, SubmitPanel } from '../../../components/form-page-layout';
import { Ltr } from '../../../components/ltr';
import { PageBreadcrumbs } from '../../../components/page-breadcrumbs';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { useNumberFormat } from '../../../lib/decimal';
import { documentLineProps } from '../../../lib/document-lines';
import { describeError, serverFieldErrors, translateFormError } from '../../../lib/errors';
import { toFormPaths } from '../../../lib/form';
import { useCurrentUser } from '../../../lib/use-session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { shortagesOf, type Shortage } from '../shortages';
import { useCreateTransfer } from '../api/create-transfer';
import { useWarehouses } from '../api/get-warehouses';
import { TransferLineFields, type LineItem } from '../components/transfer-line-fields';
import { WarehouseSelect } from '../components/warehouse-select';
import { emptyTransferForm, newLine, toCreateTransferRequest, transferFormErrors, type TransferFormValues } from '../transfer-form';
import { paths } from '../../../lib/paths';

const FORM_CODES = new Set(['duplicate_item', 'quantity_positive', 'same_warehouse']);

export function NewTransferPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const number = useNumberFormat();
  const warehouses = useWarehouses();
  const create = useCreateTransfer();
  const [items, setItems] = useState(() => new Map<string, LineItem>());
  const [failure, setFailure] = useState<unknown>(null);

  // PRODUCT.md §1: a technician asks only from a main or branch warehouse into their own van.
  const partsRequest = !can(user.role, 'request:transfer:any');
  const all = useMemo(() => warehouses.data?.items ?? [], [warehouses.data]);
  const ownVan = all.find((w) => w.kind === 'van' && w.technician_id === user.id) ?? null;
  const sources: TWarehouse[] = partsRequest ? all.filter((w) => w.kind !== 'van') : all;
  const destinations: TWarehouse[] = partsRequest ? (ownVan ? [ownVan] : []) : all;

  const form = useForm<TransferFormValues>({
    initialValues: emptyTransferForm(),
    validate: (values) => transferFormErrors(values),
  });

  useEffect(() => {
    if (partsRequest && ownVan && form.values.to_warehouse_id !== ownVan.id) form.setFieldValue('to_warehouse_id', ownVan.id);
  }, [partsRequest, ownVan, form]);

  const taken = new Set(form.values.lines.map((line) => line.item_id).filter((id): id is string => Boolean(id)));
  const shortages = shortagesOf(failure);
  const itemLabel = (short: Shortage) => {
    const known = short.item_id ? items.get(short.item_id) : [...items.values()].find((i) => i.code === short.item_code);
    return [short.item_code ?? known?.code, known?.name].filter(Boolean).join(' · ');
  };

  const submit = form.onSubmit((values) => {
    setFailure(null);
    create.mutate(toCreateTransferRequest(values), {
      onSuccess: (transfer) => {
        toastSuccess('transfers.created', undefined, { number: transfer.number });
        void navigate(paths.transfer(transfer.id));
      },
      onError: (error) => {
        setFailure(error);
        const fields = serverFieldErrors(error);
        if (fields) form.setErrors(toFormPaths(fields));
        if (isApiError(error) && error.code === 'insufficient_stock') void queryClient.invalidateQueries({ queryKey: ['stock'] });
        toastError('transfers.createFailed', describeError(t, error));
      },
    });
  });

  // A changed field loses its error: form.setFieldValue clears it (clearInputErrorOnChange).
  const error = (path: string) => translateFormError(t, form.errors[path], 'transfers', FORM_CODES);

  return (
    <>
      <PageBreadcrumbs parentTo={paths.transfers} parentLabel={t('transfers.title')}>
        {t(partsRequest ? 'transfers.newPartsRequest' : 'transfers.new')}
      </PageBreadcrumbs>
      <PageHeader
        title={t(partsRequest ? 'transfers.newPartsRequest' : 'transfers.new')}
        subtitle={t(partsRequest ? 'transfers.form.partsRequestHint' : 'transfers.form.hint')}
      />
      <form onSubmit={submit} noValidate data-testid="transfer-form">
        <FormPageLayout
          aside={
            <>
              {shortages && (
                <SubmitFailedAlert title={t('transfers.insufficient.title')} testId="transfer-shortage">
                  <List size="sm">
                    {shortages.map((short, index) => (
                      <List.Item key={`${short.item_id ?? short.item_code ?? ''}-${index}`}>
                        <Text span fw={600} dir="auto">
                          {itemLabel(short)}
                        </Text>
                        {': '}
                        {t('transfers.insufficient.detail', {
                          available: number.quantity(short.available),
                          requested: number.quantity(short.requested),
                        })}
                      </List.Item>
                    ))}
                  </List>
                </SubmitFailedAlert>
              )}
              {Boolean(failure) && !shortages && (
                <SubmitFailedAlert title={t('transfers.createFailed')} testId="transfer-form-error">
                  {describeError(t, failure)}
                </SubmitFailedAlert>
              )}
              <SubmitPanel
                cancelTo={paths.transfers}
                submitLabel={t('transfers.form.submit')}
                submitting={create.isPending}
                submitIcon={<IconSend size={16} className="mirror-in-rtl" />}
                submitTestId="transfer-submit"
              >
                <Text size="sm" c="dimmed" mb="md">
                  {t('transfers.form.approvalNote')}
                </Text>
              </SubmitPanel>
              {partsRequest && ownVan && (
                <Text size="xs" c="dimmed">
                  {t('transfers.form.yourVan')} <Ltr>{ownVan.code}</Ltr>
                </Text>
              )}
            </>
          }
        >
          <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <WarehouseSelect
                  label={t('transfers.fields.from')}
                  placeholder={t('transfers.form.chooseWarehouse')}
                  required
                  warehouses={sources}
                  value={form.values.from_warehouse_id}
                  onChange={(value) => form.setFieldValue('from_warehouse_id', value)}
                  error={error('from_warehouse_id')}
                  data-testid="transfer-from"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <WarehouseSelect
                  label={t('transfers.fields.to')}
                  placeholder={t('transfers.form.chooseWarehouse')}
                  required
                  disabled={partsRequest}
                  warehouses={destinations}
                  value={form.values.to_warehouse_id}
                  onChange={(value) => form.setFieldValue('to_warehouse_id', value)}
                  error={error('to_warehouse_id') ?? (partsRequest && warehouses.isSuccess && !ownVan ? t('transfers.form.noVan') : undefined)}
                  data-testid="transfer-to"
                />
              </Grid.Col>
            </Grid>
          </Paper>

          <FormLinesPanel
            title={t('transfers.fields.lines')}
            count={t('transfers.form.lineCount', { count: form.values.lines.length })}
            error={error('lines')}
            addLabel={t('transfers.form.addLine')}
            onAdd={() => form.insertListItem('lines', newLine())}
            addTestId="transfer-add-line"
          >
            {form.values.lines.map((line, index) => (
              <TransferLineFields
                key={line.key}
                {...documentLineProps(form, error, index)}
                fromWarehouseId={form.values.from_warehouse_id}
                itemId={line.item_id}
                knownItem={line.item_id ? items.get(line.item_id) : undefined}
                takenItemIds={taken}
                onItemChange={(item) => {
                  if (item) setItems((known) => new Map(known).set(item.id, item));
                  form.setFieldValue(`lines.${index}.item_id`, item?.id ?? null);
                }}
              />
            ))}
          </FormLinesPanel>

          <FormNotesPanel label={t('transfers.fields.notes')} minRows={3} testId="transfer-notes" {...form.getInputProps('notes')} error={error('notes')} />
        </FormPageLayout>
      </form>
    </>
  );
}

export default NewTransferPage;
