import {
  APPOINTMENT_RULES,
  appointmentActions,
  appointmentRefusal,
  type AppointmentAction,
  type AppointmentActionBody,
  type AppointmentActor,
  type AppointmentClock,
  type AppointmentStatus,
  type TAppointment,
  type TAppointmentDetail,
  type TAppointmentList,
  type TAppointmentListQuery,
  type TAvailability,
} from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { isExclusionViolation } from '../../lib/db-errors.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { enqueueCustomerMail, notify } from '../notifications/index.js';
import { audienceFor, publish } from '../realtime/index.js';
import { getSettings, settingOrDefault } from '../settings/index.js';
import { dayBounds, dayOf, formatInstant, technicianSlots, loadTechnicianDays, lockTechnician } from '../scheduling/index.js';
import { dropPending, enqueue, type JobHandler } from '../jobs/index.js';
import { historyEntryOf, recordAppointmentEvent } from './history-queries.js';
import { appointmentDetail, appointmentVisibility, findAppointment, findReminderAppointment, findUserName, listAppointments, updateAppointment, type AppointmentRow } from './queries.js';

export type AppointmentCaller = Pick<Actor, 'userId' | 'role' | 'ip'>;

const STAFF = new Set(['technician', 'admin', 'whs_supervisor']);
export const appointmentLink = (id: string) => `/dashboard/appointments/${id}`;
const actorOf = (c: AppointmentCaller): AppointmentActor => ({ userId: c.userId, role: c.role });

export function appointmentOf(r: AppointmentRow, actor: AppointmentActor, clock: AppointmentClock): TAppointment {
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    service_kind: r.service_kind,
    starts_at: r.starts_at,
    ends_at: r.ends_at,
    address: r.address,
    notes: r.notes,
    cancel_reason: r.cancel_reason,
    customer: { id: r.customer_id, name: r.customer_name, mobile_number: r.customer_mobile },
    technician: { id: r.technician_id, name: r.technician_name, mobile: r.technician_mobile },
    service_request: { id: r.request_id, number: r.request_number, status: r.request_status, service_type: r.service_type, fault_type: r.fault_type },
    created_at: r.created_at,
    updated_at: r.updated_at,
    allowed_actions: appointmentActions(r, actor, clock),
  };
}

export async function clockOf(db: DbOrTx, now = Date.now()): Promise<AppointmentClock> {
  const { booking_lead_hours } = await getSettings(db, ['booking_lead_hours']);
  return { now, lead_hours: booking_lead_hours };
}

/** The appointment's change on the `appointments` topic, to whoever may read it. */
export async function publishAppointment(tx: Tx, event: string, a: { id: string; status: AppointmentStatus; customer_id: string; technician_id: string }, extra: (string | null)[] = []) {
  await publish(tx, {
    topic: 'appointments',
    event,
    audience: audienceFor('read:appointment', { own: [a.customer_id, a.technician_id, ...extra] }),
    payload: { ids: [a.id], status: a.status },
  });
}

// ---------------------------------------------------------------------------------------
// Reminders (PRODUCT.md §7: 24 hours and 1 hour before, to the customer and the technician)

export const REMINDER_JOB = 'appointment_reminder';
export const REMINDER_OFFSETS = [
  { name: '24h', ms: 24 * 3_600_000 },
  { name: '1h', ms: 3_600_000 },
] as const;

/**
 * Schedules the reminders of a live appointment, in the caller's transaction. A reminder whose
 * time has already passed (a booking made 3 hours ahead has no 24-hour reminder) is not
 * scheduled. The key holds the start, so a rescheduled appointment gets fresh reminders.
 */
export async function scheduleReminders(tx: DbOrTx, a: { id: string; starts_at: string | number }, now = Date.now()): Promise<void> {
  const start = typeof a.starts_at === 'number' ? a.starts_at : Date.parse(a.starts_at);
  const startsAt = new Date(start).toISOString();
  await enqueue(
    tx,
    REMINDER_OFFSETS.filter((o) => start - o.ms > now).map((o) => ({
      kind: REMINDER_JOB,
      runAt: new Date(start - o.ms),
      payload: { appointment_id: a.id, before: o.name, starts_at: startsAt },
      dedupeKey: `${REMINDER_JOB}:${a.id}:${o.name}:${startsAt}`,
      subjectId: a.id,
    })),
  );
}

