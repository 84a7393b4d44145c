import type { TAvailability, TAvailabilityQuery, TBookingRequest, TBookingResponse } from '@portal/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { isExclusionViolation } from '../../lib/db-errors.js';
import { badRequest } from '../../lib/errors.js';
import { nextNumber } from '../../lib/numbers.js';
import { enqueueCustomerMail, notify } from '../notifications/index.js';
import { getSettings } from '../settings/index.js';
import { mailInvitation, raiseRequest, type Invitation, type RequestCaller } from '../service-requests/index.js';
import { appointmentLink, appointmentOf, clockOf, publishAppointment, scheduleReminders, slotUnavailable, recordAppointmentEvent, appointmentVisibility, findAppointment } from '../appointments/index.js';
import { dayBounds, dayOf, formatInstant, freeSlots, technicianSlots, type FreeSlot, loadTechnicianDays, lockTechnician } from '../scheduling/index.js';
import { insertAppointment } from './queries.js';

/** The booking rules of settings. */
async function rulesOf(db: DbOrTx) {
  return getSettings(db, ['time_zone', 'appointment_slot_minutes', 'booking_lead_hours', 'service_types']);
}

/** Every free slot of `date` for a service type (at least one technician who has the skill is free). */
export async function slotsOf(db: DbOrTx, q: { service_type: string; date: string }, now = Date.now()): Promise<{ zone: string; slotMinutes: number; slots: FreeSlot[] }> {
  const s = await rulesOf(db);
  if (!s.service_types.some((t) => t.code === q.service_type)) throw badRequest({ service_type: 'invalid' });
  const technicians = await loadTechnicianDays(db, { day: dayBounds(q.date, s.time_zone), serviceType: q.service_type });
  const slots = freeSlots(technicians, { date: q.date, zone: s.time_zone, slotMinutes: s.appointment_slot_minutes, leadHours: s.booking_lead_hours, now });
  return { zone: s.time_zone, slotMinutes: s.appointment_slot_minutes, slots };
}

/** Thrown inside a candidate's savepoint when that technician turned out not to be free. */
class TakenMeanwhile extends Error {}

/**
 * The booking (decision 006), in the caller's transaction: the slot must be one of the free
 * slots of its day; its free technicians are tried best first (fewest appointments that day,
 * then name). Each try runs in a savepoint: lock the technician, check again that they are
 * free (now seeing every booking committed before the lock), raise the request `assigned` to
 * them and insert the appointment — the exclusion constraint being the last word. A technician
 * taken meanwhile rolls the savepoint back (request, number, notifications, lock) and the next
 * is tried; when none is left, 409 slot_unavailable and nothing is written.
 */
export async function bookAppointment(
  tx: Tx,
  caller: RequestCaller,
  input: TBookingRequest,
  now = Date.now(),
): Promise<{ requestId: string; appointmentId: string; invitation?: Invitation }> {
  const s = await rulesOf(tx);
  if (!s.service_types.some((t) => t.code === input.service_type)) throw badRequest({ service_type: 'invalid' });
  const start = Date.parse(input.starts_at);
  const date = dayOf(start, s.time_zone);
  const rules = { date, zone: s.time_zone, slotMinutes: s.appointment_slot_minutes, leadHours: s.booking_lead_hours, now };
  const day = dayBounds(date, s.time_zone);
  const slot = freeSlots(await loadTechnicianDays(tx, { day, serviceType: input.service_type }), rules).find((x) => x.start === start);
  if (!slot) throw slotUnavailable(`No technician is free at ${formatInstant(start, s.time_zone)}`);

  for (const technicianId of slot.technicians) {
    try {
      return await tx.transaction(async (sp) => {
        const technician = await lockTechnician(sp, technicianId);
        const [fresh] = await loadTechnicianDays(sp, { day, serviceType: input.service_type, technicianId });
        if (!technician || !fresh || !technicianSlots(fresh, rules).some((x) => x.start === start)) throw new TakenMeanwhile();
        const { request, invitation } = await raiseRequest(
          sp,
          caller,
          {
            customer_id: input.customer_id,
            new_customer: input.new_customer,
            priority: input.priority,
            location: input.service_kind,
            address: input.service_kind === 'home' ? input.address : null,
            service_type: input.service_type,
            fault_type: input.fault_type,
            problem_description: input.problem_description,
            additional_notes: input.additional_notes,
            device: input.device,
          },
          technician,
        );
        const number = await nextNumber(sp, 'appointment', 'AP');
        const id = await insertAppointment(sp, {
          number,
          customerId: request.customer.id,
          requestId: request.id,
          technicianId: technician.id,
          serviceKind: input.service_kind,
          start: slot.start,
          end: slot.end,
          address: input.service_kind === 'home' ? input.address : null,
          notes: input.notes,
          createdBy: caller.userId,
        });
        await recordAppointmentEvent(sp, { appointmentId: id, event: 'booked', from: null, to: 'scheduled', startsAt: slot.start, technicianId: technician.id, actorId: caller.userId, note: input.notes });
        await scheduleReminders(sp, { id, starts_at: slot.start }, now);
        // The customer is told who is coming and when (the time in their language, the company's zone).
        const params = { number, request: request.number, technician: technician.name, customer: request.customer.name };
        const times = { when: slot.start };
        await notify(sp, { userIds: [request.customer.id] }, {
          type: 'success',
          title: 'notifications.appointment_booked.title',
          message: 'notifications.appointment_booked.message',
          params,
          times,
          link: appointmentLink(id),
        });
        await notify(sp, { userIds: [technician.id] }, {
          type: 'info',
          title: 'notifications.appointment_job_booked.title',
          message: 'notifications.appointment_job_booked.message',
          params,
          times,
          link: appointmentLink(id),
        });
        await enqueueCustomerMail(sp, { kind: 'appointment', requestId: request.id, appointmentId: id, event: 'booked', startsAt: new Date(slot.start).toISOString(), dedupeKey: `appointment:${id}:booked` });
        await publishAppointment(sp, 'appointment.created', { id, status: 'scheduled', customer_id: request.customer.id, technician_id: technician.id });
        return { requestId: request.id, appointmentId: id, invitation };
      });
    } catch (err) {
      if (err instanceof TakenMeanwhile || isExclusionViolation(err)) continue;
      throw err;
    }
  }
  throw slotUnavailable(`Every technician free at ${formatInstant(start, s.time_zone)} was just booked`);
}

export function createBookingService(ctx: AppContext, requests: { get: (caller: RequestCaller, id: string) => Promise<TBookingResponse['service_request']> }) {
  const { db } = ctx;
  return {
    async availability(q: TAvailabilityQuery): Promise<TAvailability> {
      const { zone, slotMinutes, slots } = await slotsOf(db, q);
      return {
        time_zone: zone,
        date: q.date,
        slot_minutes: slotMinutes,
        slots: slots.map((x) => ({ starts_at: formatInstant(x.start, zone), ends_at: formatInstant(x.end, zone) })),
      };
    },

    async book(caller: RequestCaller, input: TBookingRequest): Promise<TBookingResponse> {
      const done = await db.transaction((tx) => bookAppointment(tx, caller, input));
      if (done.invitation) await mailInvitation(ctx, done.invitation);
      const row = await findAppointment(db, done.appointmentId, appointmentVisibility(caller));
      return {
        service_request: await requests.get(caller, done.requestId),
        appointment: appointmentOf(row!, { userId: caller.userId, role: caller.role }, await clockOf(db)),
      };
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
