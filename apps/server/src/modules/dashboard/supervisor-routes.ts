import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSupervisorDashboard } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { supervisorDashboard } from './supervisor.js';

export const supervisorDashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/dashboard/supervisor',
    {
      // The figures are inventory-report figures: the supervisor's and the admin's.
      config: { access: 'read:inventory_report:any' },
      schema: { tags: ['dashboard'], summary: 'Supervisor dashboard: low/out of stock, pending transfers, stock value by warehouse, recent movements', response: { 200: ZSupervisorDashboard } },
    },
    async () => supervisorDashboard(db),
  );
};
