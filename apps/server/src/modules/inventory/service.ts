import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
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
  TMovement,
  TMovementList,
  TMovementListQuery,
  TPatchItem,
  TStockList,
  TStockListQuery,
  TStockRow,
} from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { adjustments, inventoryItems, warehouses } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { cursorTuple, decodeCursor } from '../../lib/cursor.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { nextNumber } from '../../lib/numbers.js';
import { audienceFor, publish } from '../realtime/index.js';
import { dateRangeSql } from '../../lib/date-filter.js';
import { after, orderBy, pageOf, type KeyType } from '../../db/keyset.js';
import { isoSql, like, where } from '../../db/sql.js';
import { applyMovements, lockLevel, statusSql } from './ledger.js';
import { rowsOf } from '../../db/rows.js';
import { assertCategory } from './categories.js';
import { STOCK_ROW_COLUMNS, stockRowsSql } from './queries.js';

const codeTaken = (code: string) =>
  new AppError(409, 'code_taken', `The code ${code} is already used`, { fields: { code: 'invalid' }, details: { code } });

// ---------------------------------------------------------------------------------------
// Items

const ITEM_SORT: Record<TItemListQuery['sort'], { expr: string; type: KeyType }> = {
  code: { expr: 'lower(i.code)', type: 'text' },
  name: { expr: 'lower(i.name)', type: 'text' },
  category: { expr: 'lower(i.category)', type: 'text' },
  quantity: { expr: 'coalesce(s.q, 0)', type: 'numeric' },
  price: { expr: 'i.price', type: 'numeric' },
  created: { expr: 'i.created_at', type: 'timestamptz' },
};

type ItemRow = Omit<TItem, 'active'> & { active: boolean; sort_key: string };

/**
 * Items with their quantity (Σ over warehouses, or one warehouse's) and status, as a subquery
 * `x`. The status is always the item's over ALL warehouses (docs/decisions/012-low-stock.md),
 * even when the quantity is one warehouse's. The items list, the dashboards' and the inventory
 * report's low / out-of-stock figures all read it, so a figure always equals the list it links to.
 */
export function itemsSql(sort: TItemListQuery['sort'], warehouseId?: string): SQL {
  const stock = warehouseId
    ? sql`(select l.item_id, l.quantity as q, (select sum(o.quantity) from stock_levels o where o.item_id = l.item_id) as t
        from stock_levels l where l.warehouse_id = ${warehouseId}::uuid)`
    : sql`(select item_id, sum(quantity) as q, sum(quantity) as t from stock_levels group by item_id)`;
  return sql`(
    select i.id, i.code, i.name, i.description, i.category, ic.name_ar as category_name_ar, ic.name_en as category_name_en, i.unit, i.active,
      i.min_quantity::text as min_quantity, i.price::text as price, i.tax_rate::text as tax_rate,
      round(i.price * (1 + i.tax_rate / 100), 2)::numeric(14,2)::text as total,
      coalesce(s.q, 0)::numeric(14,3)::text as quantity,
      ${statusSql(sql`coalesce(s.t, 0)`, sql`i.min_quantity`)} as status,
      ${isoSql('i.created_at', 'us')} as created_at,
      ${isoSql('i.updated_at', 'us')} as updated_at,
      (${sql.raw(ITEM_SORT[sort].expr)})::text as sort_key
    from inventory_items i ${warehouseId ? sql`join` : sql`left join`} ${stock} s on s.item_id = i.id
    join item_categories ic on ic.code = i.category
  )`;
}

/**
 * How many active items are low and out of stock over all warehouses: the figures the admin and
 * supervisor dashboards show, equal to `/api/items?status=…&active=true`, which they link to.
 */
export async function stockAlertCounts(db: DbOrTx): Promise<{ low_stock: number; out_of_stock: number }> {
  const [counts] = rowsOf<{ low_stock: number; out_of_stock: number }>(
    await db.execute(sql`
      select count(*) filter (where x.status = 'low_stock')::int as low_stock, count(*) filter (where x.status = 'out_of_stock')::int as out_of_stock
      from ${itemsSql('code')} x where x.active and x.status <> 'in_stock'`),
  );
  return counts!;
}

/** The `limit` most urgent active items short of stock (out of stock first, then the fewest left). */
export async function mostUrgentItems(db: DbOrTx, limit: number): Promise<TItem[]> {
  return rowsOf<TItem & { sort_key: string }>(
    await db.execute(sql`
      select * from ${itemsSql('code')} x
      where x.status <> 'in_stock' and x.active
      order by x.status desc, x.quantity::numeric, lower(x.code) limit ${limit}`),
  ).map(({ sort_key: _k, ...item }) => item);
}

