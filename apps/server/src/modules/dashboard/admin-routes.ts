import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminDashboard } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { adminDashboard } from './admin.js';

export const adminDashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
    async () => adminDashboard(db),
  );
};
