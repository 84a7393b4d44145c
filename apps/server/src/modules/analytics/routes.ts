import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANALYTICS_FIGURES, ZAnalyticsQuery } from '@portal/shared';
import { toCsv } from '../../lib/csv.js';
import type { AnalyticsService } from './figures.js';

export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (app, { analytics }) => {
  app.get(
    '/analytics/:figure',
    {
      config: { access: 'read:analytics:any' },
      schema: {
        tags: ['analytics'],
        summary: `One analytics figure over a period (company days), bucketed by day, week or month, filtered by service type, technician and priority; JSON or CSV. Figures: ${ANALYTICS_FIGURES.join(', ')}`,
        params: z.object({ figure: z.enum(ANALYTICS_FIGURES, { message: 'invalid' }) }),
        querystring: ZAnalyticsQuery,
      },
    },
    async (req, reply) => {
      const result = await analytics.figure(req.params.figure, req.query);
      if (req.query.format === 'json') return result;
      const csv = toCsv([result.columns, ...result.rows.map((row) => result.columns.map((col) => row[col]))]);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="analytics-${result.figure}-${result.from}-${result.to}.csv"`)
        .send(csv);
    },
  );
};
