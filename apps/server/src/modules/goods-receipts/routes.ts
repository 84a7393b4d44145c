import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateGoodsReceipt,
  ZCreateSupplier,
  ZGoodsReceipt,
  ZGoodsReceiptList,
  ZGoodsReceiptListQuery,
  ZPatchSupplier,
  ZSupplier,
  ZSupplierList,
  ZSupplierListQuery,
} from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import type { GoodsReceiptService } from './service.js';

const params = z.object({ id: z.uuid({ message: 'invalid' }) });

/**
 * Goods receipts and suppliers (issue #24): supervisors and admins receive goods from a
 * supplier into a main or branch warehouse; the stock moves through the ledger.
 */
export const goodsReceiptRoutes: FastifyPluginAsyncZod<{ receipts: GoodsReceiptService }> = async (app, { receipts }) => {
  const tags = ['goods receipts'];
  app.get(
    '/goods-receipts',
    {
      config: { access: 'read:goods_receipt:any' },
      schema: { tags, summary: 'Goods receipts: search, filter by warehouse, supplier and day received, sort, page', querystring: ZGoodsReceiptListQuery, response: { 200: ZGoodsReceiptList } },
    },
    async (req) => receipts.list(req.query),
  );
  app.post(
    '/goods-receipts',
    {
      config: { access: 'create:goods_receipt:any' },
      schema: {
        tags,
        summary: 'Receive goods from a supplier into a main or branch warehouse (receipt movements; never edited)',
        body: ZCreateGoodsReceipt,
        response: { 201: ZGoodsReceipt },
      },
    },
    async (req, reply) => reply.status(201).send(await receipts.create(actorOf(req), req.body)),
  );
  app.get(
    '/goods-receipts/:id',
    { config: { access: 'read:goods_receipt:any' }, schema: { tags, summary: 'One goods receipt with its lines and totals', params, response: { 200: ZGoodsReceipt } } },
    async (req) => receipts.get(actorOf(req), req.params.id),
  );

  const supplierTags = ['suppliers'];
  app.get(
    '/suppliers',
    { config: { access: 'read:supplier:any' }, schema: { tags: supplierTags, summary: 'Suppliers: search, filter, sort, page', querystring: ZSupplierListQuery, response: { 200: ZSupplierList } } },
    async (req) => receipts.listSuppliers(req.query),
  );
  app.post(
    '/suppliers',
    { config: { access: 'manage:supplier:any' }, schema: { tags: supplierTags, summary: 'Add a supplier (name unique, ignoring case)', body: ZCreateSupplier, response: { 201: ZSupplier } } },
    async (req, reply) => reply.status(201).send(await receipts.createSupplier(actorOf(req), req.body)),
  );
  app.patch(
    '/suppliers/:id',
    {
      config: { access: 'manage:supplier:any' },
      schema: { tags: supplierTags, summary: 'Edit a supplier; active:false keeps it off new receipts', params, body: ZPatchSupplier, response: { 200: ZSupplier } },
    },
    async (req) => receipts.patchSupplier(actorOf(req), req.params.id, req.body),
  );
};
