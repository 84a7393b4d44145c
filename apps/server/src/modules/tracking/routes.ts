import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTrackingLink, ZTrackingView, ZTrackRequest } from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import type { TrackingService } from './service.js';

// Any token up to the router's own limit is read: a malformed one answers the same 404 as an unknown one.
const tokenParams = z.object({ token: z.string().max(100, { message: 'too_long' }) });
const params = z.object({ id: z.uuid({ message: 'invalid' }) });
const tags = ['tracking'];

/**
 * Public repair tracking (issue #28): the public view of a request for customers who never sign
 * in, and the tracking link an admin (or the request's customer) copies to share.
 */
export const trackingRoutes: FastifyPluginAsyncZod<{ tracking: TrackingService }> = async (app, { tracking }) => {
  app.post(
    '/track',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The public view of a request by its number and the mobile on it (404 alike for a wrong number or mobile; rate-limited per address and per number)',
        body: ZTrackRequest,
        response: { 200: ZTrackingView },
      },
    },
    async (req) => tracking.byNumber(req.body, req.ip),
  );

  app.get(
    '/track/:token',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'The public view of a request by its tracking link (404 for a malformed, unknown or revoked link)', params: tokenParams, response: { 200: ZTrackingView } },
    },
    async (req) => tracking.byToken(req.params.token, req.ip),
  );

  app.get(
    '/service-requests/:id/tracking-link',
    {
      // Admins any request, a customer their own; technicians get 404 (the link is the customer's to share).
      config: { access: 'read:service_request' },
      schema: { tags, summary: "The request's public tracking link (admins; a customer for their own request)", params, response: { 200: ZTrackingLink } },
    },
    async (req) => tracking.link(actorOf(req), req.params.id),
  );

  app.post(
    '/service-requests/:id/tracking-link/revoke',
    {
      // Admins only: the capability by which they take charge of who handles a request.
      config: { access: 'assign:service_request:any' },
      schema: { tags, summary: 'Revoke the tracking link (the old one stops at once) and answer the new one (admin; audited)', params, response: { 200: ZTrackingLink } },
    },
    async (req) => tracking.revoke(actorOf(req), req.params.id),
  );
};
