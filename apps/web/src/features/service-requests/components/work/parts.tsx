import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash, IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZAddPart, type TServiceRequest } from '@portal/shared';
import { Ltr } from '../../../../components/ltr';
import { formatMoney, formatQuantity } from '../../../../lib/decimal';
import { translateFieldError } from '../../../../lib/errors';
import { zodFieldErrors } from '../../../../lib/form-validation';
import { usePublicSettings } from '../../../../lib/public-settings';
import { useOnline } from '../../../../lib/use-online';
import { isQueuedId, itemIdOf, QueuedMark, queuedPartUse, useOutbox, useOutboxActions } from '../../../offline';
import { useVanStock, useWorkCall } from '../../api/work';
import { QuantityUnit } from '../../../../components/quantity-unit';
import { WorkBlock } from './work-block';
import { WorkErrorLine } from './work-error-line';
import { PartsRequestDialog } from './parts-request-dialog';

export function Parts({ request }: { request: TServiceRequest }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const currency = usePublicSettings().data?.currency;
  const call = useWorkCall(request.id);
  const can = request.work_actions.use_parts;
  const [search, setSearch] = useState('');
  // Offline the picker searches the van's kept list itself instead of asking the server.
  const online = useOnline();
  const stock = useVanStock(can ? request.work.van_id : null, online ? search : '');
  const outbox = useOutbox();
  const { cancel } = useOutboxActions();
  const [itemId, setItemId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [requesting, setRequesting] = useState(false);
  // What the van holds less what queued uses will take from it.
  const queuedUse = queuedPartUse(outbox.items);
  const inVan = (stock.data?.items ?? [])
    .map((s) => (queuedUse.has(s.item_id) ? { ...s, quantity: (Number(s.quantity) - queuedUse.get(s.item_id)!).toFixed(3) } : s))
    .filter((s) => Number(s.quantity) > 0 && s.item_active);
  const chosen = inVan.find((s) => s.item_id === itemId);
  const add = () => {
    const body = { item_id: itemId ?? '', quantity };
    const found = zodFieldErrors(ZAddPart, body);
    setErrors(found);
    if (Object.keys(found).length) return;
    const part = chosen && { item_id: chosen.item_id, item_code: chosen.item_code, item_name: chosen.item_name, unit: chosen.unit, quantity: body.quantity };
    call.mutate({ path: 'parts', body, ...(part ? { part } : {}) }, { onSuccess: () => { setItemId(null); setQuantity('1'); } });
  };
  // A line waiting to sync has no prices yet: the server sets them when it takes the part.
  const money = (v: string) => (v ? formatMoney(v, language, currency) : '—');
  const remove = (lineId: string) => {
    // Used and returned before the server heard of it: the two cancel out in the outbox.
    if (isQueuedId(lineId)) void cancel(itemIdOf(lineId));
    else call.mutate({ path: `parts/${lineId}`, method: 'DELETE' });
  };
  const queuedState = (lineId: string) => (isQueuedId(lineId) ? outbox.items.find((item) => item.id === itemIdOf(lineId))?.state : undefined);
  return (
    <WorkBlock
      title={t('work.parts.title')}
      testId="work-parts"
      action={
        request.work_actions.request_parts && (
          <Button variant="light" color="orange" size="sm" leftSection={<IconTruckDelivery size={16} />} onClick={() => setRequesting(true)} data-testid="work-parts-request">
            {t('work.partsRequest.open')}
          </Button>
        )
      }
    >
      <Stack gap="sm">
        {request.work.awaiting_transfer && (
          <Alert color="orange" variant="light" data-testid="work-awaiting-transfer">
            {t('work.partsRequest.waiting', { number: request.work.awaiting_transfer.number, status: t(`transfers.status.${request.work.awaiting_transfer.status}`) })}
          </Alert>
        )}
        {request.work.parts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('work.parts.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing={6} data-testid="work-parts-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('work.parts.item')}</Table.Th>
                  <Table.Th ta="end">{t('work.parts.quantity')}</Table.Th>
                  <Table.Th ta="end">{t('work.parts.unitPrice')}</Table.Th>
                  <Table.Th ta="end">{t('work.parts.tax')}</Table.Th>
                  <Table.Th ta="end">{t('work.parts.total')}</Table.Th>
                  {can && <Table.Th />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {request.work.parts.map((line) => (
                  <Table.Tr key={line.id} data-testid="work-part-line">
                    <Table.Td>
                      <Text size="sm" dir="auto">
                        {line.item_name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        <Ltr>{line.item_code}</Ltr>
                      </Text>
                      <QueuedMark requestId={request.id} id={line.id} />
                    </Table.Td>
                    <Table.Td ta="end">
                      <QuantityUnit quantity={formatQuantity(line.quantity, language)} unit={line.unit} dimmedUnit={false} />
                    </Table.Td>
                    <Table.Td ta="end">{money(line.unit_price)}</Table.Td>
                    <Table.Td ta="end">{money(line.tax_amount)}</Table.Td>
                    <Table.Td ta="end" fw={600}>
                      {money(line.total)}
                    </Table.Td>
                    {can && (
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('work.parts.remove')}
                          disabled={queuedState(line.id) !== undefined && queuedState(line.id) !== 'pending'}
                          onClick={() => remove(line.id)}
                          data-testid="work-part-remove"
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={3}>{t('work.parts.totals')}</Table.Th>
                  <Table.Th ta="end">{money(request.work.parts_totals.tax)}</Table.Th>
                  <Table.Th ta="end" data-testid="work-parts-total">
                    {money(request.work.parts_totals.total)}
                  </Table.Th>
                  {can && <Table.Th />}
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        )}
        {can && (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t('work.parts.fromVan')}
              placeholder={t('work.parts.pick')}
              searchable
              clearable
              onSearchChange={setSearch}
              nothingFoundMessage={t('work.parts.vanEmpty')}
              data={inVan.map((s) => ({ value: s.item_id, label: `${s.item_code} · ${s.item_name} (${formatQuantity(s.quantity, language)})` }))}
              value={itemId}
              onChange={setItemId}
              error={translateFieldError(t, errors.item_id)}
              style={{ flex: '1 1 220px' }}
              data-testid="work-part-item"
            />
            <TextInput
              label={t('work.parts.quantity')}
              inputMode="decimal"
              dir="ltr"
              w={110}
              value={quantity}
              onChange={(e) => setQuantity(e.currentTarget.value)}
              error={translateFieldError(t, errors.quantity)}
              description={chosen ? t('work.parts.available', { quantity: formatQuantity(chosen.quantity, language) }) : undefined}
              data-testid="work-part-quantity"
            />
            <Button leftSection={<IconPlus size={16} />} onClick={add} loading={call.isPending} data-testid="work-part-add">
              {t('work.parts.add')}
            </Button>
          </Group>
        )}
        <WorkErrorLine error={call.error} />
      </Stack>
      {request.work_actions.request_parts && <PartsRequestDialog request={request} opened={requesting} onClose={() => setRequesting(false)} />}
    </WorkBlock>
  );
}
