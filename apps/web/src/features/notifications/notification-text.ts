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

/** A run of the translated sentence, or one of the params put into it. */
export type NotificationPart = { text: string; param: boolean };

const OPEN = '\uE000';
const CLOSE = '\uE001';

/**
 * The same text as `notificationText`, cut into the sentence's own words and the params put
 * into it (names, devices, reasons, numbers), so that each param can be shown as an isolate:
 * an Arabic customer name inside an English sentence (or the other way round) then neither
 * reorders the words around it nor decides the sentence's direction.
 */
export function notificationParts(t: TFunction, exists: (key: string) => boolean, key: string, params: TNotification['params']): NotificationPart[] {
  if (!key || !exists(key)) return [{ text: key, param: false }];
  const names = Object.keys(params);
  const markers = Object.fromEntries(names.map((name, i) => [name, `${OPEN}${i}${CLOSE}`]));
  const marked = t(key, {
    replace: markers,
    ...(typeof params.count === 'number' ? { count: params.count } : {}),
    defaultValue: key,
  });
  const parts: NotificationPart[] = [];
  for (const [i, piece] of marked.split(new RegExp(`${OPEN}(\\d+)${CLOSE}`)).entries()) {
    if (i % 2 === 0) {
      if (piece) parts.push({ text: piece, param: false });
    } else {
      const value = params[names[Number(piece)]!];
      parts.push({ text: value === undefined || value === null ? '' : String(value), param: true });
    }
  }
  return parts;
}
