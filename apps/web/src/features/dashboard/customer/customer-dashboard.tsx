import { useDeferredValue } from 'react';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconChecks,
  IconClipboardList,
  IconClock,
  IconHourglass,
  IconPercentage,
  IconPlus,
  IconSignature,
  IconStar,
  IconTool,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListError, ListLoading } from '../../../components/list-states';
import { Ltr } from '../../../components/ltr';
import { ServiceRequestStatusBadge } from '../../../components/service-request-badges';
import { useDateFormat } from '../../../lib/date-format';
import { useNumberFormat } from '../../../lib/decimal';
import { useRealtimeSubscription } from '../../../lib/realtime';
import { formatDuration } from '../../../lib/format-duration';
import { FigureCard as Figure } from '../../../components/figure-card';
import { useCustomerDashboard } from './get-customer-dashboard';
import { paths } from '../../../lib/paths';
import { PanelHeader } from '../components/panel-header';
import { numberFormat } from '../../../lib/intl-format';

const noop = () => undefined;
const LIST = paths.serviceRequests;

/**
 * PRODUCT.md §5, customer: total, active, completed and pending requests, completion rate,
 * average response time, satisfaction, pending tasks, recent requests and upcoming
 * appointments — each figure links to the list behind it. Request events refresh it.
 */
export function CustomerDashboard() {
  const { t, i18n } = useTranslation();
  const fmt = useNumberFormat();
  const format = useDateFormat();
  const language = i18n.resolvedLanguage === 'ar' ? 'ar' : 'en';
  useRealtimeSubscription('service_requests', noop);
  useRealtimeSubscription('appointments', noop);
  // The figures are drawn as a transition, in slices, when they arrive: an update of the query
  // cache is otherwise drawn in one blocking task, long on a slow phone (issue #26).
  const dashboard = useDeferredValue(useCustomerDashboard());

  if (dashboard.isPending) return <ListLoading rows={6} />;
  if (dashboard.isError) return <ListError error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  const d = dashboard.data;
  const dash = '—';
  const percent = numberFormat(language, { style: 'percent', maximumFractionDigits: 0, numberingSystem: 'latn' });
  const rating = numberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1, numberingSystem: 'latn' });

  return (
    <Stack gap="lg" data-testid="customer-dashboard">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Figure testId="figure-total" label={t('customerDashboard.total')} value={fmt.count(d.total)} to={LIST} icon={IconClipboardList} color="blue" />
        <Figure testId="figure-active" label={t('customerDashboard.active')} value={fmt.count(d.active)} to={`${LIST}?status=assigned,in_progress,pending_parts`} icon={IconTool} color="indigo" />
        <Figure testId="figure-completed" label={t('customerDashboard.completed')} value={fmt.count(d.completed)} to={`${LIST}?status=completed`} icon={IconChecks} color="teal" />
        <Figure testId="figure-pending" label={t('customerDashboard.pending')} value={fmt.count(d.pending)} to={`${LIST}?status=pending`} icon={IconHourglass} color="yellow" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Figure
          testId="figure-completion-rate"
          label={t('customerDashboard.completionRate')}
          hint={t('customerDashboard.completionRateHint')}
          value={d.completion_rate === null ? dash : percent.format(d.completion_rate)}
          to={`${LIST}?status=completed`}
          icon={IconPercentage}
          color="teal"
        />
        <Figure
          testId="figure-response"
          label={t('customerDashboard.averageResponse')}
          hint={t('customerDashboard.averageResponseHint')}
          value={d.average_response_minutes === null ? dash : formatDuration(d.average_response_minutes, language)}
          to={LIST}
          icon={IconClock}
          color="grape"
        />
        <Figure
          testId="figure-satisfaction"
          label={t('customerDashboard.satisfaction')}
          hint={t('customerDashboard.ratings', { count: d.rating_count })}
          value={d.satisfaction === null ? dash : `${rating.format(d.satisfaction)} / 5`}
          to={`${LIST}?status=completed`}
          icon={IconStar}
          color="yellow"
        />
      </SimpleGrid>

      {d.pending_tasks.length > 0 && (
        <Paper withBorder radius="md" p="md" data-testid="pending-tasks">
          <Group gap="xs" mb="sm">
            <IconSignature size={20} />
            <Title order={3} fz="md">
              {t('customerDashboard.pendingTasks')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed" mb="sm">
            {t('customerDashboard.pendingTasksHint')}
          </Text>
          <Stack gap="xs">
            {d.pending_tasks.map((task) => (
              <Group key={task.id} justify="space-between" gap="xs" wrap="nowrap" data-testid="pending-task">
                <Stack gap={0}>
                  <Text fw={600} size="sm">
                    <Ltr>{task.number}</Ltr>
                  </Text>
                  {task.completed_at && (
                    <Text size="xs" c="dimmed">
                      {t('customerDashboard.completedOn', { date: format.dateTime(task.completed_at) })}
                    </Text>
                  )}
                </Stack>
                <Button component={Link} to={paths.serviceRequest(task.id)} size="xs" variant="light" style={{ flex: 'none' }}>
                  {t('customerDashboard.giveFeedback')}
                </Button>
              </Group>
            ))}
          </Stack>
        </Paper>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md">
          <PanelHeader title={t('customerDashboard.recent')} to={LIST} linkLabel={t('customerDashboard.seeAll')} />
          {d.recent_requests.length === 0 ? (
            <Stack align="flex-start" gap="sm">
              <Text size="sm" c="dimmed">
                {t('customerDashboard.noRequests')}
              </Text>
              <Button component={Link} to={paths.newServiceRequest} leftSection={<IconPlus size={16} />} size="sm">
                {t('customerDashboard.raise')}
              </Button>
            </Stack>
          ) : (
            <Stack gap={0} data-testid="recent-requests">
              {d.recent_requests.map((r) => (
                <Anchor key={r.id} component={Link} to={paths.serviceRequest(r.id)} underline="never" c="inherit" py={8} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600}>
                        <Ltr>{r.number}</Ltr>
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        <span dir="auto">{[r.device.brand, r.device.model].join(' ')}</span> · {format.dateTime(r.request_date)}
                      </Text>
                    </Stack>
                    <ServiceRequestStatusBadge status={r.status} />
                  </Group>
                </Anchor>
              ))}
            </Stack>
          )}
        </Paper>

        <Paper withBorder radius="md" p="md" data-testid="upcoming-appointments">
          <PanelHeader title={t('customerDashboard.upcoming')} to={paths.appointments} linkLabel={t('customerDashboard.seeAll')} />
          {d.upcoming_appointments.length === 0 ? (
            <Stack align="center" gap="xs" py="md" ta="center">
              <ThemeIcon size={44} radius="xl" variant="light" color="gray">
                <IconCalendarEvent size={22} />
              </ThemeIcon>
              <Text size="sm" c="dimmed">
                {t('customerDashboard.noAppointments')}
              </Text>
              <Button component={Link} to={paths.bookAppointment} variant="light" size="xs">
                {t('customerDashboard.book')}
              </Button>
            </Stack>
          ) : (
            <Stack gap="xs">
              {d.upcoming_appointments.map((a) => (
                <Anchor
                  key={a.id}
                  component={Link}
                  to={paths.appointment(a.id)}
                  underline="never"
                  c="inherit"
                  py={4}
                  data-testid="upcoming-appointment"
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                >
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      <Ltr>{a.number}</Ltr>
                    </Text>
                    <Text size="xs" c="dimmed">
                      {format.dateTime(a.starts_at)}
                    </Text>
                  </Group>
                </Anchor>
              ))}
            </Stack>
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

export default CustomerDashboard;
