import { isApiError } from '../../lib/api-client';

/** One short line of a 409 insufficient_stock: which item, how much there is and how much was asked. */
export interface Shortage {
  item_id?: string;
  item_code?: string;
  available: string;
  requested: string;
}

/** Every short line the server named (its `details.shortages`, or the first one alone), or null. */
export function shortagesOf(error: unknown): Shortage[] | null {
  if (!isApiError(error) || error.code !== 'insufficient_stock') return null;
  const details = (error.details ?? {}) as Record<string, unknown>;
  const list = Array.isArray(details.shortages) && details.shortages.length > 0 ? (details.shortages as Record<string, unknown>[]) : [details];
  return list.map((d) => ({
    ...(typeof d.item_id === 'string' ? { item_id: d.item_id } : {}),
    ...(typeof d.item_code === 'string' ? { item_code: d.item_code } : {}),
    available: String(d.available ?? '?'),
    requested: String(d.requested ?? '?'),
  }));
}
