import { Anchor, Badge, Box, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconTool } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TAppointment, TPage } from '@portal/shared';
import { Ltr } from '../../../components/ltr';
import { UrlListPager } from '../../../components/list-controls';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { ServiceRequestStatusBadge } from '../../../components/service-request-badges';
import { apiFetch } from '../../../lib/api-client';
import { useListState } from '../../../lib/list-state';
import { usePublicSettings } from '../../../lib/public-settings';
import { useCatalogNames } from '../../../lib/service-options';
import { useCurrentUser } from '../../../lib/use-session';
import { dayInZone, formatTimeRange } from '../../../lib/zoned-time';
import { useServiceRequests } from '../api/get-service-requests';
import { ACTIVE_STATUS_FILTER, ALL_STATUSES } from '../list-filters';
import { LIST_FILTERS, RequestFilters, type ListFilter } from '../components/request-filters';
import { RequestList } from '../components/request-list';
import { useServiceRequestsLive } from '../realtime';
import { LastRefreshed } from '../../offline';
import { paths } from '../../../lib/paths';

/** Today's booked visits of the signed-in technician, in the company's day. */
function useTodaysVisits(technicianId: string, timeZone: string | undefined) {
  const today = timeZone ? dayInZone(new Date(), timeZone) : null;
  return useQuery({
    queryKey: ['service-requests', 'tasks-today', technicianId, today],
    enabled: !!today,
    queryFn: ({ signal }) =>
      apiFetch<TPage<TAppointment>>('/api/appointments', { query: { from: today!, to: today!, technician_id: technicianId, status: 'scheduled,confirmed', limit: 50 }, signal }),
  });
}

/**
 * `/dashboard/tasks` — a technician's service orders on a phone: today's visits first (big
 * cards, one tap to the job), then their open jobs by status with search and filters in the URL.
 */
export function TasksPage() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const catalog = useCatalogNames();
  const zone = usePublicSettings().data?.time_zone;
  const today = useTodaysVisits(user.id, zone);
  // Open jobs unless the technician picks another status tab; ordered by status, then newest.
  const list = useListState<ListFilter>({ filters: LIST_FILTERS, defaultSort: 'status', defaultOrder: 'asc' });
  const status = list.filters.status;
  const query = { ...list.query, status: !status ? ACTIVE_STATUS_FILTER : status === ALL_STATUSES ? undefined : status };
  const jobs = useServiceRequests(query);
  useServiceRequestsLive();
  const page = jobs.data;
  const visits = today.data?.items ?? [];
  const language = i18n.resolvedLanguage ?? 'en';

  return (
    <>
      <PageHeader title={t('tasks.title')} subtitle={t('tasks.subtitle')} />
      <LastRefreshed updatedAt={jobs.dataUpdatedAt} />
      <Title order={2} fz="lg" mb="sm">
        {t('tasks.today')}
      </Title>
      {today.isError ? (
        <Box mb="lg">
          <ListError error={today.error} onRetry={() => void today.refetch()} />
        </Box>
      ) : visits.length === 0 ? (
        <Text c="dimmed" size="sm" mb="lg" data-testid="tasks-today-empty">
          {today.isPending ? '…' : t('tasks.noneToday')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="lg" data-testid="tasks-today">
          {visits.map((a) => (
            <Card key={a.id} withBorder padding="md" component={Link} to={paths.serviceRequest(a.service_request.id)} data-testid="tasks-visit">
              <Group justify="space-between" wrap="nowrap" mb={6}>
                <Group gap={6} wrap="nowrap">
                  <IconCalendarEvent size={18} />
                  <Text fw={700} fz="lg">
                    <bdi>{zone ? formatTimeRange(a.starts_at, a.ends_at, zone, language) : ''}</bdi>
                  </Text>
                </Group>
                <ServiceRequestStatusBadge status={a.service_request.status} />
              </Group>
              <Text fw={600} dir="auto">
                {a.customer.name}
              </Text>
              <Text size="sm" c="dimmed">
                <Ltr>{a.service_request.number}</Ltr> · <span dir="auto">{catalog.serviceType(a.service_request.service_type)}</span> · {t(`serviceRequests.location.${a.service_kind}`)}
              </Text>
              {a.address && (
                <Text size="sm" dir="auto" lineClamp={2} mt={4}>
                  {a.address}
                </Text>
              )}
              {a.customer.mobile_number && (
                <Anchor href={`tel:${a.customer.mobile_number.replace(/[^\d+]/g, '')}`} size="sm" mt={4} onClick={(e) => e.stopPropagation()}>
                  <Ltr>{a.customer.mobile_number}</Ltr>
                </Anchor>
              )}
            </Card>
          ))}
        </SimpleGrid>
      )}

      <Stack gap={0}>
        <Group gap="xs" mb="sm">
          <Title order={2} fz="lg">
            {t('tasks.jobs')}
          </Title>
          {page && <Badge variant="light">{page.total}</Badge>}
        </Group>
        <RequestFilters list={list} defaultTab="active" />
        {jobs.isError && (
          <Box mb="md">
            <ListError error={jobs.error} onRetry={() => void jobs.refetch()} />
          </Box>
        )}
        {jobs.isPending ? (
          <ListLoading />
        ) : page && page.items.length === 0 ? (
          list.isFiltered ? <ListEmpty filtered onReset={list.reset} /> : <ListEmpty icon={IconTool} title={t('tasks.empty.title')} body={t('tasks.empty.body')} />
        ) : (
          <RequestList list={list} records={page?.items ?? []} loading={jobs.isFetching && !page} noRecordsText={t('list.noMatchesTitle')} />
        )}
        {page && page.items.length > 0 && <UrlListPager list={list} page={page} loading={jobs.isFetching} />}
      </Stack>
    </>
  );
}

export default TasksPage;
