import type { TTransfer } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { useTransferTransition } from './use-transfer-transition';

/** POST /api/transfers/:id/approve — the transfer afterwards. */
export function approveTransfer(id: string): Promise<TTransfer> {
  return apiFetch<TTransfer>(`/api/transfers/${encodeURIComponent(id)}/approve`, { method: 'POST', body: {} });
}

export function useApproveTransfer(id: string) {
  return useTransferTransition<void>(id, (transferId) => approveTransfer(transferId));
}
