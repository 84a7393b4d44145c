import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreateSupplier, TPatchSupplier, TSupplier, TSupplierList } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { usePagedQuery, type ListQuery } from '../../../lib/paged-query';
import { supplierKeys } from './keys';

/** GET /api/suppliers — one keyset page. */
export function useSuppliers(query: ListQuery) {
  return usePagedQuery<TSupplier>(supplierKeys.lists(), '/api/suppliers', query);
}

/** Suppliers matching `q` (name, phone or VAT number), for a picker; `activeOnly` for new receipts. */
export function useSupplierOptions(q: string, options: { activeOnly?: boolean } = {}) {
  const activeOnly = options.activeOnly ?? true;
  return useQuery({
    queryKey: [...supplierKeys.options(q), activeOnly],
    queryFn: ({ signal }) =>
      apiFetch<TSupplierList>('/api/suppliers', { query: { q: q || undefined, limit: 20, ...(activeOnly ? { active: 'true' } : {}) }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** POST /api/suppliers, or PATCH /api/suppliers/:id when `id` is given (also deactivate/reactivate). */
export function saveSupplier({ id, body }: { id?: string; body: TCreateSupplier | TPatchSupplier }): Promise<TSupplier> {
  return id
    ? apiFetch<TSupplier>(`/api/suppliers/${encodeURIComponent(id)}`, { method: 'PATCH', body })
    : apiFetch<TSupplier>('/api/suppliers', { method: 'POST', body });
}

export function useSaveSupplier() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSupplier, onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierKeys.all }) });
}
