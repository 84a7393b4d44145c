import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePicker } from './dates';
import { IconAlertTriangle, IconCalendarOff, IconRefresh, IconWorld } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TAvailability } from '@portal/shared';
import { describeError } from '../lib/errors';
import { addDays, formatDay, formatTime, groupSlotsByPeriod, zoneLabel, type Day } from '../lib/zoned-time';

/**
 * A day (days counted in the company's time zone) and one of its free slots. The slots come
 * from an availability query the caller owns (booking, or moving an appointment); their times
 * are shown on the company's clock with the zone named, whatever the browser's zone.
 */
export function SlotPicker({
  today,
  date,
  onDateChange,
  availability,
  value,
  onChange,
  error,
  maxDaysAhead = 90,
}: {
  /** Today in the company zone: the first day that may be chosen. */
  today: Day;
  date: Day | null;
  onDateChange: (day: Day) => void;
  availability: UseQueryResult<TAvailability>;
  value: string | null;
  onChange: (startsAt: string, slot: { starts_at: string; ends_at: string }) => void;
  error?: string;
  maxDaysAhead?: number;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const data = availability.data;
  const zone = data?.time_zone;

  return (
    <Stack gap="md" data-testid="slot-picker">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <DatePicker
          locale={language}
          value={date}
          onChange={(day) => day && onDateChange(day)}
          minDate={today}
          maxDate={addDays(today, maxDaysAhead)}
          firstDayOfWeek={language === 'ar' ? 6 : 0}
          weekendDays={[5, 6]}
          size="md"
          aria-label={t('booking.time.date')}
          data-testid="slot-date"
          getDayProps={(day) => ({ 'data-day': day }) as never}
        />
        <Stack gap="sm" style={{ flex: '1 1 260px', minWidth: 0 }}>
          {!date ? (
            <Text c="dimmed" size="sm">
              {t('booking.time.pickDate')}
            </Text>
          ) : (
            <>
              <Text fw={600}>{formatDay(date, language)}</Text>
              {zone && (
                <Group gap={6} wrap="nowrap">
                  <IconWorld size={16} style={{ flex: 'none' }} />
                  <Text size="xs" c="dimmed" data-testid="slot-zone">
                    {t('booking.time.zone')} <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>{zoneLabel(zone, new Date(`${date}T12:00:00Z`))}</span>
                  </Text>
                </Group>
              )}
              {availability.isPending || (availability.isFetching && !data) ? (
                <Group gap="xs">
                  <Loader size="sm" />
                  <Text size="sm" c="dimmed">
                    {t('booking.time.loading')}
                  </Text>
                </Group>
              ) : availability.isError ? (
                <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">{describeError(t, availability.error)}</Text>
                    <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={() => void availability.refetch()}>
                      {t('common.retry')}
                    </Button>
                  </Stack>
                </Alert>
              ) : data && data.slots.length === 0 ? (
                <Group gap="xs" wrap="nowrap" data-testid="slot-none">
                  <IconCalendarOff size={18} style={{ flex: 'none' }} />
                  <Text size="sm" c="dimmed">
                    {t('booking.time.noSlots')}
                  </Text>
                </Group>
              ) : data ? (
                <Stack gap="sm" style={{ opacity: availability.isFetching ? 0.6 : 1 }}>
                  {groupSlotsByPeriod(data.slots, data.time_zone).map((group) => (
                    <Stack key={group.period} gap={6}>
                      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                        {t(`booking.time.${group.period}`)}
                      </Text>
                      <SimpleGrid cols={{ base: 3, xs: 4 }} spacing={6}>
                        {group.slots.map((slot) => {
                          const chosen = value !== null && Date.parse(value) === Date.parse(slot.starts_at);
                          return (
                            <Button
                              key={slot.starts_at}
                              variant={chosen ? 'filled' : 'default'}
                              size="sm"
                              px={4}
                              onClick={() => onChange(slot.starts_at, slot)}
                              aria-pressed={chosen}
                              data-testid="slot"
                              data-starts-at={slot.starts_at}
                            >
                              {formatTime(slot.starts_at, data.time_zone, language)}
                            </Button>
                          );
                        })}
                      </SimpleGrid>
                    </Stack>
                  ))}
                </Stack>
              ) : null}
            </>
          )}
          {error && (
            <Text c="red" size="sm" data-testid="slot-error">
              {error}
            </Text>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}
