import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminDashboard } from '@portal/shared';
import type { DashboardService } from './service.js';

export const adminDashboardRoutes: FastifyPluginAsyncZod<{ dashboards: DashboardService }> = async (app, { dashboards }) => {
  app.get(
    '/dashboard/admin',
    {
      config: { access: 'read:analytics:any' },
      schema: {
        tags: ['dashboard'],
        summary: 'Admin dashboard: open requests by status, unassigned, past SLA, utilisation, response and completion times, satisfaction, low stock, pending transfers, 30-day trend',
        response: { 200: ZAdminDashboard },
      },
    },
    async () => dashboards.admin(),
  );
};
