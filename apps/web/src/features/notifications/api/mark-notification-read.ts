import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNotification, TNotificationList } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { toastError } from '../../../lib/toast';
import { notificationKeys } from './get-notifications';

/** POST /api/notifications/:id/read */
export function markNotificationRead(id: string): Promise<TNotification> {
  return apiFetch<TNotification>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

/** Marks one as read at once in the bell; puts it back and says so if the server refuses. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const key = notificationKeys.list();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TNotificationList>(key);
      queryClient.setQueryData<TNotificationList>(key, (list) => {
        if (!list) return list;
        const target = list.items.find((n) => n.id === id);
        if (!target || target.read) return list;
        return {
          ...list,
          items: list.items.map((n) => (n.id === id ? { ...n, read: true } : n)),
          unread_count: Math.max(0, list.unread_count - 1),
        };
      });
      return { before };
    },
    onError: (_error, _id, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toastError('toast.markReadFailed');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
