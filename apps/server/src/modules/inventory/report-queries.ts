import { sql } from 'drizzle-orm';
import type { TInventoryReport, TItem } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { where } from '../../db/sql.js';
import { itemsSql, stockRowsSql } from './queries.js';

/**
 * The inventory report's statements (report.ts): every figure summed in SQL numeric (exact).
 * Stock figures are over the stock rows of `scope` (a warehouse, a category); movements over
 * [from, to] (`to` exclusive when it is a whole day's end).
 */

export interface ReportScope {
  warehouseId?: string;
  category?: string;
}

export interface MovementRange extends ReportScope {
  from: Date;
  /** The end of the range: exclusive when `toDay` (the start of the day after), else inclusive. */
  toBound: Date;
  toDay: boolean;
}

const stockOf = (scope: ReportScope) => stockRowsSql({ warehouseId: scope.warehouseId });
const stockFilterOf = (scope: ReportScope) => where([scope.category ? sql`s.category = ${scope.category}` : undefined]);

/** Σ quantity and value of the stock rows (one row). */
export async function reportTotals(db: DbOrTx, scope: ReportScope): Promise<{ quantity: string; value: string }[]> {
  const stock = stockOf(scope);
  const stockFilter = stockFilterOf(scope);
  return rowsOf<{ quantity: string; value: string }>(
    await db.execute(sql`
      select coalesce(sum(s.q), 0)::numeric(16,3)::text as quantity, coalesce(sum(s.v), 0)::numeric(16,2)::text as value
      from ${stock} s where ${stockFilter}`),
  );
}

/** Quantity, value and stock in transit per warehouse. */
export async function reportByWarehouse(db: DbOrTx, scope: ReportScope): Promise<TInventoryReport['by_warehouse']> {
  const stock = stockOf(scope);
  const stockFilter = stockFilterOf(scope);
  return rowsOf<TInventoryReport['by_warehouse'][number]>(
    await db.execute(sql`
      select s.warehouse_id, s.warehouse_code, s.warehouse_name, s.warehouse_kind,
        coalesce(sum(s.q), 0)::numeric(16,3)::text as quantity, coalesce(sum(s.v), 0)::numeric(16,2)::text as value,
        coalesce(sum(s.in_transit_in::numeric), 0)::numeric(16,3)::text as in_transit_in,
        coalesce(sum(s.in_transit_out::numeric), 0)::numeric(16,3)::text as in_transit_out
      from ${stock} s where ${stockFilter}
      group by s.warehouse_id, s.warehouse_code, s.warehouse_name, s.warehouse_kind
      order by s.warehouse_kind, s.warehouse_code`),
  );
}

/** Quantity and value per category. */
export async function reportByCategory(db: DbOrTx, scope: ReportScope): Promise<TInventoryReport['by_category']> {
  const stock = stockOf(scope);
  const stockFilter = stockFilterOf(scope);
  return rowsOf<TInventoryReport['by_category'][number]>(
    await db.execute(sql`
      select s.category, s.category_name_ar, s.category_name_en,
        coalesce(sum(s.q), 0)::numeric(16,3)::text as quantity, coalesce(sum(s.v), 0)::numeric(16,2)::text as value
      from ${stock} s where ${stockFilter} group by s.category, s.category_name_ar, s.category_name_en order by s.category`),
  );
}

/** Quantity and value per warehouse and category. */
export async function reportByWarehouseCategory(db: DbOrTx, scope: ReportScope): Promise<TInventoryReport['by_warehouse_category']> {
  const stock = stockOf(scope);
  const stockFilter = stockFilterOf(scope);
  return rowsOf<TInventoryReport['by_warehouse_category'][number]>(
    await db.execute(sql`
      select s.warehouse_id, s.warehouse_code, s.category, s.category_name_ar, s.category_name_en,
        coalesce(sum(s.q), 0)::numeric(16,3)::text as quantity, coalesce(sum(s.v), 0)::numeric(16,2)::text as value
      from ${stock} s where ${stockFilter}
      group by s.warehouse_id, s.warehouse_code, s.category, s.category_name_ar, s.category_name_en order by s.warehouse_code, s.category`),
  );
}

