import { Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS, type Weekday } from '@portal/shared';
import { translateFieldError } from '../lib/errors';
import { weekdayNames, type DayDraft, type WeekDraft } from '../lib/weekly-hours';

/**
 * One row per weekday (Sunday first): a switch for working or off, and the start and end times.
 * Errors are codes keyed `<day>.start` / `<day>.end` (see weekErrors), worded here.
 */
export function WeeklyHoursEditor({ value, onChange, errors = {} }: { value: WeekDraft; onChange: (next: WeekDraft) => void; errors?: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const names = weekdayNames(i18n.resolvedLanguage ?? 'en', 'long');
  const set = (day: Weekday, patch: Partial<DayDraft>) => onChange({ ...value, [day]: { ...value[day], ...patch } });
  return (
    <Stack gap={6} data-testid="weekly-hours-editor">
      {WEEKDAYS.map((day) => {
        const d = value[day];
        const startError = translateFieldError(t, errors[`${day}.start`]);
        // With both times well formed (the time inputs see to it), a wrong end is one not after the start.
        const endError = errors[`${day}.end`] === 'invalid' ? t('technicians.hours.endBeforeStart') : translateFieldError(t, errors[`${day}.end`]);
        return (
          <Group key={day} gap="xs" wrap="wrap" align="flex-start" data-testid={`weekday-${day}`}>
            <Switch
              checked={d.working}
              onChange={(e) => set(day, { working: e.currentTarget.checked })}
              label={names[day]}
              w={130}
              mt={8}
              aria-label={t('technicians.hours.worksOn', { day: names[day] })}
            />
            {d.working ? (
              <Group gap={6} wrap="nowrap" align="flex-start">
                <TextInput
                  type="time"
                  dir="ltr"
                  w={136}
                  aria-label={t('technicians.hours.start', { day: names[day] })}
                  value={d.start}
                  onChange={(e) => set(day, { start: e.currentTarget.value })}
                  error={startError}
                  data-testid={`weekday-${day}-start`}
                />
                <Text c="dimmed" mt={6} aria-hidden>
                  –
                </Text>
                <TextInput
                  type="time"
                  dir="ltr"
                  w={136}
                  aria-label={t('technicians.hours.end', { day: names[day] })}
                  value={d.end}
                  onChange={(e) => set(day, { end: e.currentTarget.value })}
                  error={endError}
                  data-testid={`weekday-${day}-end`}
                />
              </Group>
            ) : (
              <Text size="sm" c="dimmed" mt={8}>
                {t('technicians.hours.off')}
              </Text>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
