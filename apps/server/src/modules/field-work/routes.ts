import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAddPart, ZDiagnosticInput, ZPartLine, ZPartsRequest, ZQualityCheckInput, ZServiceRequest, ZWorkLogEntry, ZWorkLogNote } from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import type { FieldWorkService } from './service.js';

const params = z.object({ id: z.uuid({ message: 'invalid' }) });
const lineParams = z.object({ id: z.uuid({ message: 'invalid' }), line_id: z.uuid({ message: 'invalid' }) });
const tags = ['field work'];

/** A technician's work on their assigned request (admins on any): issue #10. */
export const fieldWorkRoutes: FastifyPluginAsyncZod<{ work: FieldWorkService }> = async (app, { work }) => {
  app.post(
    '/service-requests/:id/work-log/start',
    {
      config: { access: 'work:service_request', idempotent: true },
      schema: { tags, summary: 'Start work (an assigned request moves to in progress) or resume after a pause: opens a work log entry', params, body: ZWorkLogNote, response: { 201: ZWorkLogEntry } },
    },
    async (req, reply) => reply.code(201).send(await work.startWork(actorOf(req), req.params.id, req.body)),
  );

  app.post(
    '/service-requests/:id/work-log/stop',
    { config: { access: 'work:service_request', idempotent: true }, schema: { tags, summary: 'Pause: closes the open work log entry', params, body: ZWorkLogNote, response: { 200: ZWorkLogEntry } } },
    async (req) => work.stopWork(actorOf(req), req.params.id, req.body),
  );

  app.put(
    '/service-requests/:id/diagnostic',
    {
      config: { access: 'work:service_request', idempotent: true },
      schema: { tags, summary: 'The structured diagnostic: symptoms, diagnosis, resolution, notes, labor hours', params, body: ZDiagnosticInput, response: { 200: ZServiceRequest } },
    },
    async (req) => work.putDiagnostic(actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/service-requests/:id/parts',
    {
      config: { access: 'work:service_request', idempotent: true },
      schema: { tags, summary: "A part used, from the technician's van (409 insufficient_stock when it holds less)", params, body: ZAddPart, response: { 201: ZPartLine } },
    },
    async (req, reply) => reply.code(201).send(await work.addPart(actorOf(req), req.params.id, req.body)),
  );

  app.delete(
    '/service-requests/:id/parts/:line_id',
    { config: { access: 'work:service_request', idempotent: true }, schema: { tags, summary: 'Remove a part line: the part returns to the van', params: lineParams } },
    async (req, reply) => {
      await work.removePart(actorOf(req), req.params.id, req.params.line_id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/service-requests/:id/parts-request',
    {
      config: { access: 'work:service_request' },
      schema: { tags, summary: "Ask for parts into the technician's van; the request waits for them (pending_parts)", params, body: ZPartsRequest, response: { 201: ZServiceRequest } },
    },
    async (req, reply) => reply.code(201).send(await work.requestParts(actorOf(req), req.params.id, req.body)),
  );

  app.post(
    '/service-requests/:id/quality-check',
    {
      config: { access: 'check:service_request:any' },
      schema: { tags, summary: 'Quality check of completed work (admin): passed, or failed — which reopens it', params, body: ZQualityCheckInput, response: { 200: ZServiceRequest } },
    },
    async (req) => work.qualityCheck(actorOf(req), req.params.id, req.body),
  );
};
