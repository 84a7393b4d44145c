import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { categoryName, TRANSFER_STATUSES, type TItemCategoryList, type TItemList, type TWarehouseList, type TWarehouseStatus } from '@portal/shared';
import { apiFetch } from './api-client';
import { registerRealtimeInvalidation } from './realtime';

/**
 * Query keys of the inventory screens and what makes them stale. Every inventory feature
 * reads under these roots, so one stock or transfer event refreshes every open list and
 * detail (the server sends ids, the queries refetch through the REST API).
 */
export const inventoryKeys = {
  items: ['items'] as const,
  categories: ['item-categories'] as const,
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
// A category renamed or added: its list, and every item and stock line showing its name.
registerRealtimeInvalidation('item_category.changed', [inventoryKeys.categories, ...STOCK_KEYS]);
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

/** Every item category with both names (a company has tens), sorted by the name in the page's language. */
export function useCategories() {
  const { i18n } = useTranslation();
  const lang = i18n.language.startsWith('ar') ? 'ar' : 'en';
  return useQuery({
    queryKey: [...inventoryKeys.categories, lang],
    queryFn: ({ signal }) => apiFetch<TItemCategoryList>('/api/item-categories', { query: { lang }, signal }),
    staleTime: 60_000,
  });
}

/** The categories as Select options (code → the name in the page's language). */
export function useCategoryOptions() {
  const { i18n } = useTranslation();
  const categories = useCategories();
  const options = (categories.data?.items ?? []).map((c) => ({ value: c.code, label: categoryName(c, i18n.language) }));
  return { ...categories, options };
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
