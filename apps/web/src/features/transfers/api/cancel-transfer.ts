import type { TTransfer } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { useTransferTransition } from './use-transfer-transition';

/** POST /api/transfers/:id/cancel — the transfer afterwards. */
export function cancelTransfer(id: string): Promise<TTransfer> {
  return apiFetch<TTransfer>(`/api/transfers/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: {} });
}

export function useCancelTransfer(id: string) {
  return useTransferTransition<void>(id, (transferId) => cancelTransfer(transferId));
}
