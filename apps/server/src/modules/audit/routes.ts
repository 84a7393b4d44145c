import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAuditFacets, ZAuditList, ZAuditListQuery } from '@portal/shared';
import type { AuditService } from './service.js';

const tags = ['audit'];

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/audit',
    {
      config: { access: 'read:audit:any' },
      schema: {
        tags,
        summary: 'The audit log, newest first: who, what action, which record, before and after, when, from which address; filtered by user, action, record type and date range; JSON pages or (format=csv) the filtered log as CSV',
        querystring: ZAuditListQuery,
        // No response schema: the same route answers CSV text (the JSON is TAuditList).
      },
    },
    async (req, reply) => {
      if (req.query.format === 'json') return ZAuditList.parse(await audit.list(req.query));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(await audit.csv(req.query));
    },
  );

  app.get(
    '/audit/facets',
    {
      config: { access: 'read:audit:any' },
      schema: { tags, summary: 'The actions and record types the audit log holds (for its filters)', response: { 200: ZAuditFacets } },
    },
    async () => audit.facets(),
  );
};