/**
 * Low / out of stock: ITEMS by their quantity over all warehouses (docs/decisions/012-low-stock.md),
 * from the items list's own query with its filters — the same items as
 * /api/items?status=…&active=true[&category=…][&warehouse_id=…].
 */
export async function reportShortItems(db: DbOrTx, q: ReportScope): Promise<TItem[]> {
  return rowsOf<TItem & { sort_key?: string }>(
    await db.execute(sql`
      select * from ${itemsSql('code')} x
      where ${where([
        sql`x.active`,
        sql`x.status <> 'in_stock'`,
        q.category ? sql`x.category = ${q.category}` : undefined,
        q.warehouseId ? sql`exists (select 1 from stock_levels l where l.item_id = x.id and l.warehouse_id = ${q.warehouseId}::uuid)` : undefined,
      ])}
      order by x.status desc, lower(x.code), x.id`),
  ).map(({ sort_key: _k, ...item }) => item);
}

const movementFilterOf = (r: MovementRange) =>
  where([
    sql`m.created_at >= ${r.from.toISOString()}::timestamptz`,
    r.toDay ? sql`m.created_at < ${r.toBound.toISOString()}::timestamptz` : sql`m.created_at <= ${r.toBound.toISOString()}::timestamptz`,
    r.warehouseId ? sql`m.warehouse_id = ${r.warehouseId}::uuid` : undefined,
    r.category ? sql`i.category = ${r.category}` : undefined,
  ]);

/** Movements in the range by kind: how many, quantity in and out. */
export async function reportMovementsByKind(db: DbOrTx, range: MovementRange): Promise<TInventoryReport['movements']> {
  const movementFilter = movementFilterOf(range);
  return rowsOf<TInventoryReport['movements'][number]>(
    await db.execute(sql`
      select m.kind::text as kind, count(*)::int as count,
        coalesce(sum(m.quantity) filter (where m.quantity > 0), 0)::numeric(16,3)::text as quantity_in,
        coalesce(-sum(m.quantity) filter (where m.quantity < 0), 0)::numeric(16,3)::text as quantity_out
      from stock_movements m join inventory_items i on i.id = m.item_id
      where ${movementFilter} group by m.kind order by m.kind`),
  );
}

/** Movements in the range per day of the company's zone: quantity in and out. */
export async function reportMovementsByDay(db: DbOrTx, range: MovementRange, zone: string): Promise<TInventoryReport['movements_by_day']> {
  const movementFilter = movementFilterOf(range);
  return rowsOf<TInventoryReport['movements_by_day'][number]>(
    await db.execute(sql`
      select to_char(date_trunc('day', m.created_at at time zone ${zone}::text), 'YYYY-MM-DD') as day,
        coalesce(sum(m.quantity) filter (where m.quantity > 0), 0)::numeric(16,3)::text as quantity_in,
        coalesce(-sum(m.quantity) filter (where m.quantity < 0), 0)::numeric(16,3)::text as quantity_out
      from stock_movements m join inventory_items i on i.id = m.item_id
      where ${movementFilter} group by 1 order by 1`),
  );
}

/** The lines of approved transfers (in transit), with their value. */
export async function reportInTransit(db: DbOrTx, q: ReportScope): Promise<TInventoryReport['in_transit']> {
  return rowsOf<TInventoryReport['in_transit'][number]>(
    await db.execute(sql`
      select t.id as transfer_id, t.number as transfer_number, fw.code as from_warehouse_code, tw.code as to_warehouse_code,
        i.id as item_id, i.code as item_code, i.name as item_name, tl.quantity::text as quantity,
        round(tl.quantity * i.price, 2)::numeric(16,2)::text as value
      from transfers t
      join transfer_lines tl on tl.transfer_id = t.id
      join inventory_items i on i.id = tl.item_id
      join warehouses fw on fw.id = t.from_warehouse_id
      join warehouses tw on tw.id = t.to_warehouse_id
      where ${where([
        sql`t.status = 'approved'`,
        q.warehouseId ? sql`(t.from_warehouse_id = ${q.warehouseId}::uuid or t.to_warehouse_id = ${q.warehouseId}::uuid)` : undefined,
        q.category ? sql`i.category = ${q.category}` : undefined,
      ])}
      order by t.number, i.code`),
  );
}
