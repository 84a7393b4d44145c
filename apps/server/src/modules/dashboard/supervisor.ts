import type { TSupervisorDashboard } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { mostUrgentItems, stockAlertCounts } from '../inventory/index.js';
import { recentMovements, stockValueByWarehouse, totalStockValue, transferCounts } from './queries.js';

/**
 * PRODUCT.md §5, supervisor: items low / out of stock, pending transfers, stock value by
 * warehouse, recent movements. Low / out of stock count active items by their status over all
 * warehouses together (PRODUCT.md §4), from the items list's own query: the figures equal
 * `/dashboard/inventory?status=…&active=true`, which they link to. The attention list below
 * them shows the most urgent of those items, by the same rule (docs/decisions/012-low-stock.md).
 */
export async function supervisorDashboard(db: Db): Promise<TSupervisorDashboard> {
  const stock = await stockAlertCounts(db);
  const [counts] = await transferCounts(db);
  const byWarehouse = await stockValueByWarehouse(db);
  const [total] = await totalStockValue(db);
  const attention = await mostUrgentItems(db, 10);
  const recent = await recentMovements(db);
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
