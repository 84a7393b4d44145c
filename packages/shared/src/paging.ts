import { z } from 'zod';

/**
 * Paged lists (every domain's list endpoint): `limit` (default 25, at most 100) and an
 * opaque keyset `cursor` in; `{ items, next_cursor, total }` out. `total` counts every row
 * matching the filters (not only this page); `next_cursor` is null on the last page.
 */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export const ZSortOrder = z.enum(SORT_ORDERS);
export type SortOrder = (typeof SORT_ORDERS)[number];

export const ZPageLimit = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE);
/** Opaque: pass back the `next_cursor` of the previous page, unchanged, with the same filters and sort. */
export const ZPageCursor = z.string().max(500).optional();

/** The paging part of a list query, to spread into a domain's query schema. */
export const pageQueryFields = { limit: ZPageLimit, cursor: ZPageCursor };

/** `{ items, next_cursor, total }` of any item schema. */
export function zPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable(), total: z.number().int() });
}
export interface TPage<T> {
  items: T[];
  next_cursor: string | null;
  total: number;
}
