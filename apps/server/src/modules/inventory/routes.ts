import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdjustment,
  ZAdjustmentList,
  ZAdjustmentListQuery,
  ZCreateAdjustment,
  ZCreateItem,
  ZCreateItemCategory,
  ZItem,
  ZItemCategories,
  ZItemCategory,
  ZItemCategoryList,
  ZItemCategoryListQuery,
  ZItemDetail,
  ZItemList,
  ZItemListQuery,
  ZMovementList,
  ZMovementListQuery,
  ZPatchItem,
  ZPatchItemCategory,
  ZStockList,
  ZStockListQuery,
} from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import type { CategoryService } from './categories.js';
import type { InventoryService } from './service.js';

const params = z.object({ id: z.uuid({ message: 'invalid' }) });
const categoryParams = z.object({ code: z.string().min(1).max(60) });

/** Item categories (categories.ts): listed with the items' readers, created and renamed with the items' managers. */
const itemCategoryRoutes: FastifyPluginAsyncZod<{ categories: CategoryService }> = async (app, { categories }) => {
  const tags = ['inventory'];
  app.get(
    '/item-categories',
    {
      config: { access: 'read:inventory_item:any' },
      schema: { tags, summary: 'Every item category with its Arabic and English names and item count', querystring: ZItemCategoryListQuery, response: { 200: ZItemCategoryList } },
    },
    async (req) => categories.list(req.query),
  );
  app.post(
    '/item-categories',
    {
      config: { access: 'manage:inventory_item:any' },
      schema: { tags, summary: 'Create a category (both names required, each unique)', body: ZCreateItemCategory, response: { 201: ZItemCategory } },
    },
    async (req, reply) => reply.status(201).send(await categories.create(actorOf(req), req.body)),
  );
  app.patch(
    '/item-categories/:code',
    {
      config: { access: 'manage:inventory_item:any' },
      schema: { tags, summary: "Rename a category (its code stays)", params: categoryParams, body: ZPatchItemCategory, response: { 200: ZItemCategory } },
    },
    async (req) => categories.patch(actorOf(req), req.params.code, req.body),
  );
};

export const inventoryRoutes: FastifyPluginAsyncZod<{ inventory: InventoryService; categories: CategoryService }> = async (app, { inventory, categories }) => {
  const tags = ['inventory'];
  await app.register(itemCategoryRoutes, { categories });
  app.get(
    '/items',
    { config: { access: 'read:inventory_item:any' }, schema: { tags, summary: 'Items: search, filter, sort, page', querystring: ZItemListQuery, response: { 200: ZItemList } } },
    async (req) => inventory.listItems(req.query),
  );
  app.get(
    '/items/categories',
    { config: { access: 'read:inventory_item:any' }, schema: { tags, summary: 'Every category in use', response: { 200: ZItemCategories } } },
    async () => inventory.categories(),
  );
  app.post(
    '/items',
    { config: { access: 'manage:inventory_item:any' }, schema: { tags, summary: 'Create an item', body: ZCreateItem, response: { 201: ZItem } } },
    async (req, reply) => reply.status(201).send(await inventory.createItem(actorOf(req), req.body)),
  );
  app.get(
    '/items/:id',
    { config: { access: 'read:inventory_item:any' }, schema: { tags, summary: 'An item with its stock per warehouse (in transit shown)', params, response: { 200: ZItemDetail } } },
    async (req) => inventory.itemDetail(req.params.id),
  );
  app.patch(
    '/items/:id',
    {
      config: { access: 'manage:inventory_item:any' },
      schema: { tags, summary: 'Edit an item; active:false deactivates it (history kept, no more movements)', params, body: ZPatchItem, response: { 200: ZItem } },
    },
    async (req) => inventory.patchItem(actorOf(req), req.params.id, req.body),
  );

  app.get(
    '/stock',
    {
      config: { access: 'read:stock' },
      schema: { tags, summary: 'Stock levels per item and warehouse, with in transit and status', querystring: ZStockListQuery, response: { 200: ZStockList } },
    },
    async (req) => inventory.listStock(req.query),
  );
  app.get(
    '/stock/movements',
    { config: { access: 'read:stock' }, schema: { tags, summary: 'The movement ledger, newest first', querystring: ZMovementListQuery, response: { 200: ZMovementList } } },
    async (req) => inventory.listMovements(req.query),
  );

  app.get(
    '/adjustments',
    { config: { access: 'read:adjustment:any' }, schema: { tags, summary: 'Stock adjustments, newest first', querystring: ZAdjustmentListQuery, response: { 200: ZAdjustmentList } } },
    async (req) => inventory.listAdjustments(req.query),
  );
  app.get(
    '/adjustments/:id',
    { config: { access: 'read:adjustment:any' }, schema: { tags, summary: 'One adjustment', params, response: { 200: ZAdjustment } } },
    async (req) => inventory.getAdjustment(req.params.id),
  );
  app.post(
    '/adjustments',
    {
      config: { access: 'create:adjustment:any' },
      schema: { tags, summary: 'Adjust stock by a change or a counted quantity (never edited or deleted)', body: ZCreateAdjustment, response: { 201: ZAdjustment } },
    },
    async (req, reply) => reply.status(201).send(await inventory.createAdjustment(actorOf(req), req.body)),
  );
};
