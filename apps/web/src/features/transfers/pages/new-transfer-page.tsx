import { useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Breadcrumbs, Button, Grid, Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconPlus, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TFunction } from 'i18next';
import { can, type TWarehouse } from '@portal/shared';
import { Ltr } from '../../../components/ltr';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { useNumberFormat } from '../../../lib/decimal';
import { describeError, serverFieldErrors, translateFieldError } from '../../../lib/errors';
import { useCurrentUser } from '../../../lib/session-store';
import { toastError, toastSuccess } from '../../../lib/toast';
import { shortagesOf, type Shortage } from '../shortages';
import { useCreateTransfer } from '../api/create-transfer';
import { useWarehouses } from '../api/get-warehouses';
import { TransferLineFields, type LineItem } from '../components/transfer-line-fields';
import { WarehouseSelect } from '../components/warehouse-select';
import { emptyTransferForm, newLine, toCreateTransferRequest, toFormPaths, transferFormErrors, type TransferFormValues } from '../transfer-form';
import { paths } from '../../../lib/paths';

const FORM_CODES = new Set(['duplicate_item', 'quantity_positive', 'same_warehouse']);

function translateError(t: TFunction, code: unknown): string | undefined {
  if (typeof code === 'string' && FORM_CODES.has(code)) return t(`transfers.form.errors.${code}`);
  return translateFieldError(t, code);
}

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

  const error = (path: string) => translateError(t, form.errors[path]);

  return (
    <>
      <Breadcrumbs mb="xs" separator="›" separatorMargin={6}>
        <Anchor component={Link} to={paths.transfers} size="sm">
          {t('transfers.title')}
        </Anchor>
        <Text size="sm" c="dimmed">
          {t(partsRequest ? 'transfers.newPartsRequest' : 'transfers.new')}
        </Text>
      </Breadcrumbs>
      <PageHeader
        title={t(partsRequest ? 'transfers.newPartsRequest' : 'transfers.new')}
        subtitle={t(partsRequest ? 'transfers.form.partsRequestHint' : 'transfers.form.hint')}
      />
      <form onSubmit={submit} noValidate data-testid="transfer-form">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
                <Grid gap="sm">
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <WarehouseSelect
                      label={t('transfers.fields.from')}
                      placeholder={t('transfers.form.chooseWarehouse')}
                      required
                      warehouses={sources}
                      value={form.values.from_warehouse_id}
                      onChange={(value) => {
                        form.setFieldValue('from_warehouse_id', value);
                        form.clearFieldError('from_warehouse_id');
                      }}
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
                      onChange={(value) => {
                        form.setFieldValue('to_warehouse_id', value);
                        form.clearFieldError('to_warehouse_id');
                      }}
                      error={error('to_warehouse_id') ?? (partsRequest && warehouses.isSuccess && !ownVan ? t('transfers.form.noVan') : undefined)}
                      data-testid="transfer-to"
                    />
                  </Grid.Col>
                </Grid>
              </Paper>

              <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
                <Group justify="space-between" mb="sm">
                  <Title order={3} fz="md">
                    {t('transfers.fields.lines')}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('transfers.form.lineCount', { count: form.values.lines.length })}
                  </Text>
                </Group>
                <Stack gap="sm">
                  {form.values.lines.map((line, index) => (
                    <TransferLineFields
                      key={line.key}
                      index={index}
                      fromWarehouseId={form.values.from_warehouse_id}
                      itemId={line.item_id}
                      quantity={line.quantity}
                      knownItem={line.item_id ? items.get(line.item_id) : undefined}
                      takenItemIds={taken}
                      itemError={error(`lines.${index}.item_id`)}
                      quantityError={error(`lines.${index}.quantity`)}
                      canRemove={form.values.lines.length > 1}
                      onItemChange={(item) => {
                        if (item) setItems((known) => new Map(known).set(item.id, item));
                        form.setFieldValue(`lines.${index}.item_id`, item?.id ?? null);
                        form.clearFieldError(`lines.${index}.item_id`);
                      }}
                      onQuantityChange={(value) => {
                        form.setFieldValue(`lines.${index}.quantity`, value);
                        form.clearFieldError(`lines.${index}.quantity`);
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
                    <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => form.insertListItem('lines', newLine())} data-testid="transfer-add-line">
                      {t('transfers.form.addLine')}
                    </Button>
                  </Group>
                </Stack>
              </Paper>

              <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
                <Textarea
                  label={t('transfers.fields.notes')}
                  dir="auto"
                  autosize
                  minRows={3}
                  maxRows={8}
                  maxLength={2000}
                  data-testid="transfer-notes"
                  {...form.getInputProps('notes')}
                  error={error('notes')}
                />
              </Paper>
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md" pos="sticky" top={80}>
              {shortages && (
                <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('transfers.insufficient.title')} data-testid="transfer-shortage">
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
                </Alert>
              )}
              {Boolean(failure) && !shortages && (
                <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('transfers.createFailed')} data-testid="transfer-form-error">
                  {describeError(t, failure)}
                </Alert>
              )}
              <Paper withBorder p="md">
                <Text size="sm" c="dimmed" mb="md">
                  {t('transfers.form.approvalNote')}
                </Text>
                <Group justify="flex-end" gap="sm">
                  <Button variant="default" component={Link} to={paths.transfers}>
                    {t('common.cancel')}
                  </Button>
                  <Button
                    type="submit"
                    loading={create.isPending}
                    leftSection={<IconSend size={16} className="mirror-in-rtl" />}
                    data-testid="transfer-submit"
                  >
                    {t('transfers.form.submit')}
                  </Button>
                </Group>
              </Paper>
              {partsRequest && ownVan && (
                <Text size="xs" c="dimmed">
                  {t('transfers.form.yourVan')} <Ltr>{ownVan.code}</Ltr>
                </Text>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
    </>
  );
}

export default NewTransferPage;
