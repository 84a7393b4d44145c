import { useEffect, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCamera, IconClipboardCheck, IconPlayerPause, IconPlayerPlay, IconPlus, IconTrash, IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  ZAddPart,
  ZDiagnosticInput,
  ZPartsRequest,
  ZQualityCheckInput,
  type TAttachment,
  type TServiceRequest,
} from '@portal/shared';
import { Ltr } from '../../../../components/ltr';
import { formatMoney, formatQuantity } from '../../../../lib/decimal';
import { useDateFormat } from '../../../../lib/date-format';
import { describeError, translateFieldError } from '../../../../lib/errors';
import { zodFieldErrors } from '../../../../lib/form';
import { useItemSearch } from '../../../../lib/inventory-lookups';
import { usePublicSettings } from '../../../../lib/public-settings';
import { toastSuccess } from '../../../../lib/toast';
import { formatElapsed } from '../../../../lib/format-duration';
import { useAttachmentUrl } from '../../../../lib/attachment-url';
import { useVanStock, useWorkCall } from '../../api/work';
import { QuantityUnit } from '../../../../components/quantity-unit';

function Block({ title, action, children, testId }: { title: string; action?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid={testId}>
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={3} fz="md">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

function ErrorLine({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="red" variant="light" mt="sm" data-testid="work-error">
      {describeError(t, error)}
    </Alert>
  );
}

/** Start, pause, resume, with a timer that runs while an entry is open; the log below. */
function WorkLog({ request }: { request: TServiceRequest }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const format = useDateFormat();
  const call = useWorkCall(request.id);
  const [note, setNote] = useState('');
  const running = request.work.open_entry_id !== null;
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!running) return;
    const started = Date.now();
    setTick(0);
    const timer = setInterval(() => setTick(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [running, request.work.duration_seconds]);
  const can = request.work_actions.log_work;
  const act = (path: 'work-log/start' | 'work-log/stop') =>
    call.mutate({ path, body: { note: note || null } }, { onSuccess: () => setNote('') });

  return (
    <Block title={t('work.log.title')} testId="work-log">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t(running ? 'work.log.running' : 'work.log.total')}
            </Text>
            <Text fz={28} fw={700} data-testid="work-duration" style={{ fontVariantNumeric: 'tabular-nums' }}>
              <bdi>{formatElapsed(request.work.duration_seconds + (running ? tick : 0), language)}</bdi>
            </Text>
          </Stack>
          {can &&
            (running ? (
              <Button size="lg" color="orange" leftSection={<IconPlayerPause size={20} />} loading={call.isPending} onClick={() => act('work-log/stop')} data-testid="work-pause">
                {t('work.log.pause')}
              </Button>
            ) : (
              <Button size="lg" color="indigo" leftSection={<IconPlayerPlay size={20} className="mirror-in-rtl" />} loading={call.isPending} onClick={() => act('work-log/start')} data-testid="work-start">
                {t(request.status === 'assigned' ? 'work.log.start' : 'work.log.resume')}
              </Button>
            ))}
        </Group>
        {can && (
          <TextInput
            label={t('work.log.note')}
            placeholder={t('work.log.notePlaceholder')}
            dir="auto"
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            data-testid="work-note"
          />
        )}
        <ErrorLine error={call.error} />
        {request.work.work_log.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('work.log.empty')}
          </Text>
        ) : (
          <Stack gap={6}>
            {request.work.work_log.map((entry) => (
              <Group key={entry.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="work-log-entry">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm">
                    {format.dateTime(entry.started_at)} – {entry.ended_at ? format.dateTime(entry.ended_at) : t('work.log.now')}
                  </Text>
                  {entry.note && (
                    <Text size="xs" c="dimmed" dir="auto" style={{ whiteSpace: 'pre-line' }}>
                      {entry.note}
                    </Text>
                  )}
                </Stack>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  <bdi>{formatElapsed(entry.seconds, language)}</bdi>
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Block>
  );
}

const DIAGNOSTIC_FIELDS = ['symptoms', 'diagnosis', 'resolution', 'notes'] as const;

function Diagnostic({ request }: { request: TServiceRequest }) {
  const { t } = useTranslation();
  const call = useWorkCall(request.id);
  const initial = {
    symptoms: request.work.symptoms ?? '',
    diagnosis: request.work.diagnosis ?? '',
    resolution: request.work.resolution ?? '',
    notes: request.work.diagnostic_notes ?? '',
    labor_hours: request.work.labor_hours ?? '',
  };
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const editable = request.work_actions.edit_diagnostic;
  const save = () => {
    const body = { ...values, labor_hours: values.labor_hours.trim() || null };
    const found = zodFieldErrors(ZDiagnosticInput, body);
    setErrors(found);
    if (Object.keys(found).length) return;
    call.mutate({ path: 'diagnostic', method: 'PUT', body }, { onSuccess: () => toastSuccess('work.diagnostic.saved') });
  };
  if (!editable) {
    return (
      <Block title={t('work.diagnostic.title')} testId="work-diagnostic">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {DIAGNOSTIC_FIELDS.map((f) => (
            <Stack key={f} gap={2}>
              <Text size="xs" c="dimmed" fw={600}>
                {t(`work.diagnostic.${f}`)}
              </Text>
              <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-line' }}>
                {initial[f] || '—'}
              </Text>
            </Stack>
          ))}
          <Stack gap={2}>
            <Text size="xs" c="dimmed" fw={600}>
              {t('work.diagnostic.labor_hours')}
            </Text>
            <Text size="sm">{initial.labor_hours ? <Ltr>{initial.labor_hours}</Ltr> : '—'}</Text>
          </Stack>
        </SimpleGrid>
      </Block>
    );
  }
  return (
    <Block title={t('work.diagnostic.title')} testId="work-diagnostic">
      <Stack gap="sm">
        {DIAGNOSTIC_FIELDS.map((f) => (
          <Textarea
            key={f}
            label={t(`work.diagnostic.${f}`)}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={4000}
            dir="auto"
            value={values[f]}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setValues((v) => ({ ...v, [f]: value }));
            }}
            error={translateFieldError(t, errors[f])}
            data-testid={`work-diagnostic-${f}`}
          />
        ))}
        <TextInput
          label={t('work.diagnostic.labor_hours')}
          inputMode="decimal"
          dir="ltr"
          w={160}
          value={values.labor_hours}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setValues((v) => ({ ...v, labor_hours: value }));
          }}
          error={translateFieldError(t, errors.labor_hours)}
          data-testid="work-diagnostic-labor"
        />
        <Group justify="flex-end">
          <Button onClick={save} loading={call.isPending} data-testid="work-diagnostic-save">
            {t('work.diagnostic.save')}
          </Button>
        </Group>
        <ErrorLine error={call.error} />
      </Stack>
    </Block>
  );
}

function Parts({ request }: { request: TServiceRequest }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const currency = usePublicSettings().data?.currency;
  const call = useWorkCall(request.id);
  const can = request.work_actions.use_parts;
  const [search, setSearch] = useState('');
  const stock = useVanStock(can ? request.work.van_id : null, search);
  const [itemId, setItemId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [requesting, setRequesting] = useState(false);
  const inVan = (stock.data?.items ?? []).filter((s) => Number(s.quantity) > 0 && s.item_active);
  const chosen = inVan.find((s) => s.item_id === itemId);
  const add = () => {
    const body = { item_id: itemId ?? '', quantity };
    const found = zodFieldErrors(ZAddPart, body);
    setErrors(found);
    if (Object.keys(found).length) return;
    call.mutate({ path: 'parts', body }, { onSuccess: () => { setItemId(null); setQuantity('1'); } });
  };
  const money = (v: string) => formatMoney(v, language, currency);
  return (
    <Block
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
                        <ActionIcon variant="subtle" color="red" aria-label={t('work.parts.remove')} onClick={() => call.mutate({ path: `parts/${line.id}`, method: 'DELETE' })} data-testid="work-part-remove">
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
        <ErrorLine error={call.error} />
      </Stack>
      {request.work_actions.request_parts && <PartsRequestDialog request={request} opened={requesting} onClose={() => setRequesting(false)} />}
    </Block>
  );
}

/** One tap while working: the parts asked for come to the van, and the request waits for them. */
function PartsRequestDialog({ request, opened, onClose }: { request: TServiceRequest; opened: boolean; onClose: () => void }) {
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
        <ErrorLine error={call.error} />
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

function Thumb({ attachment, onOpen }: { attachment: TAttachment; onOpen: () => void }) {
  const { t } = useTranslation();
  const { url, failed } = useAttachmentUrl(attachment.thumb_url);
  return (
    <Paper withBorder radius="sm" p={4} component="button" type="button" onClick={onOpen} style={{ cursor: 'zoom-in', background: 'none' }} data-testid="work-photo">
      {url ? (
        <Image src={url} alt={attachment.caption ?? t(`work.photos.kind.${attachment.kind}`)} h={96} w="100%" fit={attachment.kind === 'photo' ? 'cover' : 'contain'} radius="xs" />
      ) : (
        <Text size="xs" c="dimmed" h={96}>
          {failed ? t('work.photos.failed') : '…'}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={2} lineClamp={1} dir="auto">
        {attachment.caption ?? t(`work.photos.kind.${attachment.kind}`)}
      </Text>
    </Paper>
  );
}

function FullImage({ attachment, onClose }: { attachment: TAttachment | null; onClose: () => void }) {
  const { url } = useAttachmentUrl(attachment?.url);
  return (
    <Modal opened={attachment !== null} onClose={onClose} centered size="xl">
      {url && <Image src={url} alt="" fit="contain" mah="75vh" />}
    </Modal>
  );
}

function Photos({ request }: { request: TServiceRequest }) {
  const { t } = useTranslation();
  const call = useWorkCall(request.id);
  const [open, setOpen] = useState<TAttachment | null>(null);
  const upload = (file: File | null) => {
    if (!file) return;
    const form = new FormData();
    form.append('kind', 'photo');
    form.append('file', file);
    call.mutate({ path: 'attachments', body: form }, { onSuccess: () => toastSuccess('work.photos.added') });
  };
  const shown = request.work.attachments;
  return (
    <Block
      title={t('work.photos.title')}
      testId="work-photos"
      action={
        request.work_actions.add_photos && (
          <FileButton onChange={upload} accept="image/*" inputProps={{ capture: 'environment', 'data-testid': 'work-photo-input' } as never}>
            {(props) => (
              <Button {...props} size="sm" variant="light" leftSection={<IconCamera size={16} />} loading={call.isPending} data-testid="work-photo-add">
                {t('work.photos.add')}
              </Button>
            )}
          </FileButton>
        )
      }
    >
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('work.photos.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
          {shown.map((a) => (
            <Thumb key={a.id} attachment={a} onOpen={() => setOpen(a)} />
          ))}
        </SimpleGrid>
      )}
      <ErrorLine error={call.error} />
      <FullImage attachment={open} onClose={() => setOpen(null)} />
    </Block>
  );
}

function QualityCheck({ request }: { request: TServiceRequest }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const call = useWorkCall(request.id);
  const [opened, setOpened] = useState(false);
  const [result, setResult] = useState<'passed' | 'failed'>('passed');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const qc = request.quality_check;
  const submit = () => {
    const body = { result, notes: notes || null };
    const found = zodFieldErrors(ZQualityCheckInput, body);
    setErrors(found);
    if (Object.keys(found).length) return;
    call.mutate({ path: 'quality-check', body }, { onSuccess: () => { setOpened(false); toastSuccess(`work.quality.${result}Done`); } });
  };
  return (
    <Block
      title={t('serviceRequests.sections.qualityCheck')}
      testId="sr-section-quality"
      action={
        request.work_actions.quality_check && (
          <Button size="sm" leftSection={<IconClipboardCheck size={16} />} onClick={() => setOpened(true)} data-testid="work-quality-open">
            {t('work.quality.check')}
          </Button>
        )
      }
    >
      {qc ? (
        <Stack gap={4} data-testid="work-quality-result">
          <Text fw={600} c={qc.result === 'passed' ? 'teal' : 'red'}>
            {t(`work.quality.${qc.result}`)}
          </Text>
          {qc.notes && (
            <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-line' }}>
              {qc.notes}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {qc.checked_by && <span dir="auto">{qc.checked_by.name}</span>} · {format.dateTime(qc.checked_at)}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('serviceRequests.qualityNotChecked')}
        </Text>
      )}
      <Modal opened={opened} onClose={() => setOpened(false)} centered title={t('work.quality.title', { number: request.number })}>
        <Stack gap="sm" data-testid="work-quality-dialog">
          <SegmentedControl
            fullWidth
            value={result}
            onChange={(v) => setResult(v as 'passed' | 'failed')}
            data={[
              { value: 'passed', label: t('work.quality.passed') },
              { value: 'failed', label: t('work.quality.failed') },
            ]}
            data-testid="work-quality-result-choice"
          />
          <Text size="sm" c="dimmed">
            {t(result === 'failed' ? 'work.quality.failedHint' : 'work.quality.passedHint')}
          </Text>
          <Textarea label={t('work.quality.notes')} required={result === 'failed'} dir="auto" autosize minRows={3} maxLength={2000} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} error={translateFieldError(t, errors.notes)} data-testid="work-quality-notes" />
          <ErrorLine error={call.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button color={result === 'failed' ? 'red' : 'teal'} loading={call.isPending} onClick={submit} data-testid="work-quality-confirm">
              {t('work.quality.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Block>
  );
}

/**
 * The work on a request (issue #10), as its technician works it on a phone and as everyone
 * else reads it: the work log with a running timer, the diagnostic, parts from the van, photos,
 * the quality check. Each control shows only when `work_actions` says the server allows it.
 */
export function WorkSection({ request }: { request: TServiceRequest }) {
  const started = request.work.work_log.length > 0 || request.work_actions.log_work;
  return (
    <Stack gap="lg" data-testid="sr-work">
      {started && <WorkLog request={request} />}
      {(request.work_actions.edit_diagnostic || request.work.symptoms || request.work.diagnostic_notes || request.work.labor_hours) && <Diagnostic request={request} />}
      {(request.work_actions.use_parts || request.work.parts.length > 0 || request.work.awaiting_transfer) && <Parts request={request} />}
      {(request.work_actions.add_photos || request.work.attachments.length > 0) && <Photos request={request} />}
      <QualityCheck request={request} />
    </Stack>
  );
}