const toItem = (r: ItemRow): TItem => ({
  id: r.id,
  code: r.code,
  name: r.name,
  description: r.description,
  category: r.category,
  category_name_ar: r.category_name_ar,
  category_name_en: r.category_name_en,
  unit: r.unit,
  min_quantity: r.min_quantity,
  price: r.price,
  tax_rate: r.tax_rate,
  total: r.total,
  active: r.active,
  quantity: r.quantity,
  status: r.status,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** Without the sort key the ORDER BY of keyset pages would compare text; numbers sort as numbers. */
const sortKeyCast = (type: KeyType) => (type === 'text' ? sql`x.sort_key` : sql`x.sort_key::${sql.raw(type)}`);

async function getItem(db: DbOrTx, id: string): Promise<TItem | null> {
  const [row] = rowsOf<ItemRow>(await db.execute(sql`select * from ${itemsSql('code')} x where x.id = ${id}::uuid`));
  return row ? toItem(row) : null;
}

// ---------------------------------------------------------------------------------------
// Stock list

const STOCK_SORT: Record<TStockListQuery['sort'], { expr: string; type: KeyType }> = {
  item_code: { expr: 'lower(s.item_code)', type: 'text' },
  item_name: { expr: 'lower(s.item_name)', type: 'text' },
  warehouse_code: { expr: 'lower(s.warehouse_code)', type: 'text' },
  category: { expr: 'lower(s.category)', type: 'text' },
  quantity: { expr: 's.q', type: 'numeric' },
};

function stockFilters(q: { q?: string; category?: string; status?: string }): SQL[] {
  const out: SQL[] = [];
  if (q.q) out.push(sql`(s.item_code ilike ${like(q.q)} or s.item_name ilike ${like(q.q)})`);
  if (q.category) out.push(sql`s.category = ${q.category}`);
  if (q.status) out.push(sql`s.status = ${q.status}`);
  return out;
}

// ---------------------------------------------------------------------------------------
// Movements and adjustments

type MovementRow = TMovement & { ts: string };
const MOVEMENT_SELECT = sql`
  select m.id, m.item_id, i.code as item_code, i.name as item_name, m.warehouse_id, w.code as warehouse_code, w.name as warehouse_name,
    m.quantity::text as quantity, m.kind::text as kind, m.document_type, m.document_id, m.document_number, m.actor_id, u.name as actor_name,
    ${isoSql('m.created_at', 'us')} as created_at, m.created_at::text as ts
  from stock_movements m
  join inventory_items i on i.id = m.item_id
  join warehouses w on w.id = m.warehouse_id
  left join users u on u.id = m.actor_id`;

type AdjustmentRow = TAdjustment & { ts: string };
const ADJUSTMENT_SELECT = sql`
  select a.id, a.number, a.warehouse_id, w.code as warehouse_code, w.name as warehouse_name,
    a.item_id, i.code as item_code, i.name as item_name, i.unit,
    a.quantity_change::text as quantity_change, a.counted_quantity::text as counted_quantity,
    a.quantity_before::text as quantity_before, a.quantity_after::text as quantity_after,
    a.reason::text as reason, a.notes, a.created_by, u.name as created_by_name,
    ${isoSql('a.created_at', 'us')} as created_at, a.created_at::text as ts
  from adjustments a
  join inventory_items i on i.id = a.item_id
  join warehouses w on w.id = a.warehouse_id
  left join users u on u.id = a.created_by`;
const stripTs = <T extends { ts: string }>({ ts: _ts, ...rest }: T) => rest;

const ITEM_AUDIT_KEYS = ['name', 'description', 'category', 'unit', 'min_quantity', 'price', 'tax_rate', 'active'] as const;
const itemAudit = (i: TItem) => ({ code: i.code, ...Object.fromEntries(ITEM_AUDIT_KEYS.map((k) => [k, i[k]])) });

export function createInventoryService(ctx: AppContext) {
  const { db } = ctx;

  const stockEvent = (tx: Tx, event: string, ids: string[]) =>
    publish(tx, { topic: 'stock', event, audience: audienceFor('read:stock', {}), payload: { ids } });

  return {
    // ----------------------------------------------------------------- items
    async listItems(q: TItemListQuery): Promise<TItemList> {
      const sort = ITEM_SORT[q.sort];
      const filters = [
        q.q ? sql`(x.code ilike ${like(q.q)} or x.name ilike ${like(q.q)})` : undefined,
        q.category ? sql`x.category = ${q.category}` : undefined,
        q.status ? sql`x.status = ${q.status}` : undefined,
        q.active ? sql`x.active = ${q.active === 'true'}` : undefined,
      ];
      const from = itemsSql(q.sort, q.warehouse_id);
      const key = sortKeyCast(sort.type);
      const cursorCond = q.cursor ? after(q.cursor, sort.type, ['id'], q.order) : undefined;
      // Keyset on the typed sort key: wrap once more so `x.sort_key` is typed.
      const typed = sql`(select x.id, x.code, x.name, x.description, x.category, x.category_name_ar, x.category_name_en, x.unit, x.active, x.min_quantity, x.price, x.tax_rate,
        x.total, x.quantity, x.status, x.created_at, x.updated_at, ${key} as sort_key, x.sort_key as sort_text from ${from} x)`;
      const page = rowsOf<ItemRow & { sort_text: string }>(
        await db.execute(
          sql`select * from ${typed} x where ${where([...filters, cursorCond])} order by ${orderBy(['id'], q.order)} limit ${q.limit + 1}`,
        ),
      );
      const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${typed} x where ${where(filters)}`));
      const { items, next_cursor } = pageOf(page, q.limit, (last) => [last.sort_text, last.id]);
      return {
        items: items.map(toItem),
        next_cursor,
        total: count?.n ?? 0,
      };
    },

    /** A hot read (api-read benchmark): prepared statements, planned once per connection. */
    async itemDetail(id: string): Promise<TItemDetail> {
      const [row] = await ctx.database.prepared<ItemRow>('item_detail', sql`select * from ${itemsSql('code')} x where x.id = ${id}::uuid`);
      if (!row) throw notFound('Item');
      const [stock, [transit]] = await Promise.all([
        ctx.database.prepared<TStockRow>(
          'item_detail_stock',
          sql`select ${STOCK_ROW_COLUMNS} from ${stockRowsSql({ itemId: id })} s order by s.warehouse_kind, s.warehouse_code`,
        ),
        ctx.database.prepared<{ q: string }>(
          'item_detail_transit',
          sql`
          select coalesce(sum(tl.quantity), 0)::numeric(14,3)::text as q
          from transfer_lines tl join transfers t on t.id = tl.transfer_id
          where t.status = 'approved' and tl.item_id = ${id}::uuid`,
        ),
      ]);
      return { ...toItem(row), in_transit: transit!.q, stock };
    },

    async categories(): Promise<{ items: string[] }> {
      const rows = await db.selectDistinct({ c: inventoryItems.category }).from(inventoryItems).orderBy(inventoryItems.category);
      return { items: rows.map((r) => r.c) };
    },

    async createItem(actor: Actor, input: TCreateItem): Promise<TItem> {
      try {
        return await db.transaction(async (tx) => {
          await assertCategory(tx, input.category);
          const [row] = await tx
            .insert(inventoryItems)
            .values({
              code: input.code,
              name: input.name,
              description: input.description ?? null,
              category: input.category,
              unit: input.unit,
              minQuantity: input.min_quantity,
              price: input.price,
              taxRate: input.tax_rate,
            })
            .returning({ id: inventoryItems.id });
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
          const set: Partial<typeof inventoryItems.$inferInsert> = { updatedAt: new Date() };
          if (input.code !== undefined) set.code = input.code;
          if (input.name !== undefined) set.name = input.name;
          if (input.description !== undefined) set.description = input.description;
          if (input.category !== undefined) set.category = input.category;
          if (input.unit !== undefined) set.unit = input.unit;
          if (input.min_quantity !== undefined) set.minQuantity = input.min_quantity;
          if (input.price !== undefined) set.price = input.price;
          if (input.tax_rate !== undefined) set.taxRate = input.tax_rate;
          if (input.active !== undefined) set.active = input.active;
          await tx.update(inventoryItems).set(set).where(eq(inventoryItems.id, id));
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
    async listStock(q: TStockListQuery): Promise<TStockList> {
      const sort = STOCK_SORT[q.sort];
      const filters = stockFilters(q);
      const scope = { warehouseId: q.warehouse_id, itemId: q.item_id };
      const keyed = sql`(select s.*, (${sql.raw(sort.expr)}) as sort_key, (${sql.raw(sort.expr)})::text as sort_text from ${stockRowsSql(scope)} s where ${where(filters)})`;
      const page = rowsOf<TStockRow & { sort_text: string }>(
        await db.execute(sql`
          select ${STOCK_ROW_COLUMNS}, s.sort_text from ${keyed} s
          where ${where([after(q.cursor, sort.type, ['item_id', 'warehouse_id'], q.order, 's')])}
          order by ${orderBy(['item_id', 'warehouse_id'], q.order, 's')}
          limit ${q.limit + 1}`),
      );
      const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${keyed} s`));
      const { items, next_cursor } = pageOf(page, q.limit, (last) => [last.sort_text, last.item_id, last.warehouse_id]);
      return {
        items: items.map(({ sort_text: _s, ...r }) => r),
        next_cursor,
        total: count?.n ?? 0,
      };
    },

    async listMovements(q: TMovementListQuery): Promise<TMovementList> {
      const filters = [
        q.item_id ? sql`m.item_id = ${q.item_id}::uuid` : undefined,
        q.warehouse_id ? sql`m.warehouse_id = ${q.warehouse_id}::uuid` : undefined,
        q.kind ? sql`m.kind = ${q.kind}` : undefined,
        ...dateRangeSql('m.created_at', q),
      ];
      const page = rowsOf<MovementRow>(
        await db.execute(sql`
          select x.* from (${MOVEMENT_SELECT} where ${where(filters)}) x
          where ${q.cursor ? sql`(x.ts::timestamptz, x.id) < (${cursorTs(q.cursor)}::timestamptz, ${cursorId(q.cursor)}::uuid)` : sql`true`}
          order by x.ts::timestamptz desc, x.id desc
          limit ${q.limit + 1}`),
      );
      const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from stock_movements m where ${where(filters)}`));
      const { items, next_cursor } = pageOf(page, q.limit, (last) => [last.ts, last.id]);
      return {
        items: items.map(stripTs),
        next_cursor,
        total: count?.n ?? 0,
      };
    },

    // ----------------------------------------------------------------- adjustments
    async listAdjustments(q: TAdjustmentListQuery): Promise<TAdjustmentList> {
      const filters = [
        q.q ? sql`(a.number ilike ${like(q.q)} or i.code ilike ${like(q.q)} or i.name ilike ${like(q.q)})` : undefined,
        q.warehouse_id ? sql`a.warehouse_id = ${q.warehouse_id}::uuid` : undefined,
        q.item_id ? sql`a.item_id = ${q.item_id}::uuid` : undefined,
        q.reason ? sql`a.reason = ${q.reason}` : undefined,
        ...dateRangeSql('a.created_at', q),
      ];
      const cmp = q.order === 'asc' ? sql`>` : sql`<`;
      const dir = sql.raw(q.order);
      const page = rowsOf<AdjustmentRow>(
        await db.execute(sql`
          select x.* from (${ADJUSTMENT_SELECT} where ${where(filters)}) x
          where ${q.cursor ? sql`(x.ts::timestamptz, x.id) ${cmp} (${cursorTs(q.cursor)}::timestamptz, ${cursorId(q.cursor)}::uuid)` : sql`true`}
          order by x.ts::timestamptz ${dir}, x.id ${dir}
          limit ${q.limit + 1}`),
      );
      const [count] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from adjustments a join inventory_items i on i.id = a.item_id where ${where(filters)}`),
      );
      const { items, next_cursor } = pageOf(page, q.limit, (last) => [last.ts, last.id]);
      return {
        items: items.map(stripTs),
        next_cursor,
        total: count?.n ?? 0,
      };
    },

    async getAdjustment(id: string): Promise<TAdjustment> {
      const [row] = rowsOf<AdjustmentRow>(await db.execute(sql`${ADJUSTMENT_SELECT} where a.id = ${id}::uuid`));
      if (!row) throw notFound('Adjustment');
      return stripTs(row);
    },

    /**
     * A quantity change, or a counted quantity from which the change is computed under the
     * stock row's lock (so two counts at once cannot both apply their difference). Audited;
     * never edited or deleted.
     */
    async createAdjustment(actor: Actor, input: TCreateAdjustment): Promise<TAdjustment> {
      const id = await db.transaction(async (tx) => {
        const [item] = await tx.select({ id: inventoryItems.id }).from(inventoryItems).where(eq(inventoryItems.id, input.item_id));
        const [wh] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, input.warehouse_id));
        if (!item || !wh) throw badRequest({ ...(item ? {} : { item_id: 'invalid' }), ...(wh ? {} : { warehouse_id: 'invalid' }) });
        const before = await lockLevel(tx, input.item_id, input.warehouse_id);
        const [calc] = rowsOf<{ change: string; after: string; zero: boolean }>(
          await tx.execute(sql`
            select c.change::numeric(14,3)::text as change, (${before}::numeric + c.change)::numeric(14,3)::text as after, c.change = 0 as zero
            from (select ${input.counted_quantity !== undefined ? sql`${input.counted_quantity}::numeric - ${before}::numeric` : sql`${input.quantity_change!}::numeric`} as change) c`),
        );
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
        await tx.insert(adjustments).values({
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

const cursorParts = (cursor: string) => decodeCursor(cursorTuple(['timestamptz', 'uuid']), cursor) as [string, string];
const cursorTs = (c: string) => cursorParts(c)[0];
const cursorId = (c: string) => cursorParts(c)[1];

export type InventoryService = ReturnType<typeof createInventoryService>;
