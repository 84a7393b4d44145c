import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE, type TNotificationList } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { registerRealtimeInvalidation } from '../../../lib/realtime';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list', { limit: NOTIFICATIONS_PAGE_SIZE }] as const,
};

// A new notification, or one read in another tab: the bell's list and count are stale.
registerRealtimeInvalidation('notification.created', [notificationKeys.all]);
registerRealtimeInvalidation('notification.read', [notificationKeys.all]);

/** GET /api/notifications — the newest 50, newest first, with the unread count. */
export function getNotifications(signal?: AbortSignal): Promise<TNotificationList> {
  return apiFetch<TNotificationList>('/api/notifications', { query: { limit: NOTIFICATIONS_PAGE_SIZE }, signal });
}

export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => getNotifications(signal),
  });

export function useNotifications() {
  return useQuery(notificationsQuery());
}
