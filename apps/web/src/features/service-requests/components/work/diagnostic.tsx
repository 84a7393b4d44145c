import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ZDiagnosticInput, type TServiceRequest } from '@portal/shared';
import { Ltr } from '../../../../components/ltr';
import { translateFieldError } from '../../../../lib/errors';
import { zodFieldErrors } from '../../../../lib/form-validation';
import { toastSuccess } from '../../../../lib/toast';
import { useWorkCall } from '../../api/work';
import { WorkBlock } from './work-block';
import { WorkErrorLine } from './work-error-line';

const DIAGNOSTIC_FIELDS = ['symptoms', 'diagnosis', 'resolution', 'notes'] as const;

export function Diagnostic({ request }: { request: TServiceRequest }) {
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
    call.mutate({ path: 'diagnostic', method: 'PUT', body }, { onSuccess: (result) => toastSuccess(result.queued ? 'offline.savedOnDevice' : 'work.diagnostic.saved') });
  };
  if (!editable) {
    return (
      <WorkBlock title={t('work.diagnostic.title')} testId="work-diagnostic">
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
      </WorkBlock>
    );
  }
  return (
    <WorkBlock title={t('work.diagnostic.title')} testId="work-diagnostic">
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
        <WorkErrorLine error={call.error} />
      </Stack>
    </WorkBlock>
  );
}
