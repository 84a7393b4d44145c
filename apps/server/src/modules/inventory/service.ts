import { randomUUID } from 'node:crypto';
import type {
  TAdjustment,
  TAdjustmentList,
  TAdjustmentListQuery,
  TCreateAdjustment,
  TCreateItem,
  TItem,
  TItemDetail,
  TItemList,
  TItemListQuery,
  TMovementList,
  TMovementListQuery,
  TPatchItem,
  TStockList,
  TStockListQuery,
} from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { nextNumber } from '../../lib/numbers.js';
import { audienceFor, publish } from '../realtime/index.js';
import { applyMovements, lockLevel } from './ledger.js';
import { assertCategory } from './categories.js';
import {
  adjustmentChange,
  findAdjustment,
  findItemId,
  findWarehouseId,
  getItem,
  insertAdjustment,
  insertItem,
  itemCategoryCodes,
  itemDetail,
  listAdjustments,
  listItems,
  listMovements,
  listStock,
  updateItem,
  type ItemChanges,
} from './queries.js';

const codeTaken = (code: string) =>
  new AppError(409, 'code_taken', `The code ${code} is already used`, { fields: { code: 'invalid' }, details: { code } });

const ITEM_AUDIT_KEYS = ['name', 'description', 'category', 'unit', 'min_quantity', 'price', 'tax_rate', 'active'] as const;
const itemAudit = (i: TItem) => ({ code: i.code, ...Object.fromEntries(ITEM_AUDIT_KEYS.map((k) => [k, i[k]])) });

export function createInventoryService(ctx: AppContext) {
  const { db } = ctx;

  const stockEvent = (tx: Tx, event: string, ids: string[]) =>
    publish(tx, { topic: 'stock', event, audience: audienceFor('read:stock', {}), payload: { ids } });

  return {
    // ----------------------------------------------------------------- items
    listItems(q: TItemListQuery): Promise<TItemList> {
      return listItems(db, q);
    },

    /** A hot read (api-read benchmark): prepared statements, planned once per connection. */
    async itemDetail(id: string): Promise<TItemDetail> {
      const item = await itemDetail(ctx.reads, id);
      if (!item) throw notFound('Item');
      return item;
    },

    async categories(): Promise<{ items: string[] }> {
      const rows = await itemCategoryCodes(db);
      return { items: rows.map((r) => r.c) };
    },

    async createItem(actor: Actor, input: TCreateItem): Promise<TItem> {
      try {
        return await db.transaction(async (tx) => {
          await assertCategory(tx, input.category);
          const [row] = await insertItem(tx, {
            code: input.code,
            name: input.name,
            description: input.description ?? null,
            category: input.category,
            unit: input.unit,
            minQuantity: input.min_quantity,
            price: input.price,
            taxRate: input.tax_rate,
          });
          const item = (await getItem(tx, row!.id))!;
          await audit(tx, { actorId: actor.userId, action: 'item.created', entity: 'inventory_item', entityId: item.id, after: itemAudit(item), ip: actor.ip });
          await stockEvent(tx, 'item.changed', [item.id]);
          return item;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw codeTaken(input.code);
        throw err;
      }
    },

    async patchItem(actor: Actor, id: string, input: TPatchItem): Promise<TItem> {
      try {
        return await db.transaction(async (tx) => {
          const before = await getItem(tx, id);
          if (!before) throw notFound('Item');
          if (input.category !== undefined) await assertCategory(tx, input.category);
          const set: ItemChanges = { updatedAt: new Date() };
          if (input.code !== undefined) set.code = input.code;
          if (input.name !== undefined) set.name = input.name;
          if (input.description !== undefined) set.description = input.description;
          if (input.category !== undefined) set.category = input.category;
          if (input.unit !== undefined) set.unit = input.unit;
          if (input.min_quantity !== undefined) set.minQuantity = input.min_quantity;
          if (input.price !== undefined) set.price = input.price;
          if (input.tax_rate !== undefined) set.taxRate = input.tax_rate;
          if (input.active !== undefined) set.active = input.active;
          await updateItem(tx, id, set);
          const item = (await getItem(tx, id))!;
          const action = input.active === false && before.active ? 'item.deactivated' : input.active === true && !before.active ? 'item.activated' : 'item.updated';
          await audit(tx, { actorId: actor.userId, action, entity: 'inventory_item', entityId: id, before: itemAudit(before), after: itemAudit(item), ip: actor.ip });
          await stockEvent(tx, 'item.changed', [id]);
          return item;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw codeTaken(input.code ?? '');
        throw err;
      }
    },

    // ----------------------------------------------------------------- stock
    listStock(q: TStockListQuery): Promise<TStockList> {
      return listStock(db, q);
    },

    listMovements(q: TMovementListQuery): Promise<TMovementList> {
      return listMovements(db, q);
    },

    // ----------------------------------------------------------------- adjustments
    listAdjustments(q: TAdjustmentListQuery): Promise<TAdjustmentList> {
      return listAdjustments(db, q);
    },

    async getAdjustment(id: string): Promise<TAdjustment> {
      const adjustment = await findAdjustment(db, id);
      if (!adjustment) throw notFound('Adjustment');
      return adjustment;
    },

    /**
     * A quantity change, or a counted quantity from which the change is computed under the
     * stock row's lock (so two counts at once cannot both apply their difference). Audited;
     * never edited or deleted.
     */
    async createAdjustment(actor: Actor, input: TCreateAdjustment): Promise<TAdjustment> {
      const id = await db.transaction(async (tx) => {
        const [item] = await findItemId(tx, input.item_id);
        const [wh] = await findWarehouseId(tx, input.warehouse_id);
        if (!item || !wh) throw badRequest({ ...(item ? {} : { item_id: 'invalid' }), ...(wh ? {} : { warehouse_id: 'invalid' }) });
        const before = await lockLevel(tx, input.item_id, input.warehouse_id);
        const [calc] = await adjustmentChange(tx, before, input.counted_quantity, input.quantity_change);
        if (calc!.zero) {
          throw new AppError(409, 'no_change', `The counted quantity equals the stock (${before}): nothing to adjust`, {
            details: { quantity: before },
          });
        }
        const adjustmentId = randomUUID();
        // Drawn after every check but the ledger's: a refusal rolls the number back too.
        const number = await nextNumber(tx, 'adjustment', 'ADJ');
        await applyMovements(tx, [
          {
            itemId: input.item_id,
            warehouseId: input.warehouse_id,
            quantity: calc!.change,
            kind: 'adjustment',
            documentType: 'adjustment',
            documentId: adjustmentId,
            documentNumber: number,
            actorId: actor.userId,
          },
        ]);
        await insertAdjustment(tx, {
          id: adjustmentId,
          number,
          warehouseId: input.warehouse_id,
          itemId: input.item_id,
          quantityChange: calc!.change,
          countedQuantity: input.counted_quantity ?? null,
          quantityBefore: before,
          quantityAfter: calc!.after,
          reason: input.reason,
          notes: input.notes ?? null,
          createdBy: actor.userId,
        });
        await audit(tx, {
          actorId: actor.userId,
          action: 'adjustment.created',
          entity: 'adjustment',
          entityId: adjustmentId,
          after: { number, item_id: input.item_id, warehouse_id: input.warehouse_id, change: calc!.change, before, counted: input.counted_quantity ?? null, reason: input.reason, notes: input.notes ?? null },
          ip: actor.ip,
        });
        await publish(tx, { topic: 'stock', event: 'adjustment.created', audience: audienceFor('read:adjustment', {}), payload: { ids: [adjustmentId] } });
        return adjustmentId;
      });
      return this.getAdjustment(id);
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
