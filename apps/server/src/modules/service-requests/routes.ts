import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LANGUAGES,
  SERVICE_REQUEST_ACTION_ACCESS,
  SERVICE_REQUEST_ACTION_BODIES,
  SERVICE_REQUEST_ACTIONS,
  ZBulkRequest,
  ZBulkResult,
  ZCreateServiceRequest,
  ZFeedbackRequest,
  ZServiceRequest,
  ZServiceRequestList,
  ZServiceRequestListQuery,
  ZServiceRequestOptions,
  type ServiceRequestAction,
} from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import { EXPORT_MAX_ROWS } from './export.js';
import type { ServiceRequestService } from './service.js';

const params = z.object({ id: z.uuid({ message: 'invalid' }) });
const attachmentParams = z.object({ id: z.uuid({ message: 'invalid' }), attachmentId: z.uuid({ message: 'invalid' }) });
const tags = ['service requests'];
const ZExportQuery = ZServiceRequestListQuery.omit({ limit: true, cursor: true }).extend({ lang: z.enum(LANGUAGES).default('ar') });

const SUMMARIES: Record<ServiceRequestAction, string> = {
  assign: 'Assign (or reassign) a technician (admin)',
  unassign: 'Take the technician off an assigned request: back to pending (admin)',
  start: 'Start the work (the assigned technician, or an admin)',
  'await-parts': 'Wait for parts, naming them (the assigned technician, or an admin)',
  resume: 'Resume work after the parts arrived (the assigned technician, or an admin)',
  complete: 'Complete, with diagnosis and resolution (the assigned technician, or an admin)',
  reopen: 'Reopen a completed request: the quality check failed (admin)',
  cancel: 'Cancel, with a reason (the customer while pending or assigned; an admin while not completed)',
};

/**
 * Service requests (PRODUCT.md §3, §4). Each route needs some scope of its capability; which
 * requests a scope reaches (own, assigned, any) is decided by the queries, and a request the
 * caller may not see is a 404. The state machine is the shared one.
 */
export const serviceRequestRoutes: FastifyPluginAsyncZod<{ requests: ServiceRequestService }> = async (app, { requests }) => {
  app.get(
    '/service-requests/options',
    { config: { access: 'read:service_request' }, schema: { tags, summary: 'The service types and fault types a request may name (settings)', response: { 200: ZServiceRequestOptions } } },
    async (req) => requests.options(actorOf(req)),
  );

  app.post(
    '/service-requests',
    {
      config: { access: 'create:service_request' },
      schema: { tags, summary: 'Raise a request (a customer for themselves; an admin for any customer, or a new one)', body: ZCreateServiceRequest, response: { 201: ZServiceRequest } },
    },
    async (req, reply) => reply.status(201).send(await requests.create(actorOf(req), req.body)),
  );

  app.get(
    '/service-requests',
    {
      config: { access: 'read:service_request' },
      schema: { tags, summary: 'Requests the caller may see (customers their own, technicians their assigned, admins all)', querystring: ZServiceRequestListQuery, response: { 200: ZServiceRequestList } },
    },
    async (req) => requests.list(actorOf(req), req.query),
  );

  app.get(
    '/service-requests/export',
    {
      config: { access: 'read:service_request:any' },
      schema: { tags, summary: `The filtered list as CSV (UTF-8 with BOM, headers in lang; at most ${EXPORT_MAX_ROWS} rows)`, querystring: ZExportQuery },
    },
    async (req, reply) => {
      const { lang, ...q } = req.query;
      const file = await requests.exportCsv(actorOf(req), q, lang);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    '/service-requests/bulk',
    {
      config: { access: 'assign:service_request:any' },
      schema: { tags, summary: 'One action (assign, unassign, cancel) over many requests, each through the same rules as alone', body: ZBulkRequest, response: { 200: ZBulkResult } },
    },
    async (req) => requests.bulk(actorOf(req), req.body),
  );

  app.get(
    '/service-requests/:id',
    {
      config: { access: 'read:service_request' },
      schema: { tags, summary: 'A request with its history, device history and the actions the caller may take', params, response: { 200: ZServiceRequest } },
    },
    async (req) => requests.get(actorOf(req), req.params.id),
  );

  for (const action of SERVICE_REQUEST_ACTIONS) {
    app.post(
      `/service-requests/:id/${action}`,
      {
        // Every action takes an Idempotency-Key: the technician's device replays `complete` (and
        // start, resume) queued offline; without the header nothing changes.
        config: { access: SERVICE_REQUEST_ACTION_ACCESS[action], idempotent: true },
        schema: { tags, summary: SUMMARIES[action], params, body: SERVICE_REQUEST_ACTION_BODIES[action], response: { 200: ZServiceRequest } },
      },
      async (req) => requests.act(actorOf(req), req.params.id, action, req.body as never),
    );
  }

  app.post(
    '/service-requests/:id/feedback',
    {
      config: { access: 'feedback:service_request:own' },
      schema: { tags, summary: 'The customer rates their completed request once, with a note and their signature (PNG data URL)', params, body: ZFeedbackRequest, response: { 200: ZServiceRequest } },
    },
    async (req) => requests.feedback(actorOf(req), req.params.id, req.body),
  );

  app.get(
    '/service-requests/:id/attachments/:attachmentId',
    { config: { access: 'read:service_request' }, schema: { tags, summary: "An image of a request the caller may see (the customer's signature, photos)", params: attachmentParams } },
    async (req, reply) => {
      const file = await requests.attachment(actorOf(req), req.params.id, req.params.attachmentId);
      return reply.header('content-type', file.contentType).header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff').send(file.data);
    },
  );
};
