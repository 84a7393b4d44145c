import { Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TTechnicianBusyDetails } from '@portal/shared';
import { useDateFormat } from '../lib/date-format';
import { isApiError } from '../lib/api-client';
import { Ltr } from './ltr';
import { paths } from '../lib/paths';

/** The open work named by a 409 technician_busy refusal, or null for any other error. */
export function openWorkOf(error: unknown): (TTechnicianBusyDetails & { total: number }) | null {
  if (!isApiError(error) || error.code !== 'technician_busy' || !error.details) return null;
  const d = error.details as Partial<TTechnicianBusyDetails & { total: number }>;
  const requests = d.requests ?? [];
  const appointments = d.appointments ?? [];
  return { requests, appointments, total: d.total ?? requests.length + appointments.length };
}

/**
 * Why a technician cannot be deactivated: their open requests (each linked to its page) and,
 * once they exist, their upcoming appointments.
 */
export function OpenWorkList({ work }: { work: TTechnicianBusyDetails & { total: number } }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const shown = work.requests.length + work.appointments.length;
  return (
    <Stack gap="xs" data-testid="open-work-list">
      <Text size="sm">{t('errors.technician_busy')}</Text>
      <List size="sm" spacing={4}>
        {work.requests.map((r) => (
          <List.Item key={r.id} data-testid="open-work-request">
            <Anchor component={Link} to={paths.serviceRequest(r.id)} fw={600}>
              <Ltr>{r.number}</Ltr>
            </Anchor>{' '}
            <Text span size="sm" c="dimmed">
              — {t(`serviceRequests.status.${r.status}`, { defaultValue: r.status })}
            </Text>
          </List.Item>
        ))}
        {work.appointments.map((a) => (
          <List.Item key={a.id} data-testid="open-work-appointment">
            <Anchor component={Link} to={paths.appointment(a.id)} fw={600}>
              <Ltr>{a.number}</Ltr>
            </Anchor>{' '}
            <Text span size="sm" c="dimmed">
              — {format.dateTime(a.starts_at)}
            </Text>
          </List.Item>
        ))}
      </List>
      {work.total > shown && (
        <Text size="xs" c="dimmed">
          {t('technicians.moreOpenWork', { count: work.total - shown })}
        </Text>
      )}
    </Stack>
  );
}
