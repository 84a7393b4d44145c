import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconBan, IconUserCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZBulkRequest, type TBulkResult } from '@portal/shared';
import { Ltr } from '../../../components/ltr';
import { ServiceRequestStatusBadge } from '../../../components/service-request-badges';
import { describeError, translateFieldError } from '../../../lib/errors';
import { zodFieldErrors } from '../../../lib/form-validation';
import { toastSuccess } from '../../../lib/toast';
import { useBulkAction } from '../api/bulk';
import { UserPicker } from '../../../components/user-picker';

type Dialog = 'assign' | 'cancel' | null;

/**
 * The admin desk's bulk actions on the selected requests: assign a technician or cancel with a
 * reason. Each request goes through the same rules as alone, so some may fail: the result
 * names each one, with its new status or the reason it was refused.
 */
export function BulkBar({ selected, onDone }: { selected: ReadonlyMap<string, string>; onDone: (failedIds: Set<string>) => void }) {
  const { t } = useTranslation();
  const bulk = useBulkAction();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [technicianId, setTechnicianId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [results, setResults] = useState<{ result: TBulkResult; numbers: Map<string, string> } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const close = () => {
    setDialog(null);
    setErrors({});
  };

  const submit = () => {
    if (!dialog) return;
    const body = { ids: [...selected.keys()], action: dialog, ...(dialog === 'assign' ? { technician_id: technicianId ?? undefined } : { reason }) };
    const found = zodFieldErrors(ZBulkRequest, body);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    const numbers = new Map(selected);
    setFailure(null);
    bulk.mutate(ZBulkRequest.parse(body), {
      onSuccess: (result) => {
        close();
        setReason('');
        setTechnicianId(null);
        setResults({ result, numbers });
        const ok = result.results.filter((r) => r.ok).length;
        if (ok > 0) toastSuccess('serviceRequests.bulk.done', undefined, { count: ok });
        onDone(new Set(result.results.filter((r) => !r.ok).map((r) => r.id)));
      },
      onError: (error) => {
        close();
        setFailure(error);
      },
    });
  };

  const failed = results?.result.results.filter((r) => !r.ok) ?? [];
  const succeeded = results?.result.results.filter((r) => r.ok) ?? [];

  return (
    <>
      {selected.size > 0 && (
        <Paper withBorder p="sm" mb="md" radius="md" bg="var(--mantine-color-blue-light)" data-testid="sr-bulk-bar">
          <Group justify="space-between" gap="sm">
            <Text size="sm" fw={600}>
              {t('serviceRequests.bulk.selected', { count: selected.size })}
            </Text>
            <Group gap="xs">
              <Button size="xs" leftSection={<IconUserCheck size={14} />} onClick={() => setDialog('assign')} data-testid="sr-bulk-assign">
                {t('serviceRequests.bulk.assign')}
              </Button>
              <Button size="xs" color="red" variant="light" leftSection={<IconBan size={14} />} onClick={() => setDialog('cancel')} data-testid="sr-bulk-cancel">
                {t('serviceRequests.bulk.cancel')}
              </Button>
              <Button size="xs" variant="subtle" leftSection={<IconX size={14} />} onClick={() => onDone(new Set())}>
                {t('serviceRequests.bulk.clear')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}

      {Boolean(failure) && (
        <Alert color="red" withCloseButton onClose={() => setFailure(null)} mb="md" title={t('serviceRequests.bulk.failed')}>
          {describeError(t, failure)}
        </Alert>
      )}

      {results && (
        <Alert
          color={failed.length ? 'orange' : 'teal'}
          withCloseButton
          onClose={() => setResults(null)}
          mb="md"
          title={t('serviceRequests.bulk.resultTitle', { ok: succeeded.length, failed: failed.length })}
          data-testid="sr-bulk-results"
        >
          <List size="sm" spacing={4}>
            {results.result.results.map((row) => (
              <List.Item key={row.id} data-testid="sr-bulk-result" data-ok={row.ok}>
                <Group gap={6} wrap="wrap">
                  <Text span fw={600} size="sm">
                    <Ltr>{results.numbers.get(row.id) ?? row.id}</Ltr>
                  </Text>
                  {row.ok ? (
                    <ServiceRequestStatusBadge status={row.status} />
                  ) : (
                    <Text span size="sm" c="red">
                      {t(`errors.${row.error.code}`, { defaultValue: row.error.message })}
                    </Text>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}

      <Modal
        opened={dialog !== null}
        onClose={close}
        centered
        title={t(dialog === 'cancel' ? 'serviceRequests.bulk.cancelTitle' : 'serviceRequests.bulk.assignTitle', { count: selected.size })}
      >
        <Stack gap="md">
          {dialog === 'assign' ? (
            <UserPicker
              role="technician"
              label={t('serviceRequests.fields.technician')}
              required
              value={technicianId}
              onChange={(id) => {
                setTechnicianId(id);
                setErrors({});
              }}
              error={translateFieldError(t, errors.technician_id)}
              testId="sr-bulk-technician"
            />
          ) : (
            <Textarea
              label={t('serviceRequests.actions.reason')}
              description={t('serviceRequests.actions.cancelHint')}
              required
              autosize
              minRows={3}
              maxLength={1000}
              dir="auto"
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setErrors({});
              }}
              error={translateFieldError(t, errors.reason)}
              data-testid="sr-bulk-reason"
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button color={dialog === 'cancel' ? 'red' : undefined} loading={bulk.isPending} onClick={submit} data-testid="sr-bulk-confirm">
              {t(dialog === 'cancel' ? 'serviceRequests.bulk.cancel' : 'serviceRequests.bulk.assign')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
