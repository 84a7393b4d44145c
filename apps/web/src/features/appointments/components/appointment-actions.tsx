import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconBan, IconCalendarRepeat, IconCheck, IconChecks, IconUserOff, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_ACTION_BODIES, type AppointmentAction, type TAppointment } from '@portal/shared';
import { SlotPicker } from '../../../components/slot-picker';
import { translateFieldError } from '../../../lib/errors';
import { zodFieldErrors } from '../../../lib/form-validation';
import { toastSuccess } from '../../../lib/toast';
import { dayInZone } from '../../../lib/zoned-time';
import { useRescheduleAvailability } from '../api/get-appointment';
import { useAppointmentAction } from '../api/run-action';

const ICONS: Record<AppointmentAction, Icon> = { confirm: IconCheck, reschedule: IconCalendarRepeat, complete: IconChecks, 'no-show': IconUserOff, cancel: IconBan };
const COLORS: Record<AppointmentAction, { color?: string; variant: 'filled' | 'light' | 'default' }> = {
  confirm: { variant: 'filled' },
  reschedule: { variant: 'light' },
  complete: { color: 'teal', variant: 'filled' },
  'no-show': { color: 'orange', variant: 'light' },
  cancel: { color: 'red', variant: 'light' },
};
/** Translation key of an action (`no-show` → `noShow`). */
export const actionKey = (action: AppointmentAction) => (action === 'no-show' ? 'noShow' : action);

/**
 * Exactly the actions the server allows the caller now (`allowed_actions`, in its order).
 * Reschedule opens a day and its free slots for this visit; cancel asks for a reason;
 * complete and no-show ask to be sure; confirm acts at once.
 */
export function AppointmentActions({ appointment, timeZone, onError }: { appointment: TAppointment; timeZone: string; onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const run = useAppointmentAction(appointment.id);
  const [open, setOpen] = useState<AppointmentAction | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [date, setDate] = useState<string | null>(null);
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [slotError, setSlotError] = useState(false);
  const availability = useRescheduleAvailability(appointment.id, date, open === 'reschedule');
  const today = dayInZone(new Date(), timeZone);

  if (appointment.allowed_actions.length === 0) return null;

  const perform = (action: AppointmentAction, body: Record<string, unknown>) => {
    run.mutate(
      { action, body: APPOINTMENT_ACTION_BODIES[action].parse(body) as never },
      {
        onSuccess: (updated) => {
          setOpen(null);
          toastSuccess(`appointments.actions.${actionKey(action)}Done`, undefined, { number: updated.number });
        },
        onError: (error) => {
          // A slot taken meanwhile keeps the dialog open on fresh slots; anything else closes it.
          if (action === 'reschedule' && (error as { code?: string }).code === 'slot_unavailable') {
            setStartsAt(null);
            setSlotError(true);
            void availability.refetch();
            return;
          }
          setOpen(null);
          onError(error);
        },
      },
    );
  };

  const start = (action: AppointmentAction) => {
    onError(null);
    setReason('');
    setReasonError(undefined);
    setStartsAt(null);
    setSlotError(false);
    setDate(action === 'reschedule' ? dayInZone(appointment.starts_at, timeZone) < today ? today : dayInZone(appointment.starts_at, timeZone) : null);
    if (action === 'confirm') perform(action, {});
    else setOpen(action);
  };

  const submit = () => {
    if (!open) return;
    if (open === 'cancel') {
      const errors = zodFieldErrors(APPOINTMENT_ACTION_BODIES.cancel, { reason });
      if (errors.reason) return setReasonError(errors.reason);
      perform('cancel', { reason });
    } else if (open === 'reschedule') {
      if (!startsAt) return setSlotError(true);
      perform('reschedule', { starts_at: startsAt });
    } else perform(open, {});
  };

  const key = open ? actionKey(open) : '';
  return (
    <>
      <Group gap="sm" data-testid="ap-actions">
        {appointment.allowed_actions.map((action) => {
          const ActionIcon = ICONS[action];
          return (
            <Button
              key={action}
              color={COLORS[action].color}
              variant={COLORS[action].variant}
              leftSection={<ActionIcon size={16} />}
              loading={run.isPending && run.variables?.action === action && open === null}
              disabled={run.isPending}
              onClick={() => start(action)}
              data-testid={`ap-action-${action}`}
            >
              {t(`appointments.actions.${actionKey(action)}`)}
            </Button>
          );
        })}
      </Group>

      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        centered
        size={open === 'reschedule' ? 'xl' : 'md'}
        title={open ? t(`appointments.actions.${key}Title`, { number: appointment.number }) : ''}
      >
        {open && (
          <Stack gap="md" data-testid="ap-action-dialog">
            <Text size="sm" c="dimmed">
              {t(`appointments.actions.${key}Hint`)}
            </Text>
            {open === 'cancel' && (
              <Textarea
                label={t('appointments.actions.reason')}
                required
                autosize
                minRows={3}
                maxLength={1000}
                dir="auto"
                data-autofocus
                value={reason}
                onChange={(event) => {
                  setReason(event.currentTarget.value);
                  setReasonError(undefined);
                }}
                error={translateFieldError(t, reasonError)}
                data-testid="ap-action-reason"
              />
            )}
            {open === 'reschedule' && (
              <SlotPicker
                today={today}
                date={date}
                onDateChange={(day) => {
                  setDate(day);
                  setStartsAt(null);
                }}
                availability={availability}
                value={startsAt}
                onChange={(value) => {
                  setStartsAt(value);
                  setSlotError(false);
                }}
                error={slotError ? (startsAt === null && run.isError ? t('errors.slot_unavailable') : t('booking.time.required')) : undefined}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(null)}>
                {t('common.cancel')}
              </Button>
              <Button color={COLORS[open].color} loading={run.isPending} onClick={submit} data-testid="ap-action-submit">
                {t(`appointments.actions.${key}`)}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
