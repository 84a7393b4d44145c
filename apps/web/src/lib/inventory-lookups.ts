import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { TRANSFER_STATUSES, type TItemList, type TWarehouseList, type TWarehouseStatus } from '@portal/shared';
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
// The server's events (apps/server/src/modules/inventory, warehouses, transfers): every stock
// movement is `stock.changed`; an item or warehouse edited is `item.changed` /
// `warehouse.changed`; a new adjustment `adjustment.created`.
for (const event of ['stock.changed', 'item.changed', 'warehouse.changed', 'adjustment.created']) {
  registerRealtimeInvalidation(event, STOCK_KEYS);
}
// In-transit figures and the pending counts follow the transfers (`transfer.<new status>`).
for (const event of ['transfer.created', ...TRANSFER_STATUSES.map((status) => `transfer.${status}`)]) {
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
export function useItemSearch(q: string, options: { activeOnly?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: [...inventoryKeys.items, 'search', q, options.activeOnly ?? true],
    queryFn: ({ signal }) =>
      apiFetch<TItemList>('/api/items', { query: { q: q || undefined, limit: 20, ...(options.activeOnly === false ? {} : { active: 'true' }) }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The warehouse status screen's figures: `GET /api/warehouses/:id/status` for every active
 * warehouse, or only the van of `technicianId` (a technician sees their van).
 */
export function useWarehouseStatuses(options: { technicianId?: string; enabled?: boolean } = {}) {
  const enabled = options.enabled ?? true;
  const warehouses = useWarehouseOptions({ enabled, activeOnly: true });
  const chosen = (warehouses.data?.items ?? []).filter((w) => !options.technicianId || (w.kind === 'van' && w.technician_id === options.technicianId));
  const statuses = useQueries({
    queries: chosen.map((w) => ({
      queryKey: [...inventoryKeys.warehouses, 'status', w.id],
      queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch<TWarehouseStatus>(`/api/warehouses/${encodeURIComponent(w.id)}/status`, { signal }),
      enabled,
    })),
  });
  const failed = statuses.find((s) => s.isError);
  const items = statuses.flatMap((s) => (s.data ? [s.data] : []));
  return {
    isPending: warehouses.isPending || statuses.some((s) => s.isPending),
    isError: warehouses.isError || !!failed,
    error: warehouses.error ?? failed?.error ?? null,
    data: { items },
    refetch: async () => {
      await warehouses.refetch();
      await Promise.all(statuses.map((s) => s.refetch()));
    },
  };
}
