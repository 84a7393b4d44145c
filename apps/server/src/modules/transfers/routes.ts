import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateTransferRequest,
  ZRejectTransferRequest,
  ZTransfer,
  ZTransferDocumentQuery,
  ZTransferList,
  ZTransferListQuery,
  type TransferAction,
} from '@portal/shared';
import { actorOf, type Access } from '../../plugins/access.js';
import type { TransferService } from './service.js';

const params = z.object({ id: z.uuid({ message: 'invalid' }) });
const tags = ['transfers'];

/**
 * Transfers and parts requests (PRODUCT.md §4). Each route needs some scope of its
 * capability; which transfers a scope reaches (own van, own request) is decided by the
 * service from the shared state machine, and a transfer the caller may not see is a 404.
 */
export const transferRoutes: FastifyPluginAsyncZod<{ transfers: TransferService }> = async (app, { transfers }) => {
  app.get(
    '/transfers',
    {
      config: { access: 'read:transfer' },
      schema: { tags, summary: 'Transfers the caller may see (a technician: from or into their van)', querystring: ZTransferListQuery, response: { 200: ZTransferList } },
    },
    async (req) => transfers.list(actorOf(req), req.query),
  );

  app.post(
    '/transfers',
    {
      config: { access: 'request:transfer' },
      schema: { tags, summary: 'Request a transfer (a technician: a parts request into their own van)', body: ZCreateTransferRequest, response: { 201: ZTransfer } },
    },
    async (req, reply) => reply.status(201).send(await transfers.create(actorOf(req), req.body)),
  );

  app.get(
    '/transfers/:id',
    { config: { access: 'read:transfer' }, schema: { tags, summary: 'A transfer with its lines, timeline and the actions the caller may take', params, response: { 200: ZTransfer } } },
    async (req) => transfers.get(actorOf(req), req.params.id),
  );

  app.get(
    '/transfers/:id/document',
    {
      config: { access: 'read:transfer' },
      schema: { tags, summary: 'The delivery note as a PDF (A4) or CSV file, in Arabic or English', params, querystring: ZTransferDocumentQuery },
    },
    async (req, reply) => {
      const doc = await transfers.document(actorOf(req), req.params.id, req.query);
      return reply
        .header('content-type', doc.contentType)
        .header('content-disposition', `attachment; filename="${doc.fileName}"`)
        .header('cache-control', 'no-store')
        .send(doc.body);
    },
  );

  const transition = (action: TransferAction, access: Access, summary: string) =>
    app.post(
      `/transfers/:id/${action}`,
      { config: { access }, schema: { tags, summary, params, response: { 200: ZTransfer } } },
      async (req) => transfers.transition(actorOf(req), req.params.id, action),
    );
  transition('approve', 'approve:transfer:any', 'Approve: every line leaves the source warehouse (all or nothing); not by its requester');
  transition('cancel', 'cancel:transfer', 'Cancel a pending transfer (own, or any for an admin)');
  transition('receive', 'receive:transfer', 'Mark received: the lines arrive in the destination (a technician: into their van)');

  app.post(
    '/transfers/:id/reject',
    {
      config: { access: 'approve:transfer:any' },
      schema: { tags, summary: 'Reject a pending transfer, with a reason; not by its requester', params, body: ZRejectTransferRequest, response: { 200: ZTransfer } },
    },
    async (req) => transfers.transition(actorOf(req), req.params.id, 'reject', req.body.reason),
  );
};
