import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCustomerDashboard } from '@portal/shared';
import type { Database } from '../../db/client.js';
import { actorOf } from '../../plugins/access.js';
import { customerDashboard } from './customer.js';

export const customerDashboardRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/dashboard/customer',
    {
      config: { access: 'read:service_request:own' },
      schema: {
        tags: ['dashboard'],
        summary: "Customer dashboard: the caller's request counts, completion rate, response time, satisfaction, pending feedback, recent requests",
        response: { 200: ZCustomerDashboard },
      },
    },
    async (req) => customerDashboard(database, actorOf(req).userId),
  );
};
