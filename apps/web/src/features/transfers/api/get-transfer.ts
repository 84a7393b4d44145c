import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTransfer } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { transferKeys } from './keys';

/** GET /api/transfers/:id — with its lines, timeline and the caller's allowed_actions. */
export function getTransfer(id: string, signal?: AbortSignal): Promise<TTransfer> {
  return apiFetch<TTransfer>(`/api/transfers/${encodeURIComponent(id)}`, { signal });
}

export const transferQuery = (id: string) =>
  queryOptions({ queryKey: transferKeys.detail(id), queryFn: ({ signal }) => getTransfer(id, signal) });

export function useTransfer(id: string) {
  return useQuery(transferQuery(id));
}
