import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarCheck, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TBookingResponse } from '@portal/shared';
import { Ltr } from '../../../components/ltr';
import { dayInZone, formatDay, formatTimeRange } from '../../../lib/zoned-time';
import { paths } from '../../../lib/paths';

/** The booking made: when, who is coming, links to the appointment and the request. */
export function BookingDone({ booking, zone, onAnother }: { booking: TBookingResponse; zone: string; onAnother: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { appointment, service_request: request } = booking;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={640} mx="auto" data-testid="booking-done">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={64} radius="xl" color="teal" variant="light">
          <IconCircleCheck size={36} />
        </ThemeIcon>
        <Title order={2} fz={{ base: 20, sm: 24 }}>
          {t('booking.done.title')}
        </Title>
        <Text c="dimmed">{t('booking.done.body')}</Text>
        <Text fw={600} data-testid="booking-done-time">
          {formatDay(dayInZone(appointment.starts_at, zone), language)} · {formatTimeRange(appointment.starts_at, appointment.ends_at, zone, language)}
        </Text>
        {/* The technician was reserved with the slot: the customer is told who is coming, not "soon". */}
        <Text size="sm" data-testid="booking-done-technician">
          {t(`booking.done.who.${appointment.service_kind}`, { name: appointment.technician.name })}
        </Text>
        <Group gap="sm" justify="center" mt="sm">
          <Button component={Link} to={paths.appointment(appointment.id)} leftSection={<IconCalendarCheck size={16} />} data-testid="booking-done-appointment">
            {/* One inline run: the button's label is a flex box, which would drop the space. */}
            <span>
              {t('booking.done.appointment')} <Ltr nowrap>{appointment.number}</Ltr>
            </span>
          </Button>
          <Button component={Link} to={paths.serviceRequest(request.id)} variant="default" data-testid="booking-done-request">
            <span>
              {t('booking.done.request')} <Ltr nowrap>{request.number}</Ltr>
            </span>
          </Button>
        </Group>
        <Anchor component="button" size="sm" onClick={onAnother}>
          {t('booking.done.another')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
