import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCreateWarehouse, ZPatchWarehouse, ZWarehouseList, ZWarehouseListQuery, ZWarehouseStatus, ZWarehouseWithStock } from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import type { WarehouseService } from './service.js';

const tags = ['warehouses'];
const params = z.object({ id: z.uuid({ message: 'invalid' }) });

/**
 * Reading warehouses needs `read:stock` (technicians read every warehouse's stock, so they
 * see the warehouses too: transfer forms, the diagnostic screen); managing them is the admin's.
 */
export const warehouseRoutes: FastifyPluginAsyncZod<{ warehouses: WarehouseService }> = async (app, { warehouses }) => {
  app.get(
    '/warehouses',
    { config: { access: 'read:stock' }, schema: { tags, summary: 'Warehouses with their stock value', querystring: ZWarehouseListQuery, response: { 200: ZWarehouseList } } },
    async (req) => warehouses.list(req.query),
  );
  app.post(
    '/warehouses',
    { config: { access: 'manage:warehouse:any' }, schema: { tags, summary: 'Create a warehouse (a van names its technician)', body: ZCreateWarehouse, response: { 201: ZWarehouseWithStock } } },
    async (req, reply) => reply.status(201).send(await warehouses.create(actorOf(req), req.body)),
  );
  app.get(
    '/warehouses/:id',
    { config: { access: 'read:stock' }, schema: { tags, summary: 'A warehouse with its stock value', params, response: { 200: ZWarehouseWithStock } } },
    async (req) => warehouses.get(req.params.id),
  );
  app.get(
    '/warehouses/:id/status',
    {
      config: { access: 'read:stock' },
      schema: { tags, summary: "A warehouse's low and out-of-stock lines, open transfers and ledger check", params, response: { 200: ZWarehouseStatus } },
    },
    async (req) => warehouses.status(req.params.id),
  );
  app.patch(
    '/warehouses/:id',
    {
      config: { access: 'manage:warehouse:any' },
      schema: { tags, summary: 'Edit or deactivate a warehouse', params, body: ZPatchWarehouse, response: { 200: ZWarehouseWithStock } },
    },
    async (req) => warehouses.patch(actorOf(req), req.params.id, req.body),
  );
};
