import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type {
  TAdjustment,
  TAdjustmentList,
  TAdjustmentListQuery,
  TItem,
  TItemList,
  TItemListQuery,
  TMovement,
  TMovementList,
  TMovementListQuery,
  TStockList,
  TStockListQuery,
  TStockRow,
  TItemDetail,
} from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { adjustments, inventoryItems, warehouses } from '../../db/schema.js';
import { after, orderBy, pageOf, type KeyType } from '../../db/keyset.js';
import { isoSql, like, where } from '../../db/sql.js';
import { rowsOf } from '../../db/rows.js';
import type { ReadCache } from '../../db/read-cache.js';
import { boundStatement, placeholder } from '../../db/statements.js';
import { cursorTuple, decodeCursor } from '../../lib/cursor.js';
import { dateRangeSql } from '../../lib/date-filter.js';
import { statusSql } from './ledger-queries.js';

/**
 * Stock rows: one per (item, warehouse) that has a level, or stock in transit into it.
 * In transit = lines of transfers whose status is `approved`: already out of the source
 * (the ledger moved them on approval), not yet in the destination; counted in neither
 * warehouse's quantity, shown as in_transit_out / in_transit_in.
 *
 * `status` is the ITEM's over all warehouses (docs/decisions/012-low-stock.md), never this
 * line's quantity against the company-wide minimum.
 *
 * Exposes the API's columns plus raw `q` (numeric quantity), `v` (numeric value), `has_level`
 * (a stock level exists, not only stock in transit in) and `item_active`, to filter and sort on. `scope` restricts the keys early (a warehouse, an item).
 */
export function stockRowsSql(scope: { warehouseId?: string | Placeholder; itemId?: string | Placeholder } = {}): SQL {
  // Only the given keys are written: a generic plan of the item detail's prepared statement can
  // then use the indexes (an `$1 is null or …` condition would keep PostgreSQL planning anew).
  const keyFilter = (warehouseColumn: string) =>
    where([
      scope.warehouseId != null && sql`${sql.raw(warehouseColumn)} = ${scope.warehouseId}::uuid`,
      scope.itemId != null && sql`item_id = ${scope.itemId}::uuid`,
    ]);
  return sql`(
    with transit as (
      select tl.item_id, t.from_warehouse_id, t.to_warehouse_id, tl.quantity
      from transfer_lines tl join transfers t on t.id = tl.transfer_id
      where t.status = 'approved'
    ),
    keys as (
      select item_id, warehouse_id from stock_levels where ${keyFilter('warehouse_id')}
      union
      select item_id, to_warehouse_id from transit where ${keyFilter('to_warehouse_id')}
    )
    select k.item_id, i.code as item_code, i.name as item_name, i.active as item_active, i.category,
      ic.name_ar as category_name_ar, ic.name_en as category_name_en, i.unit,
      i.min_quantity::text as min_quantity, i.price::text as price,
      k.warehouse_id, w.code as warehouse_code, w.name as warehouse_name, w.kind::text as warehouse_kind,
      coalesce(l.quantity, 0) as q,
      coalesce(l.quantity, 0)::numeric(14,3)::text as quantity,
      coalesce((select sum(x.quantity) from transit x where x.item_id = k.item_id and x.from_warehouse_id = k.warehouse_id), 0)::numeric(14,3)::text as in_transit_out,
      coalesce((select sum(x.quantity) from transit x where x.item_id = k.item_id and x.to_warehouse_id = k.warehouse_id), 0)::numeric(14,3)::text as in_transit_in,
      ${statusSql(sql`coalesce((select sum(o.quantity) from stock_levels o where o.item_id = k.item_id), 0)`, sql`i.min_quantity`)} as status,
      (l.item_id is not null) as has_level,
      round(coalesce(l.quantity, 0) * i.price, 2) as v,
      round(coalesce(l.quantity, 0) * i.price, 2)::numeric(16,2)::text as value
    from keys k
    join inventory_items i on i.id = k.item_id
    join item_categories ic on ic.code = i.category
    join warehouses w on w.id = k.warehouse_id
    left join stock_levels l on l.item_id = k.item_id and l.warehouse_id = k.warehouse_id
  )`;
}

export const STOCK_ROW_COLUMNS = sql.raw(
  [
    'item_id',
    'item_code',
    'item_name',
    'item_active',
    'category',
    'category_name_ar',
    'category_name_en',
    'unit',
    'min_quantity',
    'price',
    'warehouse_id',
    'warehouse_code',
    'warehouse_name',
    'warehouse_kind',
    'quantity',
    'in_transit_out',
    'in_transit_in',
    'status',
    'value',
  ]
    .map((c) => `s.${c}`)
    .join(', '),
);

export type StockRowRecord = TStockRow;

/** Σ quantity × price per warehouse, exact, as text with 2 places. */
export const valueSql = (quantity: SQL, price: SQL) => sql`round(coalesce(sum(${quantity} * ${price}), 0), 2)::numeric(16,2)::text`;

/**
 * The stock lines of a warehouse whose item is low or out of stock over all warehouses (active
 * items with a level here), out of stock first: the warehouse-diagnostic screen's lines.
 */
export async function shortStockLines(db: DbOrTx, warehouseId: string): Promise<TStockRow[]> {
  return rowsOf<TStockRow>(
    await db.execute(sql`
      select ${STOCK_ROW_COLUMNS} from ${stockRowsSql({ warehouseId })} s
      where s.status <> 'in_stock' and s.item_active and s.has_level
      order by s.status desc, s.q, lower(s.item_code)`),
  );
}

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

