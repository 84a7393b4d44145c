import { lazy, Suspense, useCallback, useState } from 'react';
import '@mantine/dates/styles.layer.css';
import { Anchor, Button, Group, Loader, MultiSelect, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput } from '../../../components/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarEvent, IconCalendarPlus, IconList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { APPOINTMENT_STATUSES, can, DEFAULT_PAGE_SIZE, type TAppointment } from '@portal/shared';
import type { CalendarRange, CalendarView } from '../../../components/appointment-calendar';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { ListToolbar, UrlListPager } from '../../../components/list-controls';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { Ltr } from '../../../components/ltr';
import { PageHeader } from '../../../components/page-header';
import { UserPicker } from '../../../components/user-picker';
import { useListState } from '../../../lib/list-state';
import { usePublicSettings } from '../../../lib/public-settings';
import { useCatalogNames } from '../../../lib/service-options';
import { useCurrentUser } from '../../../lib/use-session';
import { addDays, dayInZone, formatDay, formatTimeRange } from '../../../lib/zoned-time';
import { useAppointmentList, useCalendarAppointments } from '../api/get-appointments';
import { useAppointmentsLive } from '../realtime';
import { paths } from '../../../lib/paths';

// FullCalendar is big: it loads with the calendar, not with the list.
const AppointmentCalendar = lazy(() => import('../../../components/appointment-calendar'));

const VIEWS: readonly CalendarView[] = ['timeGridDay', 'timeGridWeek', 'dayGridMonth', 'listWeek'];
const asView = (value: string | null): CalendarView | null => (VIEWS.includes(value as CalendarView) ? (value as CalendarView) : null);

/**
 * `/dashboard/appointments`: customers their own, technicians theirs, admins all with a
 * technician filter. A calendar (day, week, month, list; view and day in the URL) or a list
 * (status, dates, pages in the URL). Opening an appointment goes to its page.
 */