/**
 * Sends one reminder, in the job's transaction. An appointment cancelled, finished or moved
 * since (its start is not the one the job was made for) gets nothing: the job is done.
 */
export const reminderJob: JobHandler = async (tx, job) => {
  const p = job.payload as { appointment_id: string; before: string; starts_at: string };
  const a = await findReminderAppointment(tx, p.appointment_id);
  if (!a || (a.status !== 'scheduled' && a.status !== 'confirmed') || a.starts_ms !== Date.parse(p.starts_at)) return;
  await notify(tx, { userIds: [a.customer_id, a.technician_id] }, {
    type: 'info',
    title: 'notifications.appointment_reminder.title',
    message: 'notifications.appointment_reminder.message',
    params: { number: a.number, request: a.request_number, before: p.before, technician: a.technician_name, customer: a.customer_name },
    times: { when: a.starts_ms },
    link: appointmentLink(a.id),
  });
  // The day-before reminder is also the customer's e-mail (issue #28).
  if (p.before === '24h') {
    await enqueueCustomerMail(tx, { kind: 'appointment_reminder', requestId: a.request_id, appointmentId: a.id, startsAt: p.starts_at, dedupeKey: `appointment_reminder:${job.id}` });
  }
};

// ---------------------------------------------------------------------------------------
// Actions

/** The translation key each action sends to the customer and to the technician (null: nobody). */
const EVENTS: Record<AppointmentAction, { customer: string | null; technician: string | null; type: 'info' | 'success' | 'warning' }> = {
  confirm: { customer: 'appointment_confirmed', technician: null, type: 'success' },
  reschedule: { customer: 'appointment_rescheduled', technician: 'appointment_rescheduled', type: 'info' },
  complete: { customer: 'appointment_completed', technician: 'appointment_completed', type: 'success' },
  'no-show': { customer: 'appointment_no_show', technician: 'appointment_no_show', type: 'warning' },
  cancel: { customer: 'appointment_cancelled', technician: 'appointment_cancelled', type: 'warning' },
};

const DONE: Record<AppointmentAction, string> = {
  confirm: 'confirmed',
  reschedule: 'rescheduled',
  complete: 'completed',
  'no-show': 'marked as a no-show',
  cancel: 'cancelled',
};

function refuse(row: AppointmentRow, caller: AppointmentCaller, action: AppointmentAction, clock: AppointmentClock) {
  const refusal = appointmentRefusal(row, actorOf(caller), action, clock);
  if (refusal === 'forbidden') throw forbidden(`You may not ${action} ${row.number}`);
  if (refusal === 'invalid_state') {
    const from = APPOINTMENT_RULES[action].from[caller.role] ?? [];
    throw new AppError(409, 'invalid_state', `${row.number} is ${row.status}: only an appointment that is ${from.join(' or ')} can be ${DONE[action]}`, {
      details: { status: row.status },
    });
  }
  if (refusal === 'lead_time_passed') {
    throw new AppError(409, 'lead_time_passed', `${row.number} starts in less than ${clock.lead_hours} hours: it can no longer be ${DONE[action]} online`, {
      details: { lead_hours: clock.lead_hours },
    });
  }
  if (refusal === 'not_started') throw conflict('appointment_not_started', `${row.number} has not started yet`);
}

export const slotUnavailable = (message = 'This time is no longer free') => new AppError(409, 'slot_unavailable', message);

/**
 * Moves an appointment to `startsAt` with the same technician (decision 006): the new time must
 * be one of that technician's free slots (their hours, time off and other appointments, the lead
 * time), else 409 slot_unavailable. The technician's row is locked first, so the check sees
 * every booking committed before; the exclusion constraint backs it up.
 */
