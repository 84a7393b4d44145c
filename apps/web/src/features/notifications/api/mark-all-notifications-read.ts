import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNotificationList } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { toastError } from '../../../lib/toast';
import { notificationKeys } from './get-notifications';

/** POST /api/notifications/read-all */
export function markAllNotificationsRead(): Promise<{ updated: number }> {
  return apiFetch<{ updated: number }>('/api/notifications/read-all', { method: 'POST' });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  const key = notificationKeys.list();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TNotificationList>(key);
      queryClient.setQueryData<TNotificationList>(key, (list) =>
        list ? { ...list, items: list.items.map((n) => ({ ...n, read: true })), unread_count: 0 } : list,
      );
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toastError('toast.markAllReadFailed');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
