import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPerformanceQuery, ZPerformanceReport } from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import type { PerformanceReportService } from './performance.js';

export const performanceReportRoutes: FastifyPluginAsyncZod<{ performance: PerformanceReportService }> = async (app, { performance }) => {
  app.get(
    '/reports/performance',
    {
      config: { access: 'read:performance_report' },
      schema: {
        tags: ['reports'],
        summary: 'Performance per technician over a period (company calendar days): jobs, completion and response times, first-time fix, rating, hours logged; a technician sees their own',
        querystring: ZPerformanceQuery,
        response: { 200: ZPerformanceReport },
      },
    },
    async (req) => performance.report(actorOf(req), req.query),
  );
};
