import type { TTransfer } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { useTransferTransition } from './use-transfer-transition';

/** POST /api/transfers/:id/receive — the transfer afterwards. */
export function receiveTransfer(id: string): Promise<TTransfer> {
  return apiFetch<TTransfer>(`/api/transfers/${encodeURIComponent(id)}/receive`, { method: 'POST', body: {} });
}

export function useReceiveTransfer(id: string) {
  return useTransferTransition<void>(id, (transferId) => receiveTransfer(transferId));
}
