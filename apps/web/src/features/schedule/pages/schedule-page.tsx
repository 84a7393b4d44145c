import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { ActionIcon, Alert, Anchor, Button, Grid, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconBeach, IconClockEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { can, MAX_APPOINTMENT_PAGE, ZCreateTimeOff, type TAppointment, type TAppointmentList, type TTimeOff } from '@portal/shared';
import type { CalendarRange, CalendarView } from '../../../components/appointment-calendar';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { ListError, ListLoading } from '../../../components/list-states';
import { Ltr } from '../../../components/ltr';
import { PageHeader } from '../../../components/page-header';
import { UserPicker } from '../../../components/user-picker';
import { WeeklyHoursEditor } from '../../../components/weekly-hours-editor';
import { apiFetch } from '../../../lib/api-client';
import { describeError, translateFieldError } from '../../../lib/errors';
import { zodFieldErrors } from '../../../lib/form-validation';
import { useRealtimeSubscription } from '../../../lib/realtime';
import { useCurrentUser } from '../../../lib/use-session';
import { toastSuccess } from '../../../lib/toast';
import { draftOf, hoursOf, summarise, weekdayNames, weekErrors, type WeekDraft } from '../../../lib/weekly-hours';
import { dayInZone, formatDateTime, formatDay, formatTimeRange, wallTimeToInstant, zoneLabel } from '../../../lib/zoned-time';
import { useAddTimeOff, useRemoveTimeOff, useSaveSchedule, useSchedule, useTimeOff } from '../api/schedule';
import { businessHoursOf, conflictsOf, timeOffEvents } from '../schedule-view';
import { DateTimeField } from '../../../components/date-field';
import { paths } from '../../../lib/paths';

const AppointmentCalendar = lazy(() => import('../../../components/appointment-calendar'));
const VIEWS: readonly CalendarView[] = ['timeGridWeek', 'timeGridDay', 'listWeek'];
const noop = () => undefined;

/** The technician's appointments overlapping the visible week (the appointments feature's keys, so its realtime rules refresh them). */
function useTechnicianAppointments(technicianId: string | null, range: CalendarRange | null) {
  return useQuery({
    queryKey: ['appointments', 'calendar', range, { technician_id: technicianId, schedule: true }],
    enabled: technicianId !== null && range !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiFetch<TAppointmentList>('/api/appointments', {
        query: { technician_id: technicianId!, from: range!.from, to: range!.to, status: 'scheduled,confirmed,completed,no_show', limit: MAX_APPOINTMENT_PAGE },
        signal,
      }),
  });
}

function ConflictList({ appointments, zone, language }: { appointments: { id: string; number: string; starts_at: string; ends_at: string; status: TAppointment['status'] }[]; zone: string; language: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('schedule.conflict.title')} data-testid="schedule-conflict">
      <Text size="sm" mb="xs">
        {t('errors.schedule_conflict')}
      </Text>
      <Stack gap={4}>
        {appointments.map((a) => (
          <Group key={a.id} gap="xs" wrap="nowrap">
            <Anchor component={Link} to={paths.appointment(a.id)} size="sm" fw={600} data-testid="schedule-conflict-link">
              <Ltr>{a.number}</Ltr>
            </Anchor>
            <Text size="sm">
              {formatDay(dayInZone(a.starts_at, zone), language)} · {formatTimeRange(a.starts_at, a.ends_at, zone, language)}
            </Text>
            <AppointmentStatusBadge status={a.status} size="xs" />
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}

/**
 * `/dashboard/schedule`: a technician's week (their own; an admin picks any technician) —
 * appointments over the working hours, non-working time and time off shaded; edit the weekly
 * hours; add and remove time off. A change that would strand a booking lists the bookings.
 */
export function SchedulePage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const user = useCurrentUser();
  const admin = can(user.role, 'manage:schedule:any');
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const [params, setParams] = useSearchParams();
  const technicianId = admin ? params.get('technician') : user.id;
  const view = (VIEWS.find((v) => v === params.get('view')) ?? (phone ? 'timeGridDay' : 'timeGridWeek')) as CalendarView;
  const date = params.get('date') ?? undefined;
  useRealtimeSubscription('appointments', noop);

  const schedule = useSchedule(technicianId);
  const zone = schedule.data?.time_zone ?? 'UTC';
  const [range, setRange] = useState<CalendarRange | null>(null);
  const appointments = useTechnicianAppointments(technicianId, range);
  const weekOff = useTimeOff(technicianId, range);
  const upcomingOff = useTimeOff(technicianId);

  const [editing, setEditing] = useState<WeekDraft | null>(null);
  const [hourErrors, setHourErrors] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState(false);
  const [offDraft, setOffDraft] = useState({ from: '', to: '', reason: '' });
  const [offErrors, setOffErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<ReturnType<typeof conflictsOf>>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const save = useSaveSchedule(technicianId ?? '');
  const addOff = useAddTimeOff(technicianId ?? '');
  const removeOff = useRemoveTimeOff(technicianId ?? '');

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

  const offLabel = useCallback((item: TTimeOff) => item.reason ?? t('schedule.timeOff.title'), [t]);
  const background = useMemo(() => timeOffEvents(weekOff.data?.items ?? [], offLabel), [weekOff.data, offLabel]);
  const titleOf = useCallback((a: TAppointment) => `${a.customer.name} · ${t(`booking.kind.${a.service_kind}`)}`, [t]);

  const fail = (error: unknown) => {
    const found = conflictsOf(error);
    setConflict(found);
    setFailure(found ? null : error);
  };

  const saveHours = () => {
    if (!editing) return;
    const errors = weekErrors(editing);
    setHourErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setConflict(null);
    setFailure(null);
    save.mutate(
      { weekly_hours: hoursOf(editing) },
      {
        onSuccess: () => {
          setEditing(null);
          toastSuccess('schedule.hours.saved');
        },
        onError: (error) => {
          setEditing(null);
          fail(error);
        },
      },
    );
  };

  const saveTimeOff = () => {
    const body = { starts_at: wallTimeToInstant(offDraft.from, zone) ?? '', ends_at: wallTimeToInstant(offDraft.to, zone) ?? '', reason: offDraft.reason };
    const errors = zodFieldErrors(ZCreateTimeOff, body);
    if (!offDraft.from) errors.starts_at = 'required';
    if (!offDraft.to) errors.ends_at = 'required';
    setOffErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setConflict(null);
    setFailure(null);
    addOff.mutate(ZCreateTimeOff.parse(body), {
      onSuccess: () => {
        setAdding(false);
        setOffDraft({ from: '', to: '', reason: '' });
        toastSuccess('schedule.timeOff.added');
      },
      onError: (error) => {
        const found = conflictsOf(error);
        if (found) setAdding(false);
        fail(error);
      },
    });
  };

  const names = weekdayNames(language, 'short');
  const hoursSummary = schedule.data ? summarise(schedule.data.weekly_hours) : [];

  return (
    <>
      <PageHeader title={t('schedule.title')} subtitle={t(admin ? 'schedule.subtitleAdmin' : 'schedule.subtitle')} />
      {admin && (
        <Paper withBorder p="sm" mb="md" maw={420}>
          <UserPicker
            role="technician"
            label={t('schedule.technician')}
            value={technicianId}
            onChange={(id) => setParam({ technician: id ?? undefined })}
            testId="schedule-technician"
          />
        </Paper>
      )}
      {technicianId === null ? (
        <Text c="dimmed" data-testid="schedule-pick">
          {t('schedule.pickTechnician')}
        </Text>
      ) : schedule.isPending ? (
        <ListLoading rows={8} />
      ) : schedule.isError ? (
        <ListError error={schedule.error} onRetry={() => void schedule.refetch()} />
      ) : (
        <Stack gap="md">
          {conflict && <ConflictList appointments={conflict} zone={zone} language={language} />}
          {Boolean(failure) && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} withCloseButton onClose={() => setFailure(null)} data-testid="schedule-error">
              {describeError(t, failure)}
            </Alert>
          )}
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
                <Text size="xs" c="dimmed" mb="xs">
                  {t('schedule.zone')} <Ltr>{zoneLabel(zone)}</Ltr>
                </Text>
                <Suspense fallback={<ListLoading rows={8} />}>
                  <AppointmentCalendar
                    appointments={appointments.data?.items ?? []}
                    timeZone={zone}
                    view={view}
                    date={date}
                    views={VIEWS}
                    onNavigate={(nextView, day) => setParam({ view: nextView, date: day }, true)}
                    onRange={setRange}
                    onOpen={(a) => void navigate(paths.appointment(a.id))}
                    titleOf={titleOf}
                    businessHours={businessHoursOf(schedule.data.weekly_hours)}
                    background={background}
                    loading={appointments.isFetching}
                  />
                </Suspense>
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Stack gap="md">
                <Paper withBorder p="md" data-testid="schedule-hours">
                  <Group justify="space-between" mb="sm">
                    <Title order={3} fz="md">
                      {t('schedule.hours.title')}
                    </Title>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconClockEdit size={14} />}
                      onClick={() => {
                        setHourErrors({});
                        setEditing(draftOf(schedule.data.weekly_hours));
                      }}
                      data-testid="schedule-edit-hours"
                    >
                      {t('schedule.hours.edit')}
                    </Button>
                  </Group>
                  {hoursSummary.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('schedule.hours.none')}
                    </Text>
                  ) : (
                    <Stack gap={4}>
                      {hoursSummary.map((s) => (
                        <Group key={s.from} justify="space-between" gap="xs">
                          <Text size="sm">{s.from === s.to ? names[s.from] : `${names[s.from]} – ${names[s.to]}`}</Text>
                          <Text size="sm" fw={500}>
                            <Ltr>
                              {s.start}–{s.end}
                            </Ltr>
                          </Text>
                        </Group>
                      ))}
                    </Stack>
                  )}
                </Paper>

                <Paper withBorder p="md" data-testid="schedule-time-off">
                  <Group justify="space-between" mb="sm">
                    <Title order={3} fz="md">
                      {t('schedule.timeOff.title')}
                    </Title>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconPlus size={14} />}
                      onClick={() => {
                        setOffErrors({});
                        setAdding(true);
                      }}
                      data-testid="schedule-add-time-off"
                    >
                      {t('schedule.timeOff.add')}
                    </Button>
                  </Group>
                  {upcomingOff.isPending ? (
                    <ListLoading rows={2} />
                  ) : upcomingOff.isError ? (
                    <ListError error={upcomingOff.error} onRetry={() => void upcomingOff.refetch()} />
                  ) : upcomingOff.data.items.length === 0 ? (
                    <Group gap="xs" c="dimmed">
                      <IconBeach size={18} />
                      <Text size="sm">{t('schedule.timeOff.none')}</Text>
                    </Group>
                  ) : (
                    <Stack gap="xs">
                      {upcomingOff.data.items.map((item) => (
                        <Group key={item.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="time-off-item">
                          <Stack gap={0} style={{ minWidth: 0 }}>
                            <Text size="sm" fw={500}>
                              {formatDateTime(item.starts_at, zone, language)}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {t('schedule.timeOff.until', { date: formatDateTime(item.ends_at, zone, language) })}
                            </Text>
                            {item.reason && (
                              <Text size="xs" dir="auto" truncate>
                                {item.reason}
                              </Text>
                            )}
                          </Stack>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('schedule.timeOff.remove')}
                            loading={removeOff.isPending && removeOff.variables === item.id}
                            onClick={() =>
                              removeOff.mutate(item.id, {
                                onSuccess: () => toastSuccess('schedule.timeOff.removed'),
                                onError: fail,
                              })
                            }
                            data-testid="time-off-remove"
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                      ))}
                    </Stack>
                  )}
                </Paper>
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      )}

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('schedule.hours.editTitle')} size="lg" centered>
        {editing && (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('schedule.hours.hint')} <Ltr>{zoneLabel(zone)}</Ltr>
            </Text>
            <WeeklyHoursEditor value={editing} onChange={setEditing} errors={hourErrors} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(null)}>
                {t('common.cancel')}
              </Button>
              <Button loading={save.isPending} onClick={saveHours} data-testid="schedule-save-hours">
                {t('common.saveChanges')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <Modal opened={adding} onClose={() => setAdding(false)} title={t('schedule.timeOff.addTitle')} centered>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('schedule.timeOff.hint')} <Ltr>{zoneLabel(zone)}</Ltr>
          </Text>
          <DateTimeField
            label={t('schedule.timeOff.from')}
            required
            value={offDraft.from}
            onChange={(value) => setOffDraft((d) => ({ ...d, from: value }))}
            error={translateFieldError(t, offErrors.starts_at)}
            data-testid="time-off-from"
          />
          <DateTimeField
            label={t('schedule.timeOff.to')}
            required
            value={offDraft.to}
            onChange={(value) => setOffDraft((d) => ({ ...d, to: value }))}
            error={offErrors.ends_at === 'invalid' ? t('schedule.timeOff.endBeforeStart') : translateFieldError(t, offErrors.ends_at)}
            data-testid="time-off-to"
          />
          <Textarea
            label={t('schedule.timeOff.reason')}
            autosize
            minRows={2}
            maxLength={500}
            dir="auto"
            value={offDraft.reason}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setOffDraft((d) => ({ ...d, reason: value }));
            }}
            error={translateFieldError(t, offErrors.reason)}
            data-testid="time-off-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAdding(false)}>
              {t('common.cancel')}
            </Button>
            <Button loading={addOff.isPending} onClick={saveTimeOff} data-testid="time-off-save">
              {t('schedule.timeOff.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

export default SchedulePage;
