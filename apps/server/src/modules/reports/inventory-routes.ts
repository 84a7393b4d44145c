import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZInventoryReportQuery } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { inventoryReport, inventoryReportCsv } from './inventory.js';

export const inventoryReportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/reports/inventory',
    {
      config: { access: 'read:inventory_report:any' },
      schema: {
        tags: ['reports'],
        summary: 'Inventory report: stock and value by warehouse and category, low/out of stock, movements by kind, in transit (JSON, or CSV with format=csv)',
        querystring: ZInventoryReportQuery,
      },
    },
    async (req, reply) => {
      const report = await inventoryReport(db, req.query);
      if (req.query.format === 'json') return report;
      const day = report.generated_at.slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="inventory-report-${day}.csv"`)
        .send(inventoryReportCsv(report));
    },
  );
};
