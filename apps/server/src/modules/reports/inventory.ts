import { sql } from 'drizzle-orm';
import type { TInventoryReport, TInventoryReportQuery, TStockRow } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { CSV_BOM, csvLine } from '../../lib/csv.js';
import { rowsOf } from '../inventory/ledger.js';
import { STOCK_ROW_COLUMNS, stockRowsSql } from '../inventory/queries.js';
import { where } from '../inventory/keyset.js';
import { boundMs, isDay } from '../../lib/date-filter.js';
import { getSettings } from '../settings/service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The inventory report: stock by warehouse and category with its value (quantity × price,
 * before tax), low and out of stock, movements in a date range by kind and by day, and what
 * is in transit. Every figure is summed in SQL numeric (exact).
 */
export async function inventoryReport(db: Db, q: TInventoryReportQuery): Promise<TInventoryReport> {
  const now = new Date();
  // A day is the company's (issue #24): from its start up to the next day's start (exclusive).
  const { time_zone: zone } = await getSettings(db, ['time_zone']);
  const from = q.from ? new Date(boundMs(q.from, 'from', zone)) : new Date(now.getTime() - 30 * DAY_MS);
  const toDay = !!q.to && isDay(q.to);
  const toBound = q.to ? new Date(boundMs(q.to, 'to', zone)) : now;
  /** As reported: the last millisecond of a day given as `to`. */
  const to = toDay ? new Date(toBound.getTime() - 1) : toBound;
  const stockFilter = where([q.category ? sql`s.category = ${q.category}` : undefined]);
  const stock = stockRowsSql({ warehouseId: q.warehouse_id });
  const rows = <T>(r: unknown) => rowsOf<T>(r);

  const [totals] = rows<TInventoryReport['totals']>(
    await db.execute(sql`
      select coalesce(sum(s.q), 0)::numeric(16,3)::text as quantity, coalesce(sum(s.v), 0)::numeric(16,2)::text as value,
        (count(*) filter (where s.status = 'low_stock' and s.item_active))::int as low_stock,
        (count(*) filter (where s.status = 'out_of_stock' and s.item_active))::int as out_of_stock
      from ${stock} s where ${stockFilter}`),
  );
  const byWarehouse = rows<TInventoryReport['by_warehouse'][number]>(
    await db.execute(sql`
      select s.warehouse_id, s.warehouse_code, s.warehouse_name, s.warehouse_kind,
        coalesce(sum(s.q), 0)::numeric(16,3)::text as quantity, coalesce(sum(s.v), 0)::numeric(16,2)::text as value,
        coalesce(sum(s.in_transit_in::numeric), 0)::numeric(16,3)::text as in_transit_in,
        coalesce(sum(s.in_transit_out::numeric), 0)::numeric(16,3)::text as in_transit_out
      from ${stock} s where ${stockFilter}
      group by s.warehouse_id, s.warehouse_code, s.warehouse_name, s.warehouse_kind
      order by s.warehouse_kind, s.warehouse_code`),
  );
  const byCategory = rows<TInventoryReport['by_category'][number]>(
    await db.execute(sql`
      select s.category, coalesce(sum(s.q), 0)::numeric(16,3)::text as quantity, coalesce(sum(s.v), 0)::numeric(16,2)::text as value
      from ${stock} s where ${stockFilter} group by s.category order by s.category`),
  );
  const byWarehouseCategory = rows<TInventoryReport['by_warehouse_category'][number]>(
    await db.execute(sql`
      select s.warehouse_id, s.warehouse_code, s.category,
        coalesce(sum(s.q), 0)::numeric(16,3)::text as quantity, coalesce(sum(s.v), 0)::numeric(16,2)::text as value
      from ${stock} s where ${stockFilter}
      group by s.warehouse_id, s.warehouse_code, s.category order by s.warehouse_code, s.category`),
  );
  const attention = rows<TStockRow>(
    await db.execute(sql`
      select ${STOCK_ROW_COLUMNS} from ${stock} s
      where ${stockFilter} and s.status <> 'in_stock' and s.item_active
      order by s.status desc, lower(s.warehouse_code), lower(s.item_code)`),
  );

  const movementFilter = where([
    sql`m.created_at >= ${from.toISOString()}::timestamptz`,
    toDay ? sql`m.created_at < ${toBound.toISOString()}::timestamptz` : sql`m.created_at <= ${toBound.toISOString()}::timestamptz`,
    q.warehouse_id ? sql`m.warehouse_id = ${q.warehouse_id}::uuid` : undefined,
    q.category ? sql`i.category = ${q.category}` : undefined,
  ]);
  const movements = rows<TInventoryReport['movements'][number]>(
    await db.execute(sql`
      select m.kind::text as kind, count(*)::int as count,
        coalesce(sum(m.quantity) filter (where m.quantity > 0), 0)::numeric(16,3)::text as quantity_in,
        coalesce(-sum(m.quantity) filter (where m.quantity < 0), 0)::numeric(16,3)::text as quantity_out
      from stock_movements m join inventory_items i on i.id = m.item_id
      where ${movementFilter} group by m.kind order by m.kind`),
  );
  const byDay = rows<TInventoryReport['movements_by_day'][number]>(
    await db.execute(sql`
      select to_char(date_trunc('day', m.created_at at time zone ${zone}::text), 'YYYY-MM-DD') as day,
        coalesce(sum(m.quantity) filter (where m.quantity > 0), 0)::numeric(16,3)::text as quantity_in,
        coalesce(-sum(m.quantity) filter (where m.quantity < 0), 0)::numeric(16,3)::text as quantity_out
      from stock_movements m join inventory_items i on i.id = m.item_id
      where ${movementFilter} group by 1 order by 1`),
  );
  const inTransit = rows<TInventoryReport['in_transit'][number]>(
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
        q.warehouse_id ? sql`(t.from_warehouse_id = ${q.warehouse_id}::uuid or t.to_warehouse_id = ${q.warehouse_id}::uuid)` : undefined,
        q.category ? sql`i.category = ${q.category}` : undefined,
      ])}
      order by t.number, i.code`),
  );

  return {
    generated_at: now.toISOString(),
    from: from.toISOString(),
    to: to.toISOString(),
    totals: totals!,
    by_warehouse: byWarehouse,
    by_category: byCategory,
    by_warehouse_category: byWarehouseCategory,
    low_stock: attention.filter((r) => r.status === 'low_stock'),
    out_of_stock: attention.filter((r) => r.status === 'out_of_stock'),
    movements,
    movements_by_day: byDay,
    in_transit: inTransit,
  };
}



/**
 * The report as CSV (UTF-8 with a BOM so spreadsheet programs show Arabic): blocks separated
 * by a blank line — stock by warehouse and category, low/out of stock, movements by kind, in transit.
 */
export function inventoryReportCsv(r: TInventoryReport): string {
  const out: string[] = [];
  out.push(csvLine(['Inventory report', r.generated_at, 'movements from', r.from, 'to', r.to]), '');
  out.push(csvLine(['warehouse', 'category', 'quantity', 'value']));
  for (const x of r.by_warehouse_category) out.push(csvLine([x.warehouse_code, x.category, x.quantity, x.value]));
  out.push(csvLine(['total', '', r.totals.quantity, r.totals.value]), '');
  out.push(csvLine(['status', 'warehouse', 'item code', 'item name', 'quantity', 'minimum', 'unit']));
  for (const x of [...r.out_of_stock, ...r.low_stock]) {
    out.push(csvLine([x.status, x.warehouse_code, x.item_code, x.item_name, x.quantity, x.min_quantity, x.unit]));
  }
  out.push('', csvLine(['movement kind', 'count', 'quantity in', 'quantity out']));
  for (const x of r.movements) out.push(csvLine([x.kind, x.count, x.quantity_in, x.quantity_out]));
  out.push('', csvLine(['in transit', 'from', 'to', 'item code', 'item name', 'quantity', 'value']));
  for (const x of r.in_transit) {
    out.push(csvLine([x.transfer_number, x.from_warehouse_code, x.to_warehouse_code, x.item_code, x.item_name, x.quantity, x.value]));
  }
  return `${CSV_BOM}${out.join('\r\n')}\r\n`;
}
