import { registerRealtimeInvalidation, useRealtimeSubscription } from '../../../lib/realtime';

/** Every goods-receipt query lives under ['goods-receipts'], suppliers under ['suppliers']. */
export const receiptKeys = {
  all: ['goods-receipts'] as const,
  lists: () => ['goods-receipts', 'list'] as const,
  detail: (id: string) => ['goods-receipts', 'detail', id] as const,
};

export const supplierKeys = {
  all: ['suppliers'] as const,
  lists: () => ['suppliers', 'list'] as const,
  options: (q: string) => ['suppliers', 'options', q] as const,
};

// A new receipt (`goods_receipt.created`, on the stock topic) makes the receipts and the
// suppliers' receipt counts stale; the stock it moved is refreshed by its `stock.changed`.
registerRealtimeInvalidation('goods_receipt.created', [receiptKeys.all, supplierKeys.all]);
registerRealtimeInvalidation('stock.changed', [receiptKeys.all]);

const ignore = () => {};

/** Joins the topic whose events keep the goods-receipt screens fresh. */
export function useGoodsReceiptsLive(): void {
  useRealtimeSubscription('stock', ignore);
}
