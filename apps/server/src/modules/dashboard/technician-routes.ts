import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZTechnicianDashboard } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/access.js';
import { technicianDashboard } from './technician.js';

export const technicianDashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
    async (req) => technicianDashboard(db, actorOf(req).userId),
  );
};
