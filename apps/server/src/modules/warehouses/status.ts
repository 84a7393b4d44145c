import { sql } from 'drizzle-orm';
import type { TWarehouseStatus, TWarehouseWithStock } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { checkInvariant, shortStockLines } from '../inventory/index.js';
import { rowsOf } from '../../db/rows.js';

/**
 * The warehouse-diagnostic screen: its lines (with a stock level here) of active items low or
 * out of stock over ALL warehouses — as many as `/api/items?warehouse_id=…&status=…&active=true` — its pending and in-transit
 * transfers (straight from the transfers table), and the ledger invariant for it.
 */
export async function warehouseStatus(db: Db, warehouse: TWarehouseWithStock): Promise<TWarehouseStatus> {
  const warehouseId = warehouse.id;
  const lines = await shortStockLines(db, warehouseId);
  const [t] = rowsOf<TWarehouseStatus['transfers']>(
    await db.execute(sql`
      select
        count(*) filter (where status = 'pending' and from_warehouse_id = ${warehouseId}::uuid)::int as pending_out,
        count(*) filter (where status = 'pending' and to_warehouse_id = ${warehouseId}::uuid)::int as pending_in,
        count(*) filter (where status = 'approved' and from_warehouse_id = ${warehouseId}::uuid)::int as in_transit_out,
        count(*) filter (where status = 'approved' and to_warehouse_id = ${warehouseId}::uuid)::int as in_transit_in
      from transfers
      where status in ('pending', 'approved') and (from_warehouse_id = ${warehouseId}::uuid or to_warehouse_id = ${warehouseId}::uuid)`),
  );
  return {
    warehouse,
    low_stock: lines.filter((l) => l.status === 'low_stock'),
    out_of_stock: lines.filter((l) => l.status === 'out_of_stock'),
    transfers: t!,
    invariant: await checkInvariant(db, { warehouseId }),
    checked_at: new Date().toISOString(),
  };
}
