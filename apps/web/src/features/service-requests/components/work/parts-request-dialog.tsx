import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ZPartsRequest, type TServiceRequest } from '@portal/shared';
import { translateFieldError } from '../../../../lib/errors';
import { zodFieldErrors } from '../../../../lib/form-validation';
import { useItemSearch } from '../../../../lib/inventory-lookups';
import { toastSuccess } from '../../../../lib/toast';
import { useWorkCall } from '../../api/work';
import { WorkErrorLine } from './work-error-line';

/** One tap while working: the parts asked for come to the van, and the request waits for them. */
export function PartsRequestDialog({ request, opened, onClose }: { request: TServiceRequest; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const call = useWorkCall(request.id);
  const [search, setSearch] = useState('');
  // Only while the dialog is open: the catalogue is the technician's and the admin's to read.
  const items = useItemSearch(search, { enabled: opened });
  const [itemId, setItemId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const body = { lines: [{ item_id: itemId ?? '', quantity }], note: note || null };
    const found = zodFieldErrors(ZPartsRequest, body);
    setErrors(found);
    if (Object.keys(found).length) return;
    call.mutate({ path: 'parts-request', body }, { onSuccess: () => { toastSuccess('work.partsRequest.sent'); onClose(); } });
  };
  return (
    <Modal opened={opened} onClose={onClose} centered title={t('work.partsRequest.title', { number: request.number })}>
      <Stack gap="sm" data-testid="work-parts-request-dialog">
        <Text size="sm" c="dimmed">
          {t('work.partsRequest.hint')}
        </Text>
        <Select
          label={t('work.parts.item')}
          searchable
          onSearchChange={setSearch}
          data={(items.data?.items ?? []).map((i) => ({ value: i.id, label: `${i.code} · ${i.name}` }))}
          value={itemId}
          onChange={setItemId}
          error={translateFieldError(t, errors['lines.0.item_id'])}
          data-testid="work-parts-request-item"
        />
        <TextInput label={t('work.parts.quantity')} inputMode="decimal" dir="ltr" w={110} value={quantity} onChange={(e) => setQuantity(e.currentTarget.value)} error={translateFieldError(t, errors['lines.0.quantity'])} />
        <Textarea label={t('work.partsRequest.note')} dir="auto" autosize minRows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <WorkErrorLine error={call.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="orange" loading={call.isPending} onClick={submit} data-testid="work-parts-request-send">
            {t('work.partsRequest.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