export type ItemRow = Omit<TItem, 'active'> & { active: boolean; sort_key: string };

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

/** An item row as the API gives it (without the sort key). */
export const toItem = (r: ItemRow): TItem => ({
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

/** An item with its quantity over all warehouses and its status, or null. */
export async function getItem(db: DbOrTx, id: string): Promise<TItem | null> {
  const [row] = rowsOf<ItemRow>(await db.execute(sql`select * from ${itemsSql('code')} x where x.id = ${id}::uuid`));
  return row ? toItem(row) : null;
}

/** A page of items (filters, sort and keyset paging of the query) and how many match. */
export async function listItems(db: DbOrTx, q: TItemListQuery): Promise<TItemList> {
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
}

/**
 * A hot read (api-read benchmark): the item with its stock rows by warehouse and its quantity in
 * transit, in ONE prepared statement planned once per connection (it was three statements over
 * two round trips and two pool connections: issue #26); null when there is none. The stock rows
 * come back as JSON — every column of a stock row is text, a uuid or a boolean, so JSON keeps
 * them exactly.
 */
export async function itemDetail(reads: Pick<ReadCache, 'rows'>, id: string): Promise<TItemDetail | null> {
  const statement = boundStatement(
    'item_detail',
    () => sql`
      select x.*,
        (select coalesce(json_agg(s order by s.warehouse_kind, s.warehouse_code), '[]')
          from (select ${STOCK_ROW_COLUMNS} from ${stockRowsSql({ itemId: placeholder('id') })} s) s) as stock,
        (select coalesce(sum(tl.quantity), 0)::numeric(14,3)::text
          from transfer_lines tl join transfers t on t.id = tl.transfer_id
          where t.status = 'approved' and tl.item_id = x.id) as in_transit
      from ${itemsSql('code')} x where x.id = ${placeholder('id')}::uuid`,
    { id },
  );
  const [row] = await reads.rows<ItemRow & { stock: TStockRow[]; in_transit: string }>(statement);
  return row ? { ...toItem(row), in_transit: row.in_transit, stock: row.stock } : null;
}

/** The categories the items use, in order. */
export async function itemCategoryCodes(db: DbOrTx): Promise<{ c: string }[]> {
  return db.selectDistinct({ c: inventoryItems.category }).from(inventoryItems).orderBy(inventoryItems.category);
}

export type NewItem = typeof inventoryItems.$inferInsert;
export type ItemChanges = Partial<typeof inventoryItems.$inferInsert>;

/** Inserts an item; answers its id. */
export async function insertItem(tx: DbOrTx, values: NewItem): Promise<{ id: string }[]> {
  return tx.insert(inventoryItems).values(values).returning({ id: inventoryItems.id });
}

/** Sets the item's columns given in `set`. */
export async function updateItem(tx: DbOrTx, id: string, set: ItemChanges): Promise<void> {
  await tx.update(inventoryItems).set(set).where(eq(inventoryItems.id, id));
}

/** Whether the item exists: its id, or nothing. */
export async function findItemId(tx: DbOrTx, id: string): Promise<{ id: string }[]> {
  return tx.select({ id: inventoryItems.id }).from(inventoryItems).where(eq(inventoryItems.id, id));
}

/** Whether the warehouse exists: its id, or nothing. */
export async function findWarehouseId(tx: DbOrTx, id: string): Promise<{ id: string }[]> {
  return tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, id));
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

/** A page of stock rows (filters, sort and keyset paging on (sort key, item, warehouse)) and how many match. */
export async function listStock(db: DbOrTx, q: TStockListQuery): Promise<TStockList> {
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

const cursorParts = (cursor: string) => decodeCursor(cursorTuple(['timestamptz', 'uuid']), cursor) as [string, string];
const cursorTs = (c: string) => cursorParts(c)[0];
const cursorId = (c: string) => cursorParts(c)[1];

/** A page of movements, latest first (keyset on (created_at, id)), and how many match. */
export async function listMovements(db: DbOrTx, q: TMovementListQuery): Promise<TMovementList> {
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
}

/** A page of adjustments in the query's order of creation (keyset on (created_at, id)), and how many match. */
export async function listAdjustments(db: DbOrTx, q: TAdjustmentListQuery): Promise<TAdjustmentList> {
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
}

/** One adjustment, or null. */
export async function findAdjustment(db: DbOrTx, id: string): Promise<TAdjustment | null> {
  const [row] = rowsOf<AdjustmentRow>(await db.execute(sql`${ADJUSTMENT_SELECT} where a.id = ${id}::uuid`));
  return row ? stripTs(row) : null;
}

/**
 * An adjustment's change computed in numeric (exact) from the level's quantity `before`: the
 * counted quantity less it, or the change given; the quantity after; whether it changes nothing.
 */
export async function adjustmentChange(
  tx: DbOrTx,
  before: string,
  counted: string | undefined,
  change: string | undefined,
): Promise<{ change: string; after: string; zero: boolean }[]> {
  return rowsOf<{ change: string; after: string; zero: boolean }>(
    await tx.execute(sql`
            select c.change::numeric(14,3)::text as change, (${before}::numeric + c.change)::numeric(14,3)::text as after, c.change = 0 as zero
            from (select ${counted !== undefined ? sql`${counted}::numeric - ${before}::numeric` : sql`${change!}::numeric`} as change) c`),
  );
}

/** Inserts an adjustment (its stock moved by the ledger). */
export async function insertAdjustment(tx: DbOrTx, values: typeof adjustments.$inferInsert): Promise<void> {
  await tx.insert(adjustments).values(values);
}
