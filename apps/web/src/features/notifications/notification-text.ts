import type { TFunction } from 'i18next';
import type { TNotification } from '@portal/shared';

/**
 * A notification's title and message are translation keys with params, so each reader gets
 * their own language. Params are given as `replace` (never as i18next options, so a param
 * named `lng` cannot switch the language). A key this version does not know is shown as sent.
 */
export function notificationText(t: TFunction, exists: (key: string) => boolean, key: string, params: TNotification['params']): string {
  if (!key || !exists(key)) return key;
  return t(key, {
    replace: params,
    ...(typeof params.count === 'number' ? { count: params.count } : {}),
    defaultValue: key,
  });
}
