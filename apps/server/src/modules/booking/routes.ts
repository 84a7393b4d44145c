import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAvailability, ZAvailabilityQuery, ZBookingRequest, ZBookingResponse } from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import type { BookingService } from './service.js';

const tags = ['booking'];

/** Free slots and booking (issue #9): whoever may raise a service request (customers for themselves, admins for anyone). */
export const bookingRoutes: FastifyPluginAsyncZod<{ booking: BookingService }> = async (app, { booking }) => {
  app.get(
    '/availability',
    {
      config: { access: 'create:service_request' },
      schema: {
        tags,
        summary: 'The free slots of a day (company time zone) for a service type: at least one technician with the skill is free, none within the booking lead time',
        querystring: ZAvailabilityQuery,
        response: { 200: ZAvailability },
      },
    },
    async (req) => booking.availability(req.query),
  );

  app.post(
    '/bookings',
    {
      config: { access: 'create:service_request' },
      schema: {
        tags,
        summary: 'Book a free slot: the service request (assigned to the reserved technician) and its appointment, in one transaction; 409 slot_unavailable when taken',
        body: ZBookingRequest,
        response: { 201: ZBookingResponse },
      },
    },
    async (req, reply) => reply.status(201).send(await booking.book(actorOf(req), req.body)),
  );
};
