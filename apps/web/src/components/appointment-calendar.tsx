import { useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Box, Button, Group, SegmentedControl, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { BusinessHoursInput, DatesSetArg, EventInput, LocaleInput } from '@fullcalendar/core';
import arLocale from '@fullcalendar/core/locales/ar';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import luxon3Plugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useTranslation } from 'react-i18next';
import type { TAppointment } from '@portal/shared';
import { APPOINTMENT_STATUS_COLORS } from './appointment-status-badge';
import classes from './appointment-calendar.module.css';

export const CALENDAR_VIEWS = ['timeGridDay', 'timeGridWeek', 'dayGridMonth', 'listWeek'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const isCalendarView = (value: unknown): value is CalendarView => CALENDAR_VIEWS.includes(value as CalendarView);

const VIEW_KEYS: Record<CalendarView, string> = { timeGridDay: 'day', timeGridWeek: 'week', dayGridMonth: 'month', listWeek: 'list' };

// Arabic with Latin digits (PRODUCT.md §9): FullCalendar formats through Intl with the locale's code.
const AR_LATN: LocaleInput = { ...arLocale, code: 'ar-u-nu-latn' };

export interface CalendarRange {
  /** ISO 8601 with the company zone's offset: the visible range [from, to). */
  from: string;
  to: string;
}

/**
 * Appointments on a FullCalendar (day, week, month, list), in the company's time zone (luxon
 * plugin: named zones, right across daylight-saving changes), right to left with the Arabic
 * locale in Arabic. The view and day are the caller's (the URL); the calendar reports the
 * visible range to load, and clicks on an appointment.
 */
export function AppointmentCalendar({
  appointments,
  timeZone,
  view,
  date,
  onNavigate,
  onRange,
  onOpen,
  titleOf,
  views = CALENDAR_VIEWS,
  businessHours,
  background = [],
  loading,
}: {
  appointments: readonly TAppointment[];
  timeZone: string;
  view: CalendarView;
  /** YYYY-MM-DD in the company zone; undefined = today. */
  date: string | undefined;
  onNavigate: (view: CalendarView, date: string) => void;
  onRange: (range: CalendarRange) => void;
  onOpen: (appointment: TAppointment) => void;
  titleOf: (appointment: TAppointment) => string;
  views?: readonly CalendarView[];
  businessHours?: BusinessHoursInput;
  /** Shaded periods (time off): background events. */
  background?: readonly EventInput[];
  loading?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const arabic = i18n.resolvedLanguage === 'ar';
  const ref = useRef<FullCalendar>(null);
  const [title, setTitle] = useState('');
  const latest = useRef({ onNavigate, onRange, view, date });
  useEffect(() => {
    latest.current = { onNavigate, onRange, view, date };
  });

  // The URL moved (back, a link): the calendar follows.
  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    const shownDay = api.formatIso(api.getDate(), true);
    if (api.view.type !== view) api.changeView(view, date);
    else if (date && shownDay !== date) api.gotoDate(date);
  }, [view, date]);

  const events = useMemo<EventInput[]>(
    () => [
      ...appointments.map((a) => ({
        id: a.id,
        title: titleOf(a),
        start: a.starts_at,
        end: a.ends_at,
        color: `var(--mantine-color-${APPOINTMENT_STATUS_COLORS[a.status]}-filled)`,
        classNames: [`appointment-${a.status}`],
        extendedProps: { appointment: a },
      })),
      ...background,
    ],
    [appointments, titleOf, background],
  );

  const datesSet = (arg: DatesSetArg) => {
    setTitle(arg.view.title);
    const api = arg.view.calendar;
    const day = api.formatIso(api.getDate(), true);
    const type = arg.view.type as CalendarView;
    if (type !== latest.current.view || day !== (latest.current.date ?? day)) latest.current.onNavigate(type, day);
    latest.current.onRange({ from: arg.startStr, to: arg.endStr });
  };

  const api = () => ref.current?.getApi();
  return (
    <Box className={classes.root} data-testid="appointment-calendar" data-view={view} data-loading={loading || undefined}>
      <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label={t('appointments.calendar.previous')} onClick={() => api()?.prev()} data-testid="calendar-prev">
            <IconChevronLeft size={18} className="mirror-in-rtl" />
          </ActionIcon>
          <Button variant="default" size="sm" onClick={() => api()?.today()} data-testid="calendar-today">
            {t('appointments.calendar.today')}
          </Button>
          <ActionIcon variant="default" size="lg" aria-label={t('appointments.calendar.next')} onClick={() => api()?.next()} data-testid="calendar-next">
            <IconChevronRight size={18} className="mirror-in-rtl" />
          </ActionIcon>
          <Text fw={600} ms="xs" data-testid="calendar-title">
            {title}
          </Text>
        </Group>
        {views.length > 1 && (
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(value) => isCalendarView(value) && api()?.changeView(value)}
            data={views.map((v) => ({ value: v, label: t(`appointments.calendar.${VIEW_KEYS[v]}`) }))}
            data-testid="calendar-views"
          />
        )}
      </Group>
      <FullCalendar
        ref={ref}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, luxon3Plugin]}
        timeZone={timeZone}
        locale={arabic ? AR_LATN : 'en'}
        direction={arabic ? 'rtl' : 'ltr'}
        firstDay={arabic ? 6 : 0}
        initialView={view}
        initialDate={date}
        headerToolbar={false}
        height="auto"
        expandRows
        nowIndicator
        allDaySlot={false}
        slotMinTime="06:00:00"
        slotMaxTime="22:00:00"
        scrollTime="08:00:00"
        dayMaxEvents={3}
        eventTimeFormat={{ hour: 'numeric', minute: '2-digit', meridiem: 'short' }}
        slotLabelFormat={{ hour: 'numeric', minute: '2-digit', meridiem: 'short' }}
        businessHours={businessHours}
        events={events}
        datesSet={datesSet}
        eventClick={(info) => {
          const appointment = info.event.extendedProps.appointment as TAppointment | undefined;
          if (!appointment) return;
          info.jsEvent.preventDefault();
          onOpen(appointment);
        }}
        eventDidMount={(info) => {
          const appointment = info.event.extendedProps.appointment as TAppointment | undefined;
          if (appointment) {
            info.el.setAttribute('data-testid', 'calendar-event');
            info.el.setAttribute('data-appointment', appointment.number);
            info.el.setAttribute('title', info.event.title);
          }
        }}
        noEventsText={t('appointments.calendar.noEvents')}
        // The list view's column headers (read by screen readers): FullCalendar's Arabic locale has none.
        timeHint={t('appointments.calendar.time')}
        eventHint={t('appointments.calendar.event')}
      />
    </Box>
  );
}

export default AppointmentCalendar;
