import { sql } from 'drizzle-orm';
import type { TMovement, TSupervisorDashboard } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { isoSql } from '../../db/sql.js';
import { mostUrgentItems, stockAlertCounts } from '../inventory/index.js';

/**
 * PRODUCT.md §5, supervisor: items low / out of stock, pending transfers, stock value by
 * warehouse, recent movements. Low / out of stock count active items by their status over all
 * warehouses together (PRODUCT.md §4), from the items list's own query: the figures equal
 * `/dashboard/inventory?status=…&active=true`, which they link to. The attention list below
 * them shows the most urgent of those items, by the same rule (docs/decisions/012-low-stock.md).
 */
export async function supervisorDashboard(db: Db): Promise<TSupervisorDashboard> {
  const stock = await stockAlertCounts(db);
  const [counts] = rowsOf<{ pending: number; transit: number }>(
    await db.execute(sql`
      select
        (select count(*) from transfers where status = 'pending')::int as pending,
        (select count(*) from transfers where status = 'approved')::int as transit`),
  );
  const byWarehouse = rowsOf<TSupervisorDashboard['stock_value_by_warehouse'][number]>(
    await db.execute(sql`
      select w.id as warehouse_id, w.code as warehouse_code, w.name as warehouse_name, w.kind::text as warehouse_kind,
        coalesce(round(sum(l.quantity * i.price), 2), 0)::numeric(16,2)::text as value
      from warehouses w
      left join stock_levels l on l.warehouse_id = w.id
      left join inventory_items i on i.id = l.item_id
      where w.active
      group by w.id order by w.kind, w.code`),
  );
  const [total] = rowsOf<{ value: string }>(
    await db.execute(sql`select coalesce(round(sum(l.quantity * i.price), 2), 0)::numeric(16,2)::text as value from stock_levels l join inventory_items i on i.id = l.item_id`),
  );
  const attention = await mostUrgentItems(db, 10);
  const recent = rowsOf<TMovement>(
    await db.execute(sql`
      select m.id, m.item_id, i.code as item_code, i.name as item_name, m.warehouse_id, w.code as warehouse_code, w.name as warehouse_name,
        m.quantity::text as quantity, m.kind::text as kind, m.document_type, m.document_id, m.document_number, m.actor_id, u.name as actor_name,
        ${isoSql('m.created_at', 'us')} as created_at
      from stock_movements m
      join inventory_items i on i.id = m.item_id
      join warehouses w on w.id = m.warehouse_id
      left join users u on u.id = m.actor_id
      order by m.created_at desc, m.id desc limit 10`),
  );
  return {
    low_stock: stock.low_stock,
    out_of_stock: stock.out_of_stock,
    pending_transfers: counts!.pending,
    in_transit_transfers: counts!.transit,
    stock_value: total!.value,
    stock_value_by_warehouse: byWarehouse,
    attention,
    recent_movements: recent,
  };
}
