import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPOINTMENT_ACTION_ACCESS,
  APPOINTMENT_ACTION_BODIES,
  APPOINTMENT_ACTIONS,
  ZAppointmentDetail,
  ZAppointmentList,
  ZAppointmentListQuery,
  ZAvailability,
  ZRescheduleAvailabilityQuery,
  type AppointmentAction,
} from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import type { AppointmentService } from './service.js';

const params = z.object({ id: z.uuid({ message: 'invalid' }) });
const tags = ['appointments'];

const SUMMARIES: Record<AppointmentAction, string> = {
  confirm: 'Confirm a scheduled appointment (its technician, or an admin)',
  reschedule: "Move to another free slot of the same technician (the customer up to the booking lead time before the start; an admin)",
  complete: 'Complete a confirmed appointment once it has started (its technician, or an admin)',
  'no-show': 'The customer was not there: once it has started (its technician, or an admin)',
  cancel: 'Cancel with a reason (the customer up to the booking lead time before the start; an admin)',
};

/**
 * Appointments (PRODUCT.md §3, §4): customers see their own, technicians theirs, admins all; an
 * appointment the caller may not see is a 404. The state machine is the shared one.
 */
export const appointmentRoutes: FastifyPluginAsyncZod<{ appointments: AppointmentService }> = async (app, { appointments }) => {
  app.get(
    '/appointments',
    {
      config: { access: 'read:appointment' },
      schema: { tags, summary: 'Appointments the caller may see, overlapping [from, to) for a calendar; keyset pages', querystring: ZAppointmentListQuery, response: { 200: ZAppointmentList } },
    },
    async (req) => appointments.list(actorOf(req), req.query),
  );

  app.get(
    '/appointments/:id',
    { config: { access: 'read:appointment' }, schema: { tags, summary: 'One appointment with the actions the caller may take and its history', params, response: { 200: ZAppointmentDetail } } },
    async (req) => appointments.get(actorOf(req), req.params.id),
  );

  app.get(
    '/appointments/:id/availability',
    {
      config: { access: 'read:appointment' },
      schema: { tags, summary: "Where the appointment could move on a day: its technician's free slots", params, querystring: ZRescheduleAvailabilityQuery, response: { 200: ZAvailability } },
    },
    async (req) => appointments.rescheduleSlots(actorOf(req), req.params.id, req.query.date),
  );

  for (const action of APPOINTMENT_ACTIONS) {
    app.post(
      `/appointments/:id/${action}`,
      {
        config: { access: APPOINTMENT_ACTION_ACCESS },
        schema: { tags, summary: SUMMARIES[action], params, body: APPOINTMENT_ACTION_BODIES[action], response: { 200: ZAppointmentDetail } },
      },
      async (req) => appointments.act(actorOf(req), req.params.id, action, req.body as never),
    );
  }
};