export function AppointmentsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const user = useCurrentUser();
  const admin = can(user.role, 'read:appointment:any');
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const settings = usePublicSettings();
  const zone = settings.data?.time_zone ?? 'UTC';
  const catalog = useCatalogNames();
  useAppointmentsLive();

  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'list' ? 'list' : 'calendar';
  const view = asView(params.get('view')) ?? (phone ? 'listWeek' : 'timeGridWeek');
  const date = params.get('date') ?? undefined;
  const list = useListState<'status' | 'technician_id' | 'from' | 'to'>({ filters: ['status', 'technician_id', 'from', 'to'] });
  const technicianId = list.filters.technician_id;

  const setParam = useCallback(
    (patch: Record<string, string | undefined>, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [k, v] of Object.entries(patch)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  const [range, setRange] = useState<CalendarRange | null>(null);
  const calendar = useCalendarAppointments(tab === 'calendar' ? range : null, technicianId ? { technician_id: technicianId } : {});
  // The range picker's last day is inclusive; the API's `to` is where the range ends (exclusive).
  const page = useAppointmentList({ limit: DEFAULT_PAGE_SIZE, ...list.query, to: list.filters.to ? addDays(list.filters.to, 1) : undefined });

  const titleOf = useCallback(
    (a: TAppointment) => {
      const what = catalog.serviceType(a.service_request.service_type);
      if (user.role === 'customer') return `${what} · ${a.technician.name}`;
      if (user.role === 'technician') return `${a.customer.name} · ${what}`;
      return `${a.customer.name} → ${a.technician.name}`;
    },
    [catalog, user.role],
  );
  const open = (a: TAppointment) => void navigate(paths.appointment(a.id));

  const technicianFilter = admin && (
    <UserPicker
      role="technician"
      label={t('appointments.filters.technician')}
      value={technicianId ?? null}
      onChange={(id) => list.setFilter('technician_id', id)}
      testId="ap-filter-technician"
    />
  );

  return (
    <>
      <PageHeader
        title={t('appointments.title')}
        subtitle={t(`appointments.subtitle.${admin ? 'admin' : user.role === 'technician' ? 'technician' : 'customer'}`)}
        actions={
          can(user.role, 'create:service_request') && (
            <Button component={Link} to={paths.bookAppointment} leftSection={<IconCalendarPlus size={16} />} data-testid="ap-book">
              {t('appointments.book')}
            </Button>
          )
        }
      />
      <Group justify="space-between" mb="md" gap="sm" align="flex-end">
        <SegmentedControl
          value={tab}
          onChange={(value) => setParam({ tab: value === 'list' ? 'list' : undefined })}
          data={[
            { value: 'calendar', label: <Group gap={6} wrap="nowrap"><IconCalendarEvent size={16} />{t('appointments.tabs.calendar')}</Group> },
            { value: 'list', label: <Group gap={6} wrap="nowrap"><IconList size={16} />{t('appointments.tabs.list')}</Group> },
          ]}
          data-testid="ap-tabs"
        />
        {tab === 'calendar' && technicianFilter && <div style={{ minWidth: 240 }}>{technicianFilter}</div>}
      </Group>

      {tab === 'calendar' ? (
        <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
          {calendar.isError && <ListError error={calendar.error} onRetry={() => void calendar.refetch()} />}
          <Suspense fallback={<ListLoading rows={8} />}>
            <AppointmentCalendar
              appointments={calendar.data ?? []}
              timeZone={zone}
              view={view}
              date={date}
              onNavigate={(nextView, day) => setParam({ view: nextView, date: day }, true)}
              onRange={setRange}
              onOpen={open}
              titleOf={titleOf}
              loading={calendar.isFetching}
            />
          </Suspense>
        </Paper>
      ) : (
        <>
          <ListToolbar filtered={list.isFiltered} onReset={list.reset}>
            <MultiSelect
              label={t('appointments.filters.status')}
              placeholder={list.filters.status ? undefined : t('appointments.filters.anyStatus')}
              data={APPOINTMENT_STATUSES.map((s) => ({ value: s, label: t(`appointments.status.${s}`) }))}
              value={list.filters.status ? list.filters.status.split(',') : []}
              onChange={(values) => list.setFilter('status', values.join(','))}
              clearable
              w={{ base: '100%', xs: 260 }}
              data-testid="ap-filter-status"
            />
            <DatePickerInput
              type="range"
              label={t('appointments.filters.dates')}
              placeholder={t('appointments.filters.anyDates')}
              clearable
              locale={language}
              w={{ base: '100%', xs: 240 }}
              value={[list.filters.from ?? null, list.filters.to ?? null]}
              onChange={([from, to]) => {
                if ((from && to) || (!from && !to)) list.setFilters({ from: from ?? undefined, to: to ?? undefined });
              }}
              valueFormat="D MMM YYYY"
              data-testid="ap-filter-dates"
            />
            {technicianFilter && <div style={{ minWidth: 240, flex: '1 1 240px' }}>{technicianFilter}</div>}
          </ListToolbar>
          <AppointmentList
            page={page}
            zone={zone}
            language={language}
            role={user.role}
            catalogName={catalog.serviceType}
            filtered={list.isFiltered}
            onReset={list.reset}
            list={list}
          />
        </>
      )}
    </>
  );
}

function AppointmentList({
  page,
  zone,
  language,
  role,
  catalogName,
  filtered,
  onReset,
  list,
}: {
  page: ReturnType<typeof useAppointmentList>;
  zone: string;
  language: string;
  role: string;
  catalogName: (code: string) => string;
  filtered: boolean;
  onReset: () => void;
  list: Parameters<typeof UrlListPager>[0]['list'];
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  if (page.isPending) return <ListLoading />;
  if (page.isError) return <ListError error={page.error} onRetry={() => void page.refetch()} />;
  const items = page.data.items;
  if (items.length === 0) return <ListEmpty filtered={filtered} onReset={onReset} title={filtered ? undefined : t('appointments.empty.title')} body={filtered ? undefined : t('appointments.empty.body')} />;
  const when = (a: TAppointment) => `${formatDay(dayInZone(a.starts_at, zone), language)} · ${formatTimeRange(a.starts_at, a.ends_at, zone, language)}`;
  // Each name is its own isolate: an Arabic name beside an English one keeps the pair in order.
  const who = (a: TAppointment) =>
    role === 'customer' ? (
      <bdi dir="auto">{a.technician.name}</bdi>
    ) : role === 'technician' ? (
      <bdi dir="auto">{a.customer.name}</bdi>
    ) : (
      <>
        <bdi dir="auto">{a.customer.name}</bdi> · <bdi dir="auto">{a.technician.name}</bdi>
      </>
    );

  return (
    <Stack gap={0} data-testid="ap-list">
      {page.isFetching && <Loader size="xs" pos="absolute" />}
      {phone ? (
        <Stack gap="xs">
          {items.map((a) => (
            <Paper key={a.id} withBorder p="sm" component={Link} to={paths.appointment(a.id)} style={{ color: 'inherit', textDecoration: 'none' }} data-testid="ap-row" data-number={a.number}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} size="sm">
                  <Ltr>{a.number}</Ltr>
                </Text>
                <AppointmentStatusBadge status={a.status} />
              </Group>
              <Text size="sm">{when(a)}</Text>
              <Text size="xs" c="dimmed">
                {t(`booking.kind.${a.service_kind}`)} · <bdi dir="auto">{catalogName(a.service_request.service_type)}</bdi> · {who(a)}
              </Text>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('appointments.fields.number')}</Table.Th>
                <Table.Th>{t('appointments.fields.when')}</Table.Th>
                <Table.Th>{t('appointments.fields.kind')}</Table.Th>
                <Table.Th>{t(role === 'customer' ? 'appointments.fields.technician' : role === 'technician' ? 'appointments.fields.customer' : 'appointments.fields.people')}</Table.Th>
                <Table.Th>{t('appointments.fields.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((a) => (
                <Table.Tr key={a.id} data-testid="ap-row" data-number={a.number}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.appointment(a.id)} fw={600} size="sm">
                      <Ltr>{a.number}</Ltr>
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{when(a)}</Table.Td>
                  <Table.Td>
                    {t(`booking.kind.${a.service_kind}`)} · {catalogName(a.service_request.service_type)}
                  </Table.Td>
                  <Table.Td>{who(a)}</Table.Td>
                  <Table.Td>
                    <AppointmentStatusBadge status={a.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <UrlListPager list={list} page={page.data} loading={page.isFetching} />
    </Stack>
  );
}

export default AppointmentsPage;
