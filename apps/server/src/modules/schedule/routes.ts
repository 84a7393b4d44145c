import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCreateTimeOff, ZPutSchedule, ZSchedule, ZTimeOff, ZTimeOffList, ZTimeOffListQuery } from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import type { ScheduleService } from './service.js';

const params = z.object({ id: z.uuid({ message: 'invalid' }) });
const timeOffParams = z.object({ id: z.uuid({ message: 'invalid' }), timeOffId: z.uuid({ message: 'invalid' }) });
const tags = ['schedules'];

/**
 * A technician's weekly hours and time off (PRODUCT.md §1: their own; admins any technician's).
 * Another technician's schedule is a 404. A change that would strand a booked appointment is
 * refused with 409 schedule_conflict listing them.
 */
export const scheduleRoutes: FastifyPluginAsyncZod<{ schedules: ScheduleService }> = async (app, { schedules }) => {
  app.get(
    '/technicians/:id/schedule',
    { config: { access: 'manage:schedule' }, schema: { tags, summary: 'Weekly working hours (company time zone)', params, response: { 200: ZSchedule } } },
    async (req) => schedules.schedule(actorOf(req), req.params.id),
  );
  app.put(
    '/technicians/:id/schedule',
    {
      config: { access: 'manage:schedule' },
      schema: { tags, summary: 'Replace the weekly hours; 409 schedule_conflict when booked appointments would fall outside', params, body: ZPutSchedule, response: { 200: ZSchedule } },
    },
    async (req) => schedules.putSchedule(actorOf(req), req.params.id, req.body),
  );
  app.get(
    '/technicians/:id/time-off',
    { config: { access: 'manage:schedule' }, schema: { tags, summary: 'Time off overlapping [from, to) (default: not yet ended)', params, querystring: ZTimeOffListQuery, response: { 200: ZTimeOffList } } },
    async (req) => schedules.listTimeOff(actorOf(req), req.params.id, req.query),
  );
  app.post(
    '/technicians/:id/time-off',
    {
      config: { access: 'manage:schedule' },
      schema: { tags, summary: 'Add time off; 409 schedule_conflict while booked appointments overlap it', params, body: ZCreateTimeOff, response: { 201: ZTimeOff } },
    },
    async (req, reply) => reply.status(201).send(await schedules.addTimeOff(actorOf(req), req.params.id, req.body)),
  );
  app.delete(
    '/technicians/:id/time-off/:timeOffId',
    { config: { access: 'manage:schedule' }, schema: { tags, summary: 'Remove time off', params: timeOffParams } },
    async (req, reply) => {
      await schedules.removeTimeOff(actorOf(req), req.params.id, req.params.timeOffId);
      return reply.status(204).send();
    },
  );
};
