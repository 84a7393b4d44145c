import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTransfer } from '@portal/shared';
import { isApiError } from '../../../lib/api-client';
import { transferKeys } from './keys';

/**
 * The mutation behind each transition (approve, reject, cancel, receive): the answer replaces
 * the cached detail; a refusal because the transfer moved on meanwhile (409) refetches it, so
 * the page shows the current status and the buttons the server now allows.
 */
export function useTransferTransition<V>(id: string, run: (id: string, variables: V) => Promise<TTransfer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => run(id, variables),
    onSuccess: (transfer) => {
      queryClient.setQueryData(transferKeys.detail(id), transfer);
      void queryClient.invalidateQueries({ queryKey: transferKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['stock'] });
    },
    onError: (error) => {
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: transferKeys.detail(id) });
        void queryClient.invalidateQueries({ queryKey: transferKeys.lists() });
      }
    },
  });
}
