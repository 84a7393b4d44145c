import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCreateTechnicianRequest, ZPatchTechnicianRequest, ZTechnician, ZTechnicianList, ZTechnicianListQuery } from '@portal/shared';
import { ZServiceRequestOptions } from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import type { TechnicianService } from './service.js';

const tags = ['technicians'];
const params = z.object({ id: z.uuid() });

export const technicianRoutes: FastifyPluginAsyncZod<{ technicians: TechnicianService }> = async (app, { technicians }) => {
  app.get(
    '/technicians',
    {
      config: { access: 'manage:user:any' },
      schema: {
        tags,
        summary: "Technicians with skills, van, weekly hours, today's load, open jobs and average rating; searched, filtered, sorted, paged (admins only)",
        querystring: ZTechnicianListQuery,
        response: { 200: ZTechnicianList },
      },
    },
    async (req) => technicians.list(req.query),
  );

  app.get(
    '/technicians/options',
    {
      config: { access: 'manage:user:any' },
      schema: {
        tags,
        summary: 'The service types a skill may be (settings), with their names in both languages (admins only)',
        response: { 200: ZServiceRequestOptions.pick({ service_types: true }) },
      },
    },
    async () => technicians.options(),
  );

  app.get(
    '/technicians/:id',
    {
      config: { access: 'manage:user:any' },
      schema: { tags, summary: 'One technician (admins only)', params, response: { 200: ZTechnician } },
    },
    async (req) => technicians.get(req.params.id),
  );

  app.post(
    '/technicians',
    {
      config: { access: 'manage:user:any' },
      schema: {
        tags,
        summary: 'Create a technician in one step: the account, the technician profile and a van warehouse; mails a set-password link (admins only)',
        body: ZCreateTechnicianRequest,
        response: { 201: ZTechnician },
      },
    },
    async (req, reply) => reply.code(201).send(await technicians.create(actorOf(req), req.body)),
  );

  app.patch(
    '/technicians/:id',
    {
      config: { access: 'manage:user:any' },
      schema: {
        tags,
        summary: 'Change skills, van or weekly hours, or (de)activate; deactivation is refused (409 technician_busy) while they hold open work (admins only)',
        params,
        body: ZPatchTechnicianRequest,
        response: { 200: ZTechnician },
      },
    },
    async (req) => technicians.patch(actorOf(req), req.params.id, req.body),
  );
};
