import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZServiceReportList, ZServiceReportListQuery, ZServiceReportQuery } from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import type { ServiceReportService } from './service-report.js';

const tags = ['reports'];

export const serviceReportRoutes: FastifyPluginAsyncZod<{ reports: ServiceReportService }> = async (app, { reports }) => {
  app.get(
    '/reports/service',
    {
      config: { access: 'read:service_report' },
      schema: {
        tags,
        summary: "Service reports: the request list's filters and paging (a technician's own, admins all) with each report's parts total, labor and work logged",
        querystring: ZServiceReportListQuery,
        response: { 200: ZServiceReportList },
      },
    },
    async (req) => reports.list(actorOf(req), req.query),
  );

  app.get(
    '/service-requests/:id/report',
    {
      // Under the request's row rules: a customer reads the report of their own completed request.
      config: { access: 'read:service_request' },
      schema: {
        tags,
        summary: 'The service report of a request: JSON, or an A4 PDF in Arabic or English (format=pdf&lang=ar|en)',
        params: z.object({ id: z.uuid({ message: 'invalid' }) }),
        querystring: ZServiceReportQuery,
      },
    },
    async (req, reply) => {
      if (req.query.format === 'json') return reports.report(actorOf(req), req.params.id);
      const { body, fileName } = await reports.pdf(actorOf(req), req.params.id, req.query.lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
