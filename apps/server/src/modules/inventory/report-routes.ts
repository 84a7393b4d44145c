import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZInventoryReportQuery } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { getSettings } from '../settings/index.js';
import { companyDay, inventoryReport, inventoryReportCsv } from './report.js';

export const inventoryReportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
      const report = await inventoryReport(db, req.query);
      if (req.query.format === 'json') return report;
      const s = await getSettings(db, ['time_zone', 'default_language']);
      const lang = req.query.lang ?? s.default_language;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="inventory-report-${companyDay(report.generated_at, s.time_zone)}.csv"`)
        .header('cache-control', 'no-store')
        .send(inventoryReportCsv(report, lang, s.time_zone));
    },
  );
};
