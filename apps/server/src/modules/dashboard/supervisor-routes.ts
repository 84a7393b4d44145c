import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSupervisorDashboard } from '@portal/shared';
import type { DashboardService } from './service.js';

export const supervisorDashboardRoutes: FastifyPluginAsyncZod<{ dashboards: DashboardService }> = async (app, { dashboards }) => {
  app.get(
    '/dashboard/supervisor',
    {
      // The figures are inventory-report figures: the supervisor's and the admin's.
      config: { access: 'read:inventory_report:any' },
      schema: { tags: ['dashboard'], summary: 'Supervisor dashboard: low/out of stock, pending transfers, stock value by warehouse, recent movements', response: { 200: ZSupervisorDashboard } },
    },
    async () => dashboards.supervisor(),
  );
};
