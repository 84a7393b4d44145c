import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZInventoryReportQuery } from '@portal/shared';
import type { InventoryReportService } from './report-service.js';

export const inventoryReportRoutes: FastifyPluginAsyncZod<{ reports: InventoryReportService }> = async (app, { reports }) => {
  app.get(
    '/reports/inventory',
    {
      config: { access: 'read:inventory_report:any' },
      schema: {
        tags: ['reports'],
        summary:
          'Inventory report: stock and value by warehouse and category, items low/out of stock, movements by kind, in transit (JSON, or CSV with format=csv in lang, times in the company time zone)',
        querystring: ZInventoryReportQuery,
      },
    },
    async (req, reply) => {
      const report = await reports.report(req.query);
      if (req.query.format === 'json') return report;
      const file = await reports.csv(report, req.query.lang);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};
