import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TNotification } from '@portal/shared';
import { notificationText } from './notification-text';

/** The title and message of a notification in the current language. */
export function useNotificationText() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (n: Pick<TNotification, 'title' | 'message' | 'params'>) => ({
      title: notificationText(t, (key) => i18n.exists(key), n.title, n.params),
      message: notificationText(t, (key) => i18n.exists(key), n.message, n.params),
    }),
    [t, i18n],
  );
}