async function moveAppointment(tx: Tx, row: AppointmentRow, startsAt: string, now: number): Promise<{ start: number; end: number }> {
  const s = await getSettings(tx, ['time_zone', 'appointment_slot_minutes', 'booking_lead_hours']);
  const start = Date.parse(startsAt);
  if (start === Date.parse(row.starts_at)) throw conflict('no_change', `${row.number} already starts then`);
  await lockTechnician(tx, row.technician_id);
  const date = dayOf(start, s.time_zone);
  const [day] = await loadTechnicianDays(tx, { day: dayBounds(date, s.time_zone), technicianId: row.technician_id, exceptAppointmentId: row.id });
  const slots = day
    ? technicianSlots(day, { date, zone: s.time_zone, slotMinutes: s.appointment_slot_minutes, leadHours: s.booking_lead_hours, now })
    : [];
  const slot = slots.find((x) => x.start === start);
  if (!slot) throw slotUnavailable(`${row.technician_name} is not free at ${formatInstant(start, s.time_zone)}`);
  return slot;
}

/**
 * One change of the appointment state machine (packages/shared/src/appointments.ts) in the
 * caller's transaction, with the row locked: an appointment the caller may not see is a 404, a
 * role that may never do it 403, a status that does not allow it 409 naming the status, a
 * customer within the lead time 409 lead_time_passed. Writes the change, an audit row for
 * staff, notifies the customer and the technician (not the actor), keeps the reminders right
 * and publishes the change. A refusal writes nothing.
 */
export async function applyAppointmentAction<A extends AppointmentAction>(
  tx: Tx,
  caller: AppointmentCaller,
  id: string,
  action: A,
  body: AppointmentActionBody<A>,
  now = Date.now(),
): Promise<{ id: string; status: AppointmentStatus }> {
  const row = await findAppointment(tx, id, appointmentVisibility(caller), true);
  if (!row) throw notFound('Appointment');
  const clock = await clockOf(tx, now);
  refuse(row, caller, action, clock);
  const b = (body ?? {}) as { note?: string | null; reason?: string; starts_at?: string };
  const to = APPOINTMENT_RULES[action].to;

  let moved: { start: number; end: number } | null = null;
  if (action === 'reschedule') moved = await moveAppointment(tx, row, b.starts_at!, now);
  try {
    await updateAppointment(tx, id, { to, moved, cancel: action === 'cancel' ? { reason: b.reason!, by: caller.userId } : null, note: b.note });
  } catch (err) {
    if (isExclusionViolation(err)) throw slotUnavailable(`${row.technician_name} was just booked at that time`);
    throw err;
  }

  await recordAppointmentEvent(tx, {
    appointmentId: id,
    event: action,
    from: row.status,
    to,
    startsAt: moved ? moved.start : row.starts_at,
    previousStartsAt: moved ? row.starts_at : null,
    technicianId: row.technician_id,
    actorId: caller.userId,
    note: b.reason ?? b.note ?? null,
  });
  await dropPending(tx, REMINDER_JOB, id);
  if (moved) await scheduleReminders(tx, { id, starts_at: moved.start }, now);

  if (STAFF.has(caller.role)) {
    await audit(tx, {
      actorId: caller.userId,
      action: `appointment.${action}`,
      entity: 'appointment',
      entityId: id,
      before: { status: row.status, starts_at: row.starts_at, ends_at: row.ends_at },
      after: { status: to, ...(moved ? { starts_at: new Date(moved.start).toISOString(), ends_at: new Date(moved.end).toISOString() } : {}), ...b },
      ip: caller.ip,
    });
  }

  const me = await findUserName(tx, caller.userId);
  // Written for each reader, in their language and the company's zone (notify's `times`).
  const times = { when: moved ? moved.start : row.starts_at, previous: row.starts_at };
  const params: Record<string, string> = {
    number: row.number,
    request: row.request_number,
    technician: row.technician_name,
    customer: row.customer_name,
    actor: me ?? '',
    reason: b.reason ?? b.note ?? '',
  };
  const event = EVENTS[action];
  const send = async (userId: string, key: string | null) => {
    if (!key || userId === caller.userId) return;
    await notify(tx, { userIds: [userId] }, { type: event.type, title: `notifications.${key}.title`, message: `notifications.${key}.message`, params, times, link: appointmentLink(id) });
  };
  await send(row.customer_id, event.customer);
  await send(row.technician_id, event.technician);
  // A move or a cancellation is the customer's e-mail too (issue #28), after the commit.
  if (action === 'reschedule' || action === 'cancel') {
    const startsAt = new Date(moved ? moved.start : row.starts_at).toISOString();
    await enqueueCustomerMail(tx, { kind: 'appointment', requestId: row.request_id, appointmentId: id, event: action === 'cancel' ? 'cancelled' : 'rescheduled', startsAt });
  }
  await publishAppointment(tx, 'appointment.updated', { id, status: to, customer_id: row.customer_id, technician_id: row.technician_id });
  return { id, status: to };
}

