import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { TOAST_DURATION_MS } from '@portal/shared';
import { splitCodes, TextWithCodes } from '../components/text-with-codes';
import { i18n } from './i18n';

/** Document numbers in a toast's text stay whole and left to right (`<bdi dir="ltr">`); text without any stays a string. */
const withCodes = (text: string) => (splitCodes(text).some((part) => part.code) ? createElement(TextWithCodes, { text }) : text);

/** Toasts take translation keys, so every message exists in both languages. */
export function toastSuccess(titleKey: string, messageKey?: string, params?: Record<string, string | number>): void {
  notifications.show({
    color: 'teal',
    title: withCodes(i18n.t(titleKey, params)),
    message: messageKey ? withCodes(i18n.t(messageKey, params)) : undefined,
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
