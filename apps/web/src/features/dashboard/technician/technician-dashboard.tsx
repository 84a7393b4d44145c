import { useDeferredValue } from 'react';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent, IconChecks, IconClockPlay, IconHourglass, IconPackage, IconRepeatOff, IconStar, IconTool, IconUserCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FigureCard } from '../../../components/figure-card';
import { ListError, ListLoading } from '../../../components/list-states';
import { Ltr } from '../../../components/ltr';
import { ServiceRequestStatusBadge } from '../../../components/service-request-badges';
import { useDateFormat } from '../../../lib/date-format';
import { useNumberFormat } from '../../../lib/decimal';
import { formatDuration } from '../../../lib/format-duration';
import { useRealtimeSubscription } from '../../../lib/realtime';
import { useTechnicianDashboard } from './get-technician-dashboard';
import { paths } from '../../../lib/paths';
import { PanelHeader } from '../components/panel-header';
import { LastRefreshed } from '../../offline';
import { dateTimeFormat } from '../../../lib/intl-format';

const noop = () => undefined;
const TASKS = paths.tasks;

/**
 * PRODUCT.md §5, technician: today's jobs, open jobs by status, hours logged this week, jobs
 * completed, average job duration, average rating and first-time-fix rate — each figure links
 * to the list behind it. Job and appointment events refresh it.
 */
export function TechnicianDashboard() {
  const { t, i18n } = useTranslation();
  const fmt = useNumberFormat();
  const format = useDateFormat();
  useRealtimeSubscription('service_requests', noop);
  useRealtimeSubscription('appointments', noop);
  // The figures are drawn as a transition, in slices, when they arrive: an update of the query
  // cache is otherwise drawn in one blocking task, long on a slow phone (issue #26).
  const query = useDeferredValue(useTechnicianDashboard());
  if (query.isPending) return <ListLoading rows={6} />;
  // A refresh that failed keeps the figures read before (kept on the device for offline use).
  if (!query.data) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  const d = query.data;
  const language = i18n.resolvedLanguage ?? 'en';
  const hours = (h: number | null) => (h === null ? '—' : formatDuration(h * 60, language));
  const time = dateTimeFormat(language, { hour: 'numeric', minute: '2-digit', numberingSystem: 'latn', timeZone: d.time_zone });
  const o = d.overall;

  return (
    <Stack gap="lg" data-testid="technician-dashboard">
      <LastRefreshed updatedAt={query.dataUpdatedAt} mb="0" />
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <FigureCard testId="figure-today" label={t('technicianDashboard.today')} value={fmt.count(d.today.length)} to={paths.schedule} icon={IconCalendarEvent} color="blue" />
        <FigureCard testId="figure-assigned" label={t('serviceRequests.status.assigned')} value={fmt.count(d.open_by_status.assigned)} to={`${TASKS}?status=assigned`} icon={IconUserCheck} color="indigo" />
        <FigureCard testId="figure-in-progress" label={t('serviceRequests.status.in_progress')} value={fmt.count(d.open_by_status.in_progress)} to={`${TASKS}?status=in_progress`} icon={IconTool} color="cyan" />
        <FigureCard testId="figure-pending-parts" label={t('serviceRequests.status.pending_parts')} value={fmt.count(d.open_by_status.pending_parts)} to={`${TASKS}?status=pending_parts`} icon={IconPackage} color="orange" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md">
        <FigureCard testId="figure-week-hours" label={t('technicianDashboard.hoursThisWeek')} value={hours(d.hours_this_week)} to={paths.performanceReports} icon={IconClockPlay} color="grape" />
        <FigureCard testId="figure-completed" label={t('technicianDashboard.completed')} value={fmt.count(o.jobs_completed)} to={paths.serviceReports} icon={IconChecks} color="teal" />
        <FigureCard testId="figure-job-duration" label={t('technicianDashboard.averageJob')} value={hours(o.average_job_hours)} to={paths.performanceReports} icon={IconHourglass} color="blue" />
        <FigureCard
          testId="figure-rating"
          label={t('technicianDashboard.rating')}
          hint={t('reports.performance.ratings', { count: o.rating_count })}
          value={o.average_rating === null ? '—' : `${fmt.quantity(o.average_rating)} / 5`}
          to={paths.performanceReports}
          icon={IconStar}
          color="yellow"
        />
        <FigureCard
          testId="figure-ftf"
          label={t('reports.performance.firstTimeFix')}
          value={o.first_time_fix_rate === null ? '—' : fmt.percent(Math.round(o.first_time_fix_rate * 1000) / 10)}
          to={paths.performanceReports}
          icon={IconRepeatOff}
          color="pink"
        />
      </SimpleGrid>

      <Paper withBorder radius="md" p="md" data-testid="today-jobs">
        <PanelHeader title={t('technicianDashboard.todayJobs')} to={TASKS} linkLabel={t('technicianDashboard.allTasks')} />
        {d.today.length === 0 ? (
          <Stack align="center" gap="xs" py="md" ta="center">
            <ThemeIcon size={44} radius="xl" variant="light" color="gray">
              <IconCalendarEvent size={22} />
            </ThemeIcon>
            <Text size="sm" c="dimmed">
              {t('technicianDashboard.noJobsToday')}
            </Text>
            <Button component={Link} to={TASKS} variant="light" size="xs">
              {t('technicianDashboard.openTasks')}
            </Button>
          </Stack>
        ) : (
          <Stack gap={0}>
            {d.today.map((a) => (
              <Anchor
                key={a.id}
                component={Link}
                to={a.service_request ? paths.serviceRequest(a.service_request.id) : paths.appointment(a.id)}
                underline="never"
                c="inherit"
                py={10}
                data-testid="today-job"
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Badge variant="light" size="lg" style={{ flex: 'none' }}>
                      <Ltr>{time.format(new Date(a.starts_at))}</Ltr>
                    </Badge>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600}>
                        <Ltr>{a.service_request?.number ?? a.number}</Ltr>
                      </Text>
                      {a.service_request && (
                        <Text size="sm" dir="auto" truncate>
                          {a.service_request.customer_name}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed" truncate dir="auto">
                        {a.service_request
                          ? [t(`serviceRequests.location.${a.service_request.location}`), a.service_request.address].filter(Boolean).join(' · ')
                          : format.dateTime(a.starts_at)}
                      </Text>
                    </Stack>
                  </Group>
                  {a.service_request && <ServiceRequestStatusBadge status={a.service_request.status} />}
                </Group>
              </Anchor>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

export default TechnicianDashboard;
