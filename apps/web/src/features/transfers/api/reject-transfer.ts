import type { TRejectTransferRequest, TTransfer } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { useTransferTransition } from './use-transfer-transition';

/** POST /api/transfers/:id/reject `{ reason }` — the transfer afterwards. */
export function rejectTransfer(id: string, request: TRejectTransferRequest): Promise<TTransfer> {
  return apiFetch<TTransfer>(`/api/transfers/${encodeURIComponent(id)}/reject`, { method: 'POST', body: request });
}

export function useRejectTransfer(id: string) {
  return useTransferTransition<TRejectTransferRequest>(id, rejectTransfer);
}
