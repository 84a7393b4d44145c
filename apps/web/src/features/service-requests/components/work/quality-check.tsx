import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZQualityCheckInput, type TServiceRequest } from '@portal/shared';
import { useDateFormat } from '../../../../lib/date-format';
import { translateFieldError } from '../../../../lib/errors';
import { zodFieldErrors } from '../../../../lib/form-validation';
import { toastSuccess } from '../../../../lib/toast';
import { useWorkCall } from '../../api/work';
import { WorkBlock } from './work-block';
import { WorkErrorLine } from './work-error-line';

export function QualityCheck({ request }: { request: TServiceRequest }) {
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
    <WorkBlock
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
          <WorkErrorLine error={call.error} />
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
    </WorkBlock>
  );
}
