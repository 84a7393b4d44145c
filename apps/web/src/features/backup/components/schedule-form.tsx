import { Alert, Button, Group, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCalendarTime, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BACKUP_FREQUENCIES, WEEKDAYS, ZBackupSchedule, type TBackupList, type TBackupSchedule } from '@portal/shared';
import { useDateFormat } from '../../../lib/date-format';
import { describeError, serverFieldErrors } from '../../../lib/errors';
import { useTranslatedInputProps } from '../../../lib/form';
import { zodFieldErrors } from '../../../lib/form-validation';
import { usePublicSettings } from '../../../lib/public-settings';
import { toastError, toastSuccess } from '../../../lib/toast';
import { weekdayNames } from '../../../lib/weekly-hours';
import { useSaveSchedule } from '../api/save-schedule';

export interface ScheduleFormValues {
  frequency: TBackupSchedule['frequency'];
  time: string;
  /** A Select's value: '0' (Sunday) … '6'. */
  weekday: string;
  /** NumberInput gives '' when emptied. */
  keep: number | string;
}

export function toScheduleValues(schedule: TBackupSchedule): ScheduleFormValues {
  return { frequency: schedule.frequency, time: schedule.time, weekday: String(schedule.weekday), keep: schedule.keep };
}

/** The request as the server takes it; empty fields stay empty so they read as "required". */
export function toScheduleInput(values: ScheduleFormValues) {
  return {
    frequency: values.frequency,
    time: values.time.trim(),
    weekday: values.weekday === '' ? '' : Number(values.weekday),
    keep: values.keep === '' ? '' : Number(values.keep),
  };
}

/** The form's errors, as codes, from the shared schema. */
export function scheduleErrors(values: ScheduleFormValues): Record<string, string> {
  return zodFieldErrors(ZBackupSchedule, toScheduleInput(values));
}

/** When backups are made by themselves and how many are kept; the time is the company's. */
export function ScheduleForm({ list }: { list: Pick<TBackupList, 'schedule' | 'next_run_at' | 'last_failure'> }) {
  const { t, i18n } = useTranslation();
  const format = useDateFormat();
  const zone = usePublicSettings().data?.time_zone;
  const save = useSaveSchedule();
  const form = useForm<ScheduleFormValues>({ initialValues: toScheduleValues(list.schedule), validate: scheduleErrors });
  const inputProps = useTranslatedInputProps(form);
  const days = weekdayNames(i18n.resolvedLanguage ?? 'en', 'long');
  const frequency = form.values.frequency;

  const submit = form.onSubmit((values) => {
    const schedule = ZBackupSchedule.parse(toScheduleInput(values));
    save.mutate(schedule, {
      onSuccess: (saved) => {
        form.setInitialValues(toScheduleValues(saved ?? schedule));
        form.resetDirty(toScheduleValues(saved ?? schedule));
        toastSuccess('backup.schedule.saved');
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (fields) form.setErrors(fields);
        toastError('backup.schedule.saveFailed', describeError(t, error));
      },
    });
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="backup-schedule">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="xs" wrap="nowrap">
            <IconCalendarTime size={22} aria-hidden />
            <Title order={3} fz="lg">
              {t('backup.schedule.title')}
            </Title>
          </Group>

          {list.last_failure && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('backup.schedule.lastFailure', { when: format.dateTime(list.last_failure.at) })} data-testid="backup-last-failure">
              <Text size="sm" dir="auto">
                {list.last_failure.message}
              </Text>
            </Alert>
          )}

          <Stack gap={6}>
            <Text size="sm" fw={500} id="backup-frequency-label">
              {t('backup.schedule.frequency')}
            </Text>
            <SegmentedControl
              aria-labelledby="backup-frequency-label"
              value={frequency}
              onChange={(value) => form.setFieldValue('frequency', value as ScheduleFormValues['frequency'])}
              data={BACKUP_FREQUENCIES.map((value) => ({ value, label: t(`backup.schedule.frequencies.${value}`) }))}
              data-testid="schedule-frequency"
            />
          </Stack>

          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {frequency !== 'off' && (
              <TextInput
                type="time"
                dir="ltr"
                label={t('backup.schedule.time')}
                description={zone ? t('backup.schedule.timeZone', { zone: `\u2066${zone}\u2069` }) : t('backup.schedule.companyTime')}
                required
                {...inputProps('time')}
                data-testid="schedule-time"
              />
            )}
            {frequency === 'weekly' && (
              <Select
                label={t('backup.schedule.weekday')}
                required
                allowDeselect={false}
                data={WEEKDAYS.map((day) => ({ value: day, label: days[day] }))}
                {...inputProps('weekday')}
                data-testid="schedule-weekday"
              />
            )}
            <NumberInput
              label={t('backup.schedule.keep')}
              description={t('backup.schedule.keepHint')}
              min={1}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              required
              {...inputProps('keep')}
              data-testid="schedule-keep"
            />
          </SimpleGrid>

          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" data-testid="schedule-next-run">
              {list.schedule.frequency === 'off'
                ? t('backup.schedule.off')
                : list.next_run_at
                  ? t('backup.schedule.nextRun', { when: format.dateTime(list.next_run_at) })
                  : null}
            </Text>
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} disabled={!form.isDirty()} data-testid="schedule-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
