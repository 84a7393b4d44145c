import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFileText, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { can, type TServiceRequest } from '@portal/shared';
import { Ltr } from '../../../components/ltr';
import { PageBreadcrumbs } from '../../../components/page-breadcrumbs';
import { PriorityBadge, ServiceRequestStatusBadge } from '../../../components/service-request-badges';
import { RecordQueryFallback } from '../../../components/record-not-found';
import { isApiError } from '../../../lib/api-client';
import { useDateFormat } from '../../../lib/date-format';
import { describeError } from '../../../lib/errors';
import { isNetworkError } from '../../../lib/retry';
import { useCurrentUser } from '../../../lib/use-session';
import { useCatalogNames } from '../../../lib/service-options';
import { useServiceRequest } from '../api/get-service-request';
import { FeedbackSection } from '../components/feedback-section';
import { HistoryTimeline } from '../components/history-timeline';
import { RequestActions } from '../components/request-actions';
import { ReceiptMenu, ReceiptOffer } from '../components/receipt-menu';
import { ServiceReportDownload } from '../../../components/service-report-download';
import { WorkSection } from '../components/work/work-section';
import { useServiceRequestsLive } from '../realtime';
import { LastRefreshed, QueuedWorkPanel, useWithQueuedWork } from '../../offline';
import { TrackingLinkCard } from '../../tracking';
import { paths } from '../../../lib/paths';

/** A label and its value; an empty value shows a dash. */
function Fact({ label, children, testId, wide }: { label: string; children?: ReactNode; testId?: string; wide?: boolean }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <Stack gap={2} data-testid={testId} style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      {empty ? (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ) : (
        <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      )}
    </Stack>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid={testId}>
      <Title order={3} fz="md" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Text a person typed, in its own direction; nothing (so the fact shows a dash) when empty. */
const freeText = (value: string | null | undefined) =>
  value ? (
    <span dir="auto" style={{ whiteSpace: 'pre-line' }}>
      {value}
    </span>
  ) : null;

function RefusalAlert({ error, request, onClose }: { error: unknown; request: TServiceRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const message =
    isApiError(error) && error.code === 'invalid_state'
      ? t('serviceRequests.actions.invalidState', { status: t(`serviceRequests.status.${request.status}`) })
      : describeError(t, error);
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('serviceRequests.actions.failed')} withCloseButton onClose={onClose} mb="md" data-testid="sr-action-error">
      {message}
    </Alert>
  );
}

