import type { ReactNode } from 'react';
import { Alert, Badge, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TCatalogEntry, TTrackingView } from '@portal/shared';
import { ChangeTimeline } from '../../../components/change-timeline';
import { Ltr } from '../../../components/ltr';
import { SERVICE_REQUEST_STATUS_COLORS, ServiceRequestStatusBadge } from '../../../components/service-request-badges';
import { useDateFormat } from '../../../lib/date-format';
import { currentLanguage } from '../../../lib/i18n';
import { usePublicSettings } from '../../../lib/public-settings';
import { dayInZone, formatDay, formatTimeRange } from '../../../lib/zoned-time';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** The public view of a request: status, what and where, the next visit, who, and its progress. */
export function TrackingView({ view, live = false }: { view: TTrackingView; live?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const format = useDateFormat();
  const zone = usePublicSettings().data?.time_zone;
  const name = (entry: TCatalogEntry) => (language === 'ar' ? entry.name_ar : entry.name_en) || entry.code;
  const visit = view.next_appointment;

  return (
    <Stack gap="md" data-testid="tracking-view" data-status={view.status}>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Text size="xs" c="dimmed" fw={600}>
              {t('tracking.view.number')}
            </Text>
            <Title order={2} fz={22} data-testid="tracking-number">
              <Ltr nowrap>{view.number}</Ltr>
            </Title>
          </Stack>
          <Stack gap={6} align="flex-end">
            <ServiceRequestStatusBadge status={view.status} size="lg" />
            {live && (
              <Badge variant="dot" color="teal" size="sm" data-testid="tracking-live">
                {t('tracking.view.live')}
              </Badge>
            )}
          </Stack>
        </Group>

        {view.awaiting_parts && (
          <Alert color="orange" variant="light" mt="md" icon={<IconPackage size={18} />} data-testid="tracking-parts">
            {t('tracking.view.waitingForParts')}
          </Alert>
        )}

        <Divider my="md" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <Fact label={t('tracking.view.device')} testId="tracking-device">
            <bdi dir="auto">
              {view.device.brand} {view.device.model}
            </bdi>
          </Fact>
          <Fact label={t('tracking.view.service')}>
            <span dir="auto">{name(view.service_type)}</span> · <span dir="auto">{name(view.fault_type)}</span>
          </Fact>
          <Fact label={t('tracking.view.location')}>{t(`serviceRequests.location.${view.location}`)}</Fact>
          <Fact label={t('tracking.view.createdAt')}>{format.date(view.created_at)}</Fact>
          <Fact label={t('tracking.view.technician')} testId="tracking-technician">
            {view.technician_first_name ? <span dir="auto">{view.technician_first_name}</span> : <Text span c="dimmed" inherit>{t('tracking.view.noTechnician')}</Text>}
          </Fact>
          {visit && zone && (
            <Fact label={t('tracking.view.nextVisit')} testId="tracking-visit">
              {t('tracking.view.visitWindow', { day: formatDay(dayInZone(visit.starts_at, zone), language), window: formatTimeRange(visit.starts_at, visit.ends_at, zone, language) })}
            </Fact>
          )}
          {view.completed_at && <Fact label={t('tracking.view.completedAt')}>{format.dateTime(view.completed_at)}</Fact>}
        </SimpleGrid>
      </Paper>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Title order={3} fz="md" mb="md">
          {t('tracking.view.progress')}
        </Title>
        <ChangeTimeline
          testId="tracking-timeline"
          entryTestId="tracking-timeline-entry"
          entries={view.timeline.map((h) => ({
            title: t(`serviceRequests.status.${h.status}`),
            color: SERVICE_REQUEST_STATUS_COLORS[h.status],
            actor: null,
            at: h.at,
            note: null,
            data: { 'data-status': h.status },
          }))}
        />
      </Paper>
    </Stack>
  );
}
