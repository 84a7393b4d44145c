import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DATA_SETS, ZImportJob, ZImportJobList, ZImportQuery, ZImportReport } from '@portal/shared';
import { badRequest } from '../../lib/errors.js';
import { actorOf } from '../../plugins/access.js';
import type { DataService } from './service.js';
import { acceptCsvBodies, MULTIPART_LIMITS, removeUpload, uploadOf } from './upload.js';

const tags = ['data'];
const access = 'manage:data:any' as const;

/** `Prefer: respond-async` (RFC 7240): answer 202 at once and let the import run on. */
const wantsAsync = (prefer: string | string[] | undefined) => /(^|[\s,])respond-async(\s*(;|,|$))/i.test([prefer ?? ''].flat().join(','));

/**
 * CSV export and import of customers, items and stock levels (issue #23). Admins only. Uploads
 * are streamed to `<dataDir>/imports`; closing the server waits for the imports still running.
 */
export const dataRoutes: FastifyPluginAsyncZod<{ data: DataService; dataDir: string }> = async (app, { data, dataDir }) => {
  app.addHook('onClose', () => data.close());
  const uploads = path.join(dataDir, 'imports');
  // Both only for these routes: a CSV body or a multipart file, streamed to disk.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  acceptCsvBodies(app, uploads);

  for (const set of DATA_SETS) {
    app.get(
      `/${set}.csv`,
      {
        config: { access },
        schema: {
          tags,
          summary: `Every ${set === 'stock' ? 'stock level' : set === 'items' ? 'inventory item' : 'customer'} as CSV (UTF-8 with a BOM), in the columns its import takes back`,
        },
      },
      async (req, reply) => {
        const file = await data.exportFile(actorOf(req), set);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );

    app.post(
      `/${set}/import`,
      {
        config: { access },
        schema: {
          tags,
          summary:
            `Import ${set} from CSV (body text/csv, or multipart field \`file\`): a dry run unless dry_run=false. ` +
            '200 with the report; a real import with any error answers 422 with it and writes nothing. ' +
            'With `Prefer: respond-async`: 202 with the import job at once (follow it at `location`).',
          querystring: ZImportQuery,
          response: { 200: ZImportReport, 202: ZImportJob, 422: ZImportReport },
        },
      },
      async (req, reply) => {
        const actor = actorOf(req);
        const upload = await uploadOf(req, uploads);
        if (!upload) throw badRequest({ file: 'required' }, 'Send the CSV file as the body (content-type: text/csv) or as the multipart field `file`');
        try {
          if (wantsAsync(req.headers.prefer)) {
            const job = await data.importLater(actor, set, req.query.dry_run, upload);
            return reply.code(202).header('location', `/api/admin/data/imports/${job.id}`).header('preference-applied', 'respond-async').send(job);
          }
          const { status, report } = await data.importNow(actor, set, req.query.dry_run, upload);
          return reply.code(status).send(report);
        } finally {
          if (!upload.claimed) await removeUpload(upload);
        }
      },
    );
  }

  app.get(
    '/imports',
    { config: { access }, schema: { tags, summary: 'The latest 20 imports, newest first', response: { 200: ZImportJobList } } },
    async (req) => data.jobs(actorOf(req)),
  );

  app.get(
    '/imports/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One import: its progress while it runs, its report when done (a running import silent for 2 minutes is reported failed)',
        params: z.object({ id: z.uuid({ message: 'invalid' }) }),
        response: { 200: ZImportJob },
      },
    },
    async (req) => data.job(actorOf(req), req.params.id),
  );
};
