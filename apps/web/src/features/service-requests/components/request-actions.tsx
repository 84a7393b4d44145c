import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import {
  IconArrowBackUp,
  IconBan,
  IconCheck,
  IconPackage,
  IconPlayerPlay,
  IconRotateClockwise,
  IconUserCheck,
  IconUserMinus,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SERVICE_REQUEST_ACTION_BODIES, type ServiceRequestAction, type TServiceRequest } from '@portal/shared';
import { translateFieldError } from '../../../lib/errors';
import { zodFieldErrors } from '../../../lib/form-validation';
import { toastSuccess } from '../../../lib/toast';
import { useServiceRequestAction } from '../api/run-action';
import { ACTION_COLORS, ACTION_FIELDS, actionBody, actionKey, type ActionField } from '../actions';
import { UserPicker } from '../../../components/user-picker';
import { useCurrentUser } from '../../../lib/use-session';
import { SignatureField } from './signature-pad';

type CompletionSignatures = { technician_signature: string | null; customer_signature: string | null };
const NO_SIGNATURES: CompletionSignatures = { technician_signature: null, customer_signature: null };

const ICONS: Record<ServiceRequestAction, Icon> = {
  assign: IconUserCheck,
  unassign: IconUserMinus,
  start: IconPlayerPlay,
  'await-parts': IconPackage,
  resume: IconRotateClockwise,
  complete: IconCheck,
  reopen: IconArrowBackUp,
  cancel: IconBan,
};

const MAX: Record<ActionField, number> = { technician_id: 36, note: 2000, reason: 1000, diagnosis: 4000, resolution: 4000 };

/**
 * Exactly the actions the server says the caller may take now (`allowed_actions`, in its order):
 * no role check here. Those that need a technician, a note, a reason or the work report open a
 * dialog; the others act at once. A refusal goes to `onError` (the page shows it and refetches).
 */
export function RequestActions({ request, onError }: { request: TServiceRequest; onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const run = useServiceRequestAction(request.id);
  const [open, setOpen] = useState<ServiceRequestAction | null>(null);
  const [values, setValues] = useState<Partial<Record<ActionField, string | null>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<ServiceRequestAction | null>(null);
  // Completing on the technician's device: both sign there (the customer unless the service was remote).
  const [signatures, setSignatures] = useState<CompletionSignatures>(NO_SIGNATURES);
  const user = useCurrentUser();
  const signatureRequired = {
    technician_signature: user.role === 'technician',
    customer_signature: user.role === 'technician' && request.location !== 'remote',
  };

  if (request.allowed_actions.length === 0) return null;

  const perform = (action: ServiceRequestAction, body: Record<string, unknown>) => {
    setPending(action);
    // Ending running work (complete, await parts) offline: the pause keeps the device's time.
    const pauseFirst = (action === 'complete' || action === 'await-parts') && request.work.open_entry_id !== null;
    run.mutate({ action, body: SERVICE_REQUEST_ACTION_BODIES[action].parse(body) as never, pauseFirst }, {
      onSuccess: (updated) => {
        setOpen(null);
        setValues({});
        // null: kept on the device until there is a connection (the task shows it waiting).
        if (updated) toastSuccess(`serviceRequests.actions.${actionKey(action)}Done`, undefined, { number: updated.number });
        else toastSuccess('offline.savedOnDevice');
      },
      onError: (error) => {
        setOpen(null);
        onError(error);
      },
      onSettled: () => setPending(null),
    });
  };

  const start = (action: ServiceRequestAction) => {
    onError(null);
    setErrors({});
    if (ACTION_FIELDS[action].length === 0) perform(action, {});
    else {
      setSignatures(NO_SIGNATURES);
      setValues(
        action === 'assign' && request.technician
          ? { technician_id: request.technician.id }
          : action === 'complete'
            ? { diagnosis: request.work.diagnosis ?? '', resolution: request.work.resolution ?? '' }
            : {},
      );
      setOpen(action);
    }
  };

  const submit = () => {
    if (!open) return;
    const body = actionBody(open, values);
    const found = zodFieldErrors(SERVICE_REQUEST_ACTION_BODIES[open], body);
    if (open === 'complete') {
      Object.assign(body, signatures);
      for (const field of ['technician_signature', 'customer_signature'] as const) {
        if (signatureRequired[field] && !signatures[field]) found[field] = 'required';
      }
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    perform(open, body);
  };

  const set = (field: ActionField, value: string | null) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };

  const openKey = open ? actionKey(open) : '';
  return (
    <>
      <Group gap="sm" data-testid="sr-actions">
        {request.allowed_actions.map((action) => {
          const Icon = ICONS[action];
          const look = ACTION_COLORS[action];
          return (
            <Button
              key={action}
              color={look.color}
              variant={look.variant}
              leftSection={<Icon size={16} className={action === 'reopen' ? 'mirror-in-rtl' : undefined} />}
              loading={pending === action && ACTION_FIELDS[action].length === 0}
              disabled={pending !== null}
              onClick={() => start(action)}
              data-testid={`sr-action-${action}`}
            >
              {t(`serviceRequests.actions.${actionKey(action)}`)}
            </Button>
          );
        })}
      </Group>

      <Modal opened={open !== null} onClose={() => setOpen(null)} centered title={open ? t(`serviceRequests.actions.${openKey}Title`, { number: request.number }) : ''}>
        {open && (
          <Stack gap="md" data-testid="sr-action-dialog">
            <Text size="sm" c="dimmed">
              {t(`serviceRequests.actions.${openKey}Hint`)}
            </Text>
            {ACTION_FIELDS[open].map((field) =>
              field === 'technician_id' ? (
                <UserPicker
                  key={field}
                  role="technician"
                  label={t('serviceRequests.fields.technician')}
                  required
                  value={values.technician_id ?? null}
                  onChange={(id) => set('technician_id', id)}
                  error={translateFieldError(t, errors.technician_id)}
                  testId="sr-action-technician"
                />
              ) : (
                <Textarea
                  key={field}
                  label={t(`serviceRequests.actions.fields.${field}`)}
                  required={!(open === 'unassign' && field === 'note')}
                  autosize
                  minRows={field === 'note' || field === 'reason' ? 3 : 2}
                  maxRows={8}
                  maxLength={MAX[field]}
                  dir="auto"
                  data-autofocus={field === ACTION_FIELDS[open][0] || undefined}
                  value={values[field] ?? ''}
                  onChange={(event) => set(field, event.currentTarget.value)}
                  error={translateFieldError(t, errors[field])}
                  data-testid={`sr-action-${field}`}
                />
              ),
            )}
            {open === 'complete' &&
              (['technician_signature', 'customer_signature'] as const).map((field) => (
                <div key={field} data-testid={`sr-action-${field}`}>
                  <SignatureField
                    label={t(`serviceRequests.actions.fields.${field}${signatureRequired[field] ? '' : 'Optional'}`)}
                    error={
                      errors[field]
                        ? t(errors[field] === 'too_long' ? 'serviceRequests.feedback.signatureTooLarge' : 'serviceRequests.feedback.signatureRequired')
                        : undefined
                    }
                    onChange={(value) => {
                      setSignatures((current) => ({ ...current, [field]: value }));
                      setErrors((e) => ({ ...e, [field]: '' }));
                    }}
                  />
                </div>
              ))}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(null)}>
                {t('common.cancel')}
              </Button>
              <Button color={ACTION_COLORS[open].color} loading={run.isPending} onClick={submit} data-testid="sr-action-confirm">
                {t(`serviceRequests.actions.${openKey}`)}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
