import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/errors';
import type { OutboxItem } from '../outbox';

const KIND_KEYS = {
  'work-start': 'offline.kind.workStart',
  'work-stop': 'offline.kind.workStop',
  diagnostic: 'offline.kind.diagnostic',
  'part-add': 'offline.kind.partAdd',
  'part-remove': 'offline.kind.partRemove',
  photo: 'offline.kind.photo',
} as const;

const ACTION_KEYS: Record<string, string> = {
  start: 'offline.action.start',
  'await-parts': 'offline.action.awaitParts',
  resume: 'offline.action.resume',
  complete: 'offline.action.complete',
};

/** What a queued action was, in the reader's language ("Part used: Battery"). */
export function describeItem(t: TFunction, item: OutboxItem): string {
  if (item.kind === 'action') return t(ACTION_KEYS[item.meta?.action ?? ''] ?? 'offline.action.other');
  if (item.kind === 'part-add' && item.meta?.part) return t('offline.kind.partAddNamed', { name: item.meta.part.item_name, quantity: item.meta.part.quantity });
  return t(KIND_KEYS[item.kind]);
}

/** Why the server refused it, worded as every other refusal (lib/errors.ts), in the reader's language. */
export function refusalText(t: TFunction, item: OutboxItem): string {
  const refusal = item.error;
  if (!refusal) return '';
  if (refusal.code === 'photo_missing') return t('offline.photoMissing');
  return describeError(t, new ApiError(refusal));
}
