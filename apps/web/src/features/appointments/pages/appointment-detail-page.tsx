import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendarQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { ListError, ListLoading } from '../../../components/list-states';
import { Ltr } from '../../../components/ltr';
import { PageBreadcrumbs } from '../../../components/page-breadcrumbs';
import { ServiceRequestStatusBadge } from '../../../components/service-request-badges';
import { isRecordMissing, RecordNotFound } from '../../../components/record-not-found';
import { describeError } from '../../../lib/errors';
import { usePublicSettings } from '../../../lib/public-settings';
import { useCatalogNames } from '../../../lib/service-options';
import { dayInZone, formatDay, formatTimeRange, zoneLabel } from '../../../lib/zoned-time';
import { useAppointment } from '../api/get-appointment';
import { AppointmentActions } from '../components/appointment-actions';
import { AppointmentHistory } from '../components/appointment-history';
import { useAppointmentsLive } from '../realtime';
import { paths } from '../../../lib/paths';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {children ?? '—'}
      </Text>
    </Stack>
  );
}

/** `/dashboard/appointments/:id`: the visit, its request, and exactly the actions the server allows now. */
export function AppointmentDetailPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const settings = usePublicSettings();
  const zone = settings.data?.time_zone ?? 'UTC';
  const catalog = useCatalogNames();
  const query = useAppointment(id);
  const [failure, setFailure] = useState<unknown>(null);
  useAppointmentsLive();

  if (query.isPending) return <ListLoading rows={6} />;
  if (query.isError) {
    if (isRecordMissing(query.error)) {
      return <RecordNotFound icon={IconCalendarQuestion} title={t('appointments.notFound')} body={t('appointments.notFoundBody')} backTo={paths.appointments} backLabel={t('appointments.backToList')} testId="ap-not-found" />;
    }
    return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  }
  const a = query.data;

  return (
    <>
      <PageBreadcrumbs parentTo={paths.appointments} parentLabel={t('appointments.title')}>
        <Ltr>{a.number}</Ltr>
      </PageBreadcrumbs>
      <Group justify="space-between" align="center" mb="lg" gap="sm">
        <Group gap="sm">
          <Title order={2} fz={{ base: 22, sm: 26 }}>
            <Ltr>{a.number}</Ltr>
          </Title>
          <AppointmentStatusBadge status={a.status} size="lg" />
        </Group>
      </Group>

      <Stack gap="md" maw={960}>
        {Boolean(failure) && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('appointments.actions.failed')} withCloseButton onClose={() => setFailure(null)} data-testid="ap-error">
            {describeError(t, failure)}
          </Alert>
        )}
        <AppointmentActions appointment={a} timeZone={zone} onError={setFailure} />

        <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="ap-detail">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="md">
            <Fact label={t('appointments.fields.date')} testId="ap-date">
              {formatDay(dayInZone(a.starts_at, zone), language)}
            </Fact>
            <Fact label={t('appointments.fields.time')} testId="ap-time">
              {formatTimeRange(a.starts_at, a.ends_at, zone, language)}
            </Fact>
            <Fact label={t('appointments.fields.zone')}>
              <Ltr>{zoneLabel(zone, new Date(a.starts_at))}</Ltr>
            </Fact>
            <Fact label={t('appointments.fields.kind')}>{t(`booking.kind.${a.service_kind}`)}</Fact>
            <Fact label={t('serviceRequests.fields.serviceType')}>{catalog.serviceType(a.service_request.service_type)}</Fact>
            <Fact label={t('serviceRequests.fields.faultType')}>{catalog.faultType(a.service_request.fault_type)}</Fact>
            <Fact label={t('appointments.fields.customer')}>
              <span dir="auto">{a.customer.name}</span>
              {a.customer.mobile_number && (
                <Text component="span" display="block" size="xs" c="dimmed">
                  <Ltr>{a.customer.mobile_number}</Ltr>
                </Text>
              )}
            </Fact>
            <Fact label={t('appointments.fields.technician')} testId="ap-technician">
              <span dir="auto">{a.technician.name}</span>
              {a.technician.mobile && (
                <Text component="span" display="block" size="xs" c="dimmed">
                  <Ltr>{a.technician.mobile}</Ltr>
                </Text>
              )}
            </Fact>
            <Fact label={t('appointments.fields.request')}>
              <Group gap={6} component="span">
                <Anchor component={Link} to={paths.serviceRequest(a.service_request.id)} size="sm" fw={600} data-testid="ap-request-link">
                  <Ltr>{a.service_request.number}</Ltr>
                </Anchor>
                <ServiceRequestStatusBadge status={a.service_request.status} size="xs" />
              </Group>
            </Fact>
          </SimpleGrid>
          {a.address && (
            <Stack gap={2} mt="md">
              <Text size="xs" c="dimmed">
                {t('serviceRequests.fields.address')}
              </Text>
              <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
                {a.address}
              </Text>
            </Stack>
          )}
          {a.notes && (
            <Stack gap={2} mt="md">
              <Text size="xs" c="dimmed">
                {t('booking.fields.notes')}
              </Text>
              <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
                {a.notes}
              </Text>
            </Stack>
          )}
          {a.cancel_reason && (
            <Alert mt="md" color="gray" variant="light" title={t('appointments.fields.cancelReason')}>
              <Text size="sm" dir="auto">
                {a.cancel_reason}
              </Text>
            </Alert>
          )}
        </Paper>

        {a.history.length > 0 && (
          <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
            <Title order={3} size="h4" mb="md">
              {t('appointments.history.title')}
            </Title>
            <AppointmentHistory entries={a.history} />
          </Paper>
        )}
      </Stack>
    </>
  );
}

export default AppointmentDetailPage;