/** `/dashboard/service-requests/:id`: PRODUCT.md §3's sections, the history, the device's history and the caller's actions. */
export function ServiceRequestDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const user = useCurrentUser();
  const format = useDateFormat();
  const catalog = useCatalogNames();
  const query = useServiceRequest(id);
  // With the technician's actions still waiting on the device applied (issue #27).
  const shown = useWithQueuedWork(query.data);
  const [refusal, setRefusal] = useState<unknown>(null);
  // Raised a moment ago at the counter (the new-request form sends it here): offer the receipt.
  const raisedHere = Boolean((useLocation().state as { printReceipt?: boolean } | null)?.printReceipt);
  const [offerReceipt, setOfferReceipt] = useState(raisedHere);
  useServiceRequestsLive();

  // A failed refresh for lack of network keeps the copy on screen; any other failure is the page's answer.
  if (!shown || (query.isError && !isNetworkError(query.error))) {
    return (
      <>
        {/* Work done offline on a request since reassigned or gone: its refusals stay readable here. */}
        <QueuedWorkPanel requestId={id} />
        {query.isPending && query.fetchStatus === 'paused' ? (
          <Alert color="gray" variant="light" icon={<IconWifiOff size={18} />} data-testid="sr-not-kept">
            {t('offline.notKept')}
          </Alert>
        ) : (
          <RecordQueryFallback
            query={query}
            notFound={{ title: t('serviceRequests.notFound'), body: t('serviceRequests.notFoundBody'), backTo: paths.serviceRequests, backLabel: t('serviceRequests.backToList'), testId: 'sr-not-found' }}
          />
        )}
      </>
    );
  }
  const r = shown;
  const listPath = can(user.role, 'read:service_request:any') ? paths.requestDesk : paths.serviceRequests;
  const earlier = r.device_history.filter((entry) => entry.id !== r.id);

  return (
    <>
      <PageBreadcrumbs parentTo={listPath} parentLabel={t(listPath === paths.serviceRequests ? 'serviceRequests.title' : 'serviceRequests.adminTitle')}>
        <Ltr>{r.number}</Ltr>
      </PageBreadcrumbs>

      <Group justify="space-between" align="flex-start" mb="lg" gap="md">
        <Stack gap={6}>
          <Group gap="sm">
            <Title order={2} fz={{ base: 22, sm: 26 }} data-testid="sr-number">
              <Ltr>{r.number}</Ltr>
            </Title>
            <ServiceRequestStatusBadge status={r.status} size="lg" />
            <PriorityBadge priority={r.priority} size="lg" />
          </Group>
          <Text size="sm" c="dimmed">
            <span dir="auto">{catalog.serviceType(r.service_type)}</span> · <span dir="auto">{catalog.faultType(r.fault_type)}</span>
          </Text>
        </Stack>
        <Stack gap="xs" align="flex-end">
          <RequestActions request={r} onError={setRefusal} />
          {/* The intake receipt: admins print it at the counter, a customer reprints their own. */}
          {(user.role === 'admin' || user.role === 'customer') && <ReceiptMenu requestId={r.id} number={r.number} />}
          {/* The report is the record of the work: a customer's once completed, staff's once work began. */}
          {(r.status === 'completed' || (user.role !== 'customer' && r.status !== 'pending')) && (
            <Group gap="xs" data-testid="sr-report">
              <Button component={Link} to={paths.serviceReport(r.id)} size="sm" variant="default" leftSection={<IconFileText size={16} />} data-testid="sr-report-open">
                {t('reports.service.open')}
              </Button>
              <ServiceReportDownload requestId={r.id} number={r.number} />
            </Group>
          )}
        </Stack>
      </Group>

      <LastRefreshed updatedAt={query.dataUpdatedAt} mb="md" />
      {offerReceipt && user.role === 'admin' && <ReceiptOffer requestId={r.id} number={r.number} onClose={() => setOfferReceipt(false)} />}
      {Boolean(refusal) && <RefusalAlert error={refusal} request={r} onClose={() => setRefusal(null)} />}
      <QueuedWorkPanel requestId={r.id} />

      {r.cancellation && (
        <Alert color="gray" variant="light" mb="md" title={t('serviceRequests.cancelledTitle')} data-testid="sr-cancellation">
          <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-line' }}>
            {r.cancellation.reason}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {r.cancellation.by && (
              <>
                <span dir="auto">{r.cancellation.by.name}</span> ·{' '}
              </>
            )}
            {format.dateTime(r.cancellation.at)}
          </Text>
        </Alert>
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Section title={t('serviceRequests.sections.request')} testId="sr-section-request">
              <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md">
                <Fact label={t('serviceRequests.fields.number')}>
                  <Ltr>{r.number}</Ltr>
                </Fact>
                <Fact label={t('serviceRequests.fields.requestDate')}>{format.dateTime(r.request_date)}</Fact>
                <Fact label={t('serviceRequests.fields.status')} testId="sr-fact-status">
                  <ServiceRequestStatusBadge status={r.status} />
                </Fact>
                <Fact label={t('serviceRequests.fields.priority')}>
                  <PriorityBadge priority={r.priority} />
                </Fact>
                <Fact label={t('serviceRequests.fields.location')}>{t(`serviceRequests.location.${r.location}`)}</Fact>
                <Fact label={t('serviceRequests.fields.address')}>
                  {freeText(r.address)}
                </Fact>
                <Fact label={t('serviceRequests.fields.serviceType')}>
                  <span dir="auto">{catalog.serviceType(r.service_type)}</span>
                </Fact>
                <Fact label={t('serviceRequests.fields.faultType')}>
                  <span dir="auto">{catalog.faultType(r.fault_type)}</span>
                </Fact>
                <Fact label={t('serviceRequests.fields.updatedAt')}>{format.dateTime(r.updated_at)}</Fact>
                <Fact label={t('serviceRequests.fields.problemDescription')} wide testId="sr-problem-text">
                  {freeText(r.problem_description)}
                </Fact>
                {r.additional_notes && (
                  <Fact label={t('serviceRequests.fields.additionalNotes')} wide>
                    {freeText(r.additional_notes)}
                  </Fact>
                )}
              </SimpleGrid>
            </Section>

            <Section title={t('serviceRequests.sections.device')} testId="sr-section-device">
              <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md">
                <Fact label={t('serviceRequests.fields.brand')}>
                  {freeText(r.device.brand)}
                </Fact>
                <Fact label={t('serviceRequests.fields.model')}>
                  {freeText(r.device.model)}
                </Fact>
                <Fact label={t('serviceRequests.fields.serialNumber')}>{r.device.serial_number && <Ltr>{r.device.serial_number}</Ltr>}</Fact>
                <Fact label={t('serviceRequests.fields.warrantyStatus')}>{t(`serviceRequests.warranty.${r.device.warranty_status}`)}</Fact>
                <Fact label={t('serviceRequests.fields.warrantyNumber')}>{r.device.warranty_number && <Ltr>{r.device.warranty_number}</Ltr>}</Fact>
                <Fact label={t('serviceRequests.fields.warrantyExpiry')}>{r.device.warranty_expiry && format.date(`${r.device.warranty_expiry}T12:00:00Z`)}</Fact>
                <Fact label={t('receipt.accessories')} wide testId="sr-accessories">
                  {freeText(r.accessories)}
                </Fact>
              </SimpleGrid>
            </Section>

            <Section title={t('serviceRequests.sections.work')} testId="sr-section-work">
              <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md">
                <Fact label={t('serviceRequests.fields.technician')} testId="sr-fact-technician">
                  {r.technician ? (
                    <>
                      <span dir="auto">{r.technician.name}</span>
                      {r.technician.mobile && (
                        <Text size="xs" c="dimmed">
                          <Ltr>{r.technician.mobile}</Ltr>
                        </Text>
                      )}
                    </>
                  ) : (
                    t('serviceRequests.unassigned')
                  )}
                </Fact>
                <Fact label={t('serviceRequests.fields.assignedAt')}>{format.dateTime(r.assigned_at)}</Fact>
                <Fact label={t('serviceRequests.fields.firstResponseAt')}>{format.dateTime(r.first_response_at)}</Fact>
                <Fact label={t('serviceRequests.fields.startedAt')}>{format.dateTime(r.work.started_at)}</Fact>
                <Fact label={t('serviceRequests.fields.completedAt')}>{format.dateTime(r.work.completed_at ?? r.completed_at)}</Fact>
                {r.work.awaiting_parts_note && (
                  <Fact label={t('serviceRequests.fields.awaitingParts')} wide>
                    {freeText(r.work.awaiting_parts_note)}
                  </Fact>
                )}
                <Fact label={t('serviceRequests.fields.diagnosis')} wide testId="sr-fact-diagnosis">
                  {freeText(r.work.diagnosis)}
                </Fact>
                <Fact label={t('serviceRequests.fields.resolution')} wide testId="sr-fact-resolution">
                  {freeText(r.work.resolution)}
                </Fact>
              </SimpleGrid>
            </Section>

            <WorkSection request={r} />

            <Section title={t('serviceRequests.sections.customer')} testId="sr-section-customer">
              <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md">
                <Fact label={t('serviceRequests.fields.customerName')}>
                  <span dir="auto">{r.customer.name}</span>
                </Fact>
                <Fact label={t('serviceRequests.fields.email')}>
                  <Anchor href={`mailto:${r.customer.email}`} size="sm">
                    <Ltr>{r.customer.email}</Ltr>
                  </Anchor>
                </Fact>
                <Fact label={t('serviceRequests.fields.mobile')}>
                  {r.customer.mobile_number && (
                    <Anchor href={`tel:${r.customer.mobile_number.replace(/[^\d+]/g, '')}`} size="sm">
                      <Ltr>{r.customer.mobile_number}</Ltr>
                    </Anchor>
                  )}
                </Fact>
              </SimpleGrid>
            </Section>

            <FeedbackSection request={r} />
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <TrackingLinkCard requestId={r.id} />
            <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
              <Title order={3} fz="md" mb="md">
                {t('serviceRequests.sections.history')}
              </Title>
              <HistoryTimeline entries={r.history} />
            </Paper>
            <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="sr-device-history">
              <Title order={3} fz="md" mb="xs">
                {t('serviceRequests.sections.deviceHistory')}
              </Title>
              {!r.device.serial_number ? (
                <Text size="sm" c="dimmed">
                  {t('serviceRequests.deviceHistory.noSerial')}
                </Text>
              ) : earlier.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('serviceRequests.deviceHistory.none')}
                </Text>
              ) : (
                <Stack gap="sm">
                  {earlier.map((entry) => (
                    <Paper key={entry.id} withBorder p="xs" radius="sm" data-testid="sr-device-history-entry">
                      <Group justify="space-between" gap="xs" wrap="nowrap">
                        <Anchor component={Link} to={paths.serviceRequest(entry.id)} fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                          <Ltr>{entry.number}</Ltr>
                        </Anchor>
                        <ServiceRequestStatusBadge status={entry.status} size="xs" />
                      </Group>
                      <Text size="xs" c="dimmed">
                        {format.dateTime(entry.request_date)} · <span dir="auto">{catalog.serviceType(entry.service_type)}</span>
                      </Text>
                      <Text size="xs" dir="auto" lineClamp={2}>
                        {entry.problem_description}
                      </Text>
                    </Paper>
                  ))}
                </Stack>
              )}
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

export default ServiceRequestDetailPage;
