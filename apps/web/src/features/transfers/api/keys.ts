import type { TTransferListQuery } from '@portal/shared';

/** Every transfers query lives under ['transfers'], so one invalidation refreshes them all. */
export const transferKeys = {
  all: ['transfers'] as const,
  lists: () => ['transfers', 'list'] as const,
  list: (query: Partial<TTransferListQuery>) => ['transfers', 'list', query] as const,
  detail: (id: string) => ['transfers', 'detail', id] as const,
  warehouses: () => ['transfers', 'warehouses'] as const,
  items: (q: string) => ['transfers', 'items', q] as const,
  /** Under ['stock'] too: a stock event makes the quantities shown in the form stale. */
  available: (warehouseId: string, itemId: string) => ['stock', 'transfers-available', warehouseId, itemId] as const,
};
