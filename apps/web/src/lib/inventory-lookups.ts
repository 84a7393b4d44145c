import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TItemList, TWarehouseList, TWarehouseStatus } from '@portal/shared';
import { apiFetch } from './api-client';
import { registerRealtimeInvalidation } from './realtime';

/**
 * Query keys of the inventory screens and what makes them stale. Every inventory feature
 * reads under these roots, so one stock or transfer event refreshes every open list and
 * detail (the server sends ids, the queries refetch through the REST API).
 */
export const inventoryKeys = {
  items: ['items'] as const,
  categories: ['items', 'categories'] as const,
  stock: ['stock'] as const,
  movements: ['stock', 'movements'] as const,
  warehouses: ['warehouses'] as const,
  adjustments: ['adjustments'] as const,
  report: ['reports', 'inventory'] as const,
  supervisorDashboard: ['dashboard', 'supervisor'] as const,
};

const STOCK_KEYS = [
  inventoryKeys.items,
  inventoryKeys.stock,
  inventoryKeys.warehouses,
  inventoryKeys.adjustments,
  inventoryKeys.report,
  inventoryKeys.supervisorDashboard,
];
registerRealtimeInvalidation('stock.changed', STOCK_KEYS);
// In-transit figures and the pending counts follow the transfers.
for (const event of ['transfer.created', 'transfer.updated', 'transfer.changed']) {
  registerRealtimeInvalidation(event, [inventoryKeys.stock, inventoryKeys.warehouses, inventoryKeys.items, inventoryKeys.report, inventoryKeys.supervisorDashboard]);
}

/** Every warehouse (active first), for pickers and filters: warehouses are few. */
export function useWarehouseOptions(options: { enabled?: boolean; activeOnly?: boolean } = {}) {
  return useQuery({
    queryKey: [...inventoryKeys.warehouses, 'options', options.activeOnly ?? false],
    queryFn: ({ signal }) =>
      apiFetch<TWarehouseList>('/api/warehouses', { query: { limit: 100, sort: 'code', ...(options.activeOnly ? { active: 'true' } : {}) }, signal }),
    enabled: options.enabled ?? true,
    staleTime: 60_000,
  });
}

/** Item categories in use. */
export function useCategories() {
  return useQuery({
    queryKey: inventoryKeys.categories,
    queryFn: ({ signal }) => apiFetch<{ items: string[] }>('/api/items/categories', { signal }),
    staleTime: 60_000,
  });
}

/** Items matching `q` (code or name), for a picker. */
export function useItemSearch(q: string, options: { activeOnly?: boolean } = {}) {
  return useQuery({
    queryKey: [...inventoryKeys.items, 'search', q, options.activeOnly ?? true],
    queryFn: ({ signal }) =>
      apiFetch<TItemList>('/api/items', { query: { q: q || undefined, limit: 20, ...(options.activeOnly === false ? {} : { active: 'true' }) }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/warehouses/status — the warehouse status screen's figures, one entry per warehouse
 * the caller may see (a technician: their van only).
 */
export function useWarehouseStatuses(options: { warehouseId?: string; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...inventoryKeys.warehouses, 'status', options.warehouseId ?? 'all'],
    queryFn: ({ signal }) =>
      apiFetch<{ items: TWarehouseStatus[] }>('/api/warehouses/status', { query: { warehouse_id: options.warehouseId }, signal }),
    enabled: options.enabled ?? true,
  });
}
