import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TWarehouseList, TWarehouseListQuery, TWarehouseStatus, TWarehouseWithStock } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { technicians, users, warehouses } from '../../db/schema.js';
import { after, orderBy, pageOf, type KeyType } from '../../db/keyset.js';
import { like, where } from '../../db/sql.js';
import { rowsOf } from '../../db/rows.js';
import { statusSql } from '../inventory/index.js';

const SORT: Record<TWarehouseListQuery['sort'], { expr: string; type: KeyType }> = {
  code: { expr: 'lower(w.code)', type: 'text' },
  name: { expr: 'lower(w.name)', type: 'text' },
  kind: { expr: 'w.kind::text', type: 'text' },
  created: { expr: 'w.created_at', type: 'timestamptz' },
};

/**
 * Warehouses with their stock figures, as a subquery `x` with `sort_key`. Low / out of stock:
 * the active items with a level here whose status over all warehouses is so — the length of
 * `/api/items?warehouse_id=…&status=…&active=true`, which the figures link to.
 */
function warehousesSql(sort: TWarehouseListQuery['sort']): SQL {
  return sql`(
    select w.id, w.code, w.name, w.kind::text as kind, w.technician_id, u.name as technician_name, w.address, w.active,
      coalesce(s.value, 0)::numeric(16,2)::text as stock_value,
      coalesce(s.item_count, 0)::int as item_count,
      coalesce(s.low, 0)::int as low_stock_count,
      coalesce(s.out_, 0)::int as out_of_stock_count,
      ${sql.raw(SORT[sort].expr)} as sort_key, (${sql.raw(SORT[sort].expr)})::text as sort_text
    from warehouses w
    left join users u on u.id = w.technician_id
    left join (
      select l.warehouse_id, round(sum(l.quantity * i.price), 2) as value,
        count(*) filter (where l.quantity > 0) as item_count,
        count(*) filter (where i.active and t.status = 'low_stock') as low,
        count(*) filter (where i.active and t.status = 'out_of_stock') as out_
      from stock_levels l join inventory_items i on i.id = l.item_id
      -- The item's status over ALL warehouses, never this warehouse's quantity (docs/decisions/012-low-stock.md).
      cross join lateral (
        select ${statusSql(sql`coalesce((select sum(o.quantity) from stock_levels o where o.item_id = l.item_id), 0)`, sql`i.min_quantity`)} as status
      ) t
      group by l.warehouse_id
    ) s on s.warehouse_id = w.id
  )`;
}

type Row = TWarehouseWithStock & { sort_text: string; sort_key: unknown };
const toApi = ({ sort_text: _t, sort_key: _k, ...w }: Row): TWarehouseWithStock => w;

/** A warehouse with its stock figures, or null. */
export async function getWarehouse(db: DbOrTx, id: string): Promise<TWarehouseWithStock | null> {
  const [row] = rowsOf<Row>(await db.execute(sql`select * from ${warehousesSql('code')} x where x.id = ${id}::uuid`));
  return row ? toApi(row) : null;
}

/** A page of warehouses with their stock figures (filters, sort and keyset paging of the query) and how many match. */
export async function listWarehouses(db: DbOrTx, q: TWarehouseListQuery): Promise<TWarehouseList> {
  const sort = SORT[q.sort];
  const filters = [
    q.q ? sql`(x.code ilike ${like(q.q)} or x.name ilike ${like(q.q)})` : undefined,
    q.kind ? sql`x.kind = ${q.kind}` : undefined,
    q.active ? sql`x.active = ${q.active === 'true'}` : undefined,
  ];
  const from = warehousesSql(q.sort);
  const page = rowsOf<Row>(
    await db.execute(
      sql`select * from ${from} x where ${where([...filters, after(q.cursor, sort.type, ['id'], q.order)])} order by ${orderBy(['id'], q.order)} limit ${q.limit + 1}`,
    ),
  );
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${from} x where ${where(filters)}`));
  const { items, next_cursor } = pageOf(page, q.limit, (last) => [last.sort_text, last.id]);
  return {
    items: items.map(toApi),
    next_cursor,
    total: count?.n ?? 0,
  };
}

/** The user `technicianId` when it is a technician (empty otherwise). */
export async function findTechnicianUser(tx: DbOrTx, technicianId: string): Promise<{ id: string }[]> {
  return tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, technicianId), eq(users.role, 'technician')));
}

/** The van of `technicianId` other than `warehouseId` (any van when null), if there is one. */
export async function findOtherVanOf(tx: DbOrTx, technicianId: string, warehouseId: string | null): Promise<{ id: string }[]> {
  return tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.technicianId, technicianId), warehouseId ? sql`${warehouses.id} <> ${warehouseId}` : undefined));
}

/** Whether another warehouse than `exceptId` has this code, case-insensitively. */
export async function warehouseCodeInUse(tx: DbOrTx, code: string, exceptId: string | null): Promise<boolean> {
  const [row] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(sql`lower(${warehouses.code}) = lower(${code})`, exceptId ? sql`${warehouses.id} <> ${exceptId}` : undefined));
  return !!row;
}

export type NewWarehouse = Pick<typeof warehouses.$inferInsert, 'code' | 'name' | 'kind' | 'technicianId' | 'address' | 'active'>;

/** Inserts a warehouse; answers its id. */
export async function insertWarehouse(tx: DbOrTx, values: NewWarehouse): Promise<{ id: string }[]> {
  return tx.insert(warehouses).values(values).returning({ id: warehouses.id });
}

/** Sets the columns given (undefined ones are left as they are). */
export async function updateWarehouse(tx: DbOrTx, id: string, changes: Partial<NewWarehouse>): Promise<void> {
  await tx.update(warehouses).set(changes).where(eq(warehouses.id, id));
}

/** Records `warehouseId` as the technician's van. */
export async function setTechnicianVan(tx: DbOrTx, technicianId: string, warehouseId: string): Promise<void> {
  await tx.update(technicians).set({ vanWarehouseId: warehouseId }).where(eq(technicians.userId, technicianId));
}

/** Clears the technician's van when it is still `warehouseId`. */
export async function clearTechnicianVan(tx: DbOrTx, technicianId: string, warehouseId: string): Promise<void> {
  await tx.update(technicians).set({ vanWarehouseId: null }).where(and(eq(technicians.userId, technicianId), eq(technicians.vanWarehouseId, warehouseId)));
}

/** A warehouse's pending and in-transit transfers, out and in (one row). */
export async function warehouseTransferCounts(db: DbOrTx, warehouseId: string): Promise<TWarehouseStatus['transfers'][]> {
  return rowsOf<TWarehouseStatus['transfers']>(
    await db.execute(sql`
      select
        count(*) filter (where status = 'pending' and from_warehouse_id = ${warehouseId}::uuid)::int as pending_out,
        count(*) filter (where status = 'pending' and to_warehouse_id = ${warehouseId}::uuid)::int as pending_in,
        count(*) filter (where status = 'approved' and from_warehouse_id = ${warehouseId}::uuid)::int as in_transit_out,
        count(*) filter (where status = 'approved' and to_warehouse_id = ${warehouseId}::uuid)::int as in_transit_in
      from transfers
      where status in ('pending', 'approved') and (from_warehouse_id = ${warehouseId}::uuid or to_warehouse_id = ${warehouseId}::uuid)`),
  );
}