/** `from`/`to` of a list: a date alone is that day in the company zone (from its start; to its end). */
function resolveRange(v: string | undefined, edge: 'start' | 'end', zone: string): string | undefined {
  if (!v) return undefined;
  if (v.length !== 10) return new Date(Date.parse(v)).toISOString();
  const day = dayBounds(v, zone);
  return new Date(edge === 'start' ? day.start : day.end).toISOString();
}

export function createAppointmentService(ctx: AppContext) {
  const { db } = ctx;

  async function get(caller: AppointmentCaller, id: string): Promise<TAppointmentDetail> {
    const row = await appointmentDetail(ctx.reads, id, appointmentVisibility(caller));
    if (!row) throw notFound('Appointment');
    const clock = { now: Date.now(), lead_hours: settingOrDefault('booking_lead_hours', row.lead_hours) };
    return { ...appointmentOf(row, actorOf(caller), clock), history: row.history.map(historyEntryOf) };
  }

  return {
    get,

    async list(caller: AppointmentCaller, q: TAppointmentListQuery): Promise<TAppointmentList> {
      const { time_zone } = await getSettings(db, ['time_zone']);
      const page = await listAppointments(db, appointmentVisibility(caller), {
        ...q,
        from: resolveRange(q.from, 'start', time_zone),
        to: resolveRange(q.to, 'end', time_zone),
      });
      const clock = await clockOf(db);
      const actor = actorOf(caller);
      return { items: page.rows.map((r) => appointmentOf(r, actor, clock)), next_cursor: page.next_cursor, total: page.total };
    },

    async act<A extends AppointmentAction>(caller: AppointmentCaller, id: string, action: A, body: AppointmentActionBody<A>): Promise<TAppointmentDetail> {
      await db.transaction((tx) => applyAppointmentAction(tx, caller, id, action, body));
      return get(caller, id);
    },

    /** Where the caller may move this appointment on `date`: its technician's free slots, its own time not counted as taken. */
    async rescheduleSlots(caller: AppointmentCaller, id: string, date: string): Promise<TAvailability> {
      const row = await findAppointment(db, id, appointmentVisibility(caller));
      if (!row) throw notFound('Appointment');
      const s = await getSettings(db, ['time_zone', 'appointment_slot_minutes', 'booking_lead_hours']);
      const now = Date.now();
      // Admins are held to no lead time for changes, but a new slot still respects it (as for a booking).
      const [day] = await loadTechnicianDays(db, { day: dayBounds(date, s.time_zone), technicianId: row.technician_id, exceptAppointmentId: row.id });
      const slots = day ? technicianSlots(day, { date, zone: s.time_zone, slotMinutes: s.appointment_slot_minutes, leadHours: s.booking_lead_hours, now }) : [];
      return {
        time_zone: s.time_zone,
        date,
        slot_minutes: s.appointment_slot_minutes,
        slots: slots.map((x) => ({ starts_at: formatInstant(x.start, s.time_zone), ends_at: formatInstant(x.end, s.time_zone) })),
      };
    },
  };
}

export type AppointmentService = ReturnType<typeof createAppointmentService>;
