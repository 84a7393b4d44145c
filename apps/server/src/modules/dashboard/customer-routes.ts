import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCustomerDashboard } from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import type { DashboardService } from './service.js';

export const customerDashboardRoutes: FastifyPluginAsyncZod<{ dashboards: DashboardService }> = async (app, { dashboards }) => {
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
    async (req) => dashboards.customer(actorOf(req).userId),
  );
};
