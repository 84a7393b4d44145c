import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type TWarehouseList } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { transferKeys } from './keys';

/** GET /api/warehouses — the active ones, for the pickers (a company has a handful). */
export function getWarehouses(signal?: AbortSignal): Promise<TWarehouseList> {
  return apiFetch<TWarehouseList>('/api/warehouses', { query: { active: 'true', limit: MAX_PAGE_SIZE }, signal });
}

export function useWarehouses() {
  return useQuery({ queryKey: transferKeys.warehouses(), queryFn: ({ signal }) => getWarehouses(signal), staleTime: 5 * 60_000 });
}
