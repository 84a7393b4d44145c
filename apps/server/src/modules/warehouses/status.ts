import type { TWarehouseStatus, TWarehouseWithStock } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { checkInvariant, shortStockLines } from '../inventory/index.js';
import { warehouseTransferCounts } from './queries.js';

/**
 * The warehouse-diagnostic screen: its lines (with a stock level here) of active items low or
 * out of stock over ALL warehouses — as many as `/api/items?warehouse_id=…&status=…&active=true` — its pending and in-transit
 * transfers (straight from the transfers table), and the ledger invariant for it.
 */
export async function warehouseStatus(db: Db, warehouse: TWarehouseWithStock): Promise<TWarehouseStatus> {
  const warehouseId = warehouse.id;
  const lines = await shortStockLines(db, warehouseId);
  const [t] = await warehouseTransferCounts(db, warehouseId);
  return {
    warehouse,
    low_stock: lines.filter((l) => l.status === 'low_stock'),
    out_of_stock: lines.filter((l) => l.status === 'out_of_stock'),
    transfers: t!,
    invariant: await checkInvariant(db, { warehouseId }),
    checked_at: new Date().toISOString(),
  };
}
