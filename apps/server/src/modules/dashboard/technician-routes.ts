import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZTechnicianDashboard } from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import type { DashboardService } from './service.js';

export const technicianDashboardRoutes: FastifyPluginAsyncZod<{ dashboards: DashboardService }> = async (app, { dashboards }) => {
  app.get(
    '/dashboard/technician',
    {
      config: { access: 'read:performance_report:own' },
      schema: {
        tags: ['dashboard'],
        summary: "Technician dashboard: today's jobs, open jobs by status, hours this week, jobs completed, average job duration, rating, first-time-fix rate",
        response: { 200: ZTechnicianDashboard },
      },
    },
    async (req) => dashboards.technician(actorOf(req).userId),
  );
};
