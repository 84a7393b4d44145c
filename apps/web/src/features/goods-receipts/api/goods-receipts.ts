import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreateGoodsReceipt, TGoodsReceipt, TGoodsReceiptSummary } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { usePagedQuery, type ListQuery } from '../../../lib/paged-query';
import { receiptKeys, supplierKeys } from './keys';

/** GET /api/goods-receipts — one keyset page of `{ items, next_cursor, total }`. */
export function useGoodsReceipts(query: ListQuery) {
  return usePagedQuery<TGoodsReceiptSummary>(receiptKeys.lists(), '/api/goods-receipts', query);
}

/** GET /api/goods-receipts/:id — with its lines and totals. */
export function getGoodsReceipt(id: string, signal?: AbortSignal): Promise<TGoodsReceipt> {
  return apiFetch<TGoodsReceipt>(`/api/goods-receipts/${encodeURIComponent(id)}`, { signal });
}

export const goodsReceiptQuery = (id: string) =>
  queryOptions({ queryKey: receiptKeys.detail(id), queryFn: ({ signal }) => getGoodsReceipt(id, signal) });

export function useGoodsReceipt(id: string) {
  return useQuery(goodsReceiptQuery(id));
}

/** POST /api/goods-receipts → 201, the receipt as posted. */
export function createGoodsReceipt(body: TCreateGoodsReceipt): Promise<TGoodsReceipt> {
  return apiFetch<TGoodsReceipt>('/api/goods-receipts', { method: 'POST', body });
}

export function useCreateGoodsReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGoodsReceipt,
    onSuccess: (receipt) => {
      queryClient.setQueryData(receiptKeys.detail(receipt.id), receipt);
      void queryClient.invalidateQueries({ queryKey: receiptKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: supplierKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['stock'] });
      void queryClient.invalidateQueries({ queryKey: ['items'] });
    },
  });
}
