import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateTransferRequest, TTransfer } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { transferKeys } from './keys';

/** POST /api/transfers → 201, the new pending transfer. */
export function createTransfer(request: TCreateTransferRequest): Promise<TTransfer> {
  return apiFetch<TTransfer>('/api/transfers', { method: 'POST', body: request });
}

export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransfer,
    onSuccess: (transfer) => {
      queryClient.setQueryData(transferKeys.detail(transfer.id), transfer);
      void queryClient.invalidateQueries({ queryKey: transferKeys.lists() });
    },
  });
}
