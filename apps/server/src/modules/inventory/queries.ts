import { sql, type SQL } from 'drizzle-orm';
import type { TStockRow } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { statusSql } from './ledger.js';

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
export function stockRowsSql(scope: { warehouseId?: string; itemId?: string } = {}): SQL {
  const wh = scope.warehouseId ?? null;
  const item = scope.itemId ?? null;
  return sql`(
    with transit as (
      select tl.item_id, t.from_warehouse_id, t.to_warehouse_id, tl.quantity
      from transfer_lines tl join transfers t on t.id = tl.transfer_id
      where t.status = 'approved'
    ),
    keys as (
      select item_id, warehouse_id from stock_levels
      where (${wh}::uuid is null or warehouse_id = ${wh}::uuid) and (${item}::uuid is null or item_id = ${item}::uuid)
      union
      select item_id, to_warehouse_id from transit
      where (${wh}::uuid is null or to_warehouse_id = ${wh}::uuid) and (${item}::uuid is null or item_id = ${item}::uuid)
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
