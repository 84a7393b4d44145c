import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDispatchCandidates, ZDispatchList, ZDispatchQuery } from '@portal/shared';
import type { DispatchService } from './service.js';

const tags = ['dispatch'];
const params = z.object({ id: z.uuid({ message: 'invalid' }) });

/**
 * Dispatch (issue #9, admins: assign:service_request:any). Assigning and reassigning go through
 * `POST /api/service-requests/:id/assign`; a live appointment follows the request to its new
 * technician or the reassignment is refused with 409 slot_unavailable.
 */
export const dispatchRoutes: FastifyPluginAsyncZod<{ dispatch: DispatchService }> = async (app, { dispatch }) => {
  app.get(
    '/dispatch',
    {
      config: { access: 'assign:service_request' },
      schema: {
        tags,
        summary:
          'Open requests to dispatch (unassigned: pending; assigned; all: pending, assigned, in_progress, pending_parts) with priority, age, technician and the SLA state of response and resolution (working hours, paused while pending_parts); keyset-paged',
        querystring: ZDispatchQuery,
        response: { 200: ZDispatchList },
      },
    },
    async (req) => dispatch.list(req.query),
  );

  app.get(
    '/dispatch/:id/candidates',
    {
      config: { access: 'assign:service_request' },
      schema: {
        tags,
        summary: "Active technicians for a request: those skilled in its service type first (others marked), each with today's load and next free slot within 7 days",
        params,
        response: { 200: ZDispatchCandidates },
      },
    },
    async (req) => dispatch.candidates(req.params.id),
  );
};
