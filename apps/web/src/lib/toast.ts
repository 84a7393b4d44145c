import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@portal/shared';
import { i18n } from './i18n';

/** Toasts take translation keys, so every message exists in both languages. */
export function toastSuccess(titleKey: string, messageKey?: string, params?: Record<string, string | number>): void {
  notifications.show({
    color: 'teal',
    title: i18n.t(titleKey, params),
    message: messageKey ? i18n.t(messageKey, params) : undefined,
    autoClose: TOAST_DURATION_MS,
  });
}

/** `message` is already translated (e.g. from describeError). */
export function toastError(titleKey: string, message?: string): void {
  notifications.show({
    color: 'red',
    title: i18n.t(titleKey),
    message,
    autoClose: TOAST_DURATION_MS,
  });
}
