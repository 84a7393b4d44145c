import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's state kept in the URL, so a list is bookmarkable and survives reload and back:
 *   q=…            search (typed into a box, written to the URL after a pause)
 *   <filter>=…     each filter the list declares
 *   sort=…&order=asc|desc
 *   limit=…        page size, when not the default
 *   c=…&c=…        the keyset cursors of the pages walked so far (the last is the current
 *                  page's); "previous" pops one, so paging back needs no cursor from the server
 * Changing the search, a filter, the sort or the page size starts again at the first page.
 * Defaults never appear in the URL.
 */
export interface ListStateConfig<F extends string> {
  /** Filter names, as URL parameters and API query parameters. */
  filters?: readonly F[];
  /**
   * Those of `filters` that choose a view rather than narrow it (a tab, a named order): the
   * reset leaves them, and they do not make the list count as filtered.
   */
  views?: readonly F[];
  defaultSort?: string;
  defaultOrder?: 'asc' | 'desc';
  defaultLimit?: number;
  /** How long typing pauses before the search goes to the URL. */
  debounceMs?: number;
}

export const SEARCH_DEBOUNCE_MS = 300;
const CURSOR = 'c';

export interface ListState<F extends string> {
  /** What the search box shows now (may be ahead of the URL while typing). */
  searchInput: string;
  setSearchInput: (value: string) => void;
  /** The search in the URL (debounced). */
  q: string;
  filters: Record<F, string | undefined>;
  setFilter: (name: F, value: string | null | undefined) => void;
  setFilters: (values: Partial<Record<F, string | null | undefined>>) => void;
  sort: string | undefined;
  order: 'asc' | 'desc';
  setSort: (sort: string | undefined, order?: 'asc' | 'desc') => void;
  limit: number | undefined;
  setLimit: (limit: number | undefined) => void;
  /** The current page's cursor (undefined on the first page). */
  cursor: string | undefined;
  /** 0 for the first page. */
  pageIndex: number;
  nextPage: (nextCursor: string) => void;
  previousPage: () => void;
  firstPage: () => void;
  /** Whether anything differs from the defaults (search or a filter). */
  isFiltered: boolean;
  reset: () => void;
  /** The API query: q, filters, sort, order, limit, cursor — only those set. */
  query: Record<string, string | number | undefined>;
}

export function useListState<F extends string = never>(config: ListStateConfig<F> = {}): ListState<F> {
  const { filters: filterNames = [], views = [], defaultSort, defaultOrder = 'asc', defaultLimit, debounceMs = SEARCH_DEBOUNCE_MS } = config;
  const [params, setParams] = useSearchParams();
  const namesKey = filterNames.join(',');
  // The filters proper: what narrows the list, counted by isFiltered and cleared by reset.
  const narrowingKey = filterNames.filter((name) => !views.includes(name)).join(',');

  const q = params.get('q') ?? '';
  const [searchInput, setSearchInputState] = useState(q);
  const lastWritten = useRef(q);

  // The URL changed by itself (back, a link, reset): the box follows it.
  useEffect(() => {
    if (q !== lastWritten.current) {
      lastWritten.current = q;
      setSearchInputState(q);
    }
  }, [q]);

  // The parameters as this hook last saw or wrote them. A write that comes before the render of
  // the one before it (a filter chosen, then the debounced search on a slow phone) builds on the
  // newest, not on the parameters of its own render, which would drop the filter.
  const latestParams = useRef(params);
  useEffect(() => {
    latestParams.current = params;
  }, [params]);

  /** Applies `change` to the current parameters; `keepCursor` false starts at page one. */
  const update = useCallback(
    (change: (next: URLSearchParams) => void, options: { keepCursor?: boolean; replace?: boolean } = {}) => {
      const next = new URLSearchParams(latestParams.current);
      change(next);
      if (!options.keepCursor) next.delete(CURSOR);
      latestParams.current = next;
      setParams(next, { replace: options.replace ?? false });
    },
    [setParams],
  );

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // react-router hands a functional update the parameters of the render that made it, so the
  // debounced write must use the newest `update`: a filter chosen while typing would be lost.
  const latestUpdate = useRef(update);
  useEffect(() => {
    latestUpdate.current = update;
  }, [update]);

  const setSearchInput = useCallback(
    (value: string) => {
      setSearchInputState(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const trimmed = value.trim();
        lastWritten.current = trimmed;
        // Typing replaces the entry: back goes to the page before the search, not letter by letter.
        latestUpdate.current((next) => (trimmed ? next.set('q', trimmed) : next.delete('q')), { replace: true });
      }, debounceMs);
    },
    [debounceMs],
  );

  const filters = useMemo(() => {
    const values = {} as Record<F, string | undefined>;
    for (const name of namesKey ? (namesKey.split(',') as F[]) : []) values[name] = params.get(name) || undefined;
    return values;
  }, [params, namesKey]);

  const setFilters = useCallback(
    (values: Partial<Record<F, string | null | undefined>>) => {
      update((next) => {
        for (const [name, value] of Object.entries(values) as [F, string | null | undefined][]) {
          if (value === null || value === undefined || value === '') next.delete(name);
          else next.set(name, value);
        }
      });
    },
    [update],
  );
  const setFilter = useCallback((name: F, value: string | null | undefined) => setFilters({ [name]: value } as Partial<Record<F, string>>), [setFilters]);

  const sortParam = params.get('sort') || undefined;
  const sort = sortParam ?? defaultSort;
  const orderParam = params.get('order');
  const order: 'asc' | 'desc' = orderParam === 'asc' || orderParam === 'desc' ? orderParam : defaultOrder;
  const setSort = useCallback(
    (nextSort: string | undefined, nextOrder: 'asc' | 'desc' = 'asc') => {
      update((next) => {
        if (!nextSort || (nextSort === defaultSort && nextOrder === defaultOrder)) {
          next.delete('sort');
          next.delete('order');
        } else {
          next.set('sort', nextSort);
          next.set('order', nextOrder);
        }
      });
    },
    [update, defaultSort, defaultOrder],
  );

  const limitParam = Number(params.get('limit'));
  const limit = Number.isInteger(limitParam) && limitParam > 0 ? limitParam : defaultLimit;
  const setLimit = useCallback(
    (value: number | undefined) => update((next) => (value && value !== defaultLimit ? next.set('limit', String(value)) : next.delete('limit'))),
    [update, defaultLimit],
  );

  const cursors = params.getAll(CURSOR);
  const cursor = cursors.at(-1);
  const nextPage = useCallback((nextCursor: string) => update((next) => next.append(CURSOR, nextCursor), { keepCursor: true }), [update]);
  const previousPage = useCallback(
    () =>
      update(
        (next) => {
          const stack = next.getAll(CURSOR);
          next.delete(CURSOR);
          for (const c of stack.slice(0, -1)) next.append(CURSOR, c);
        },
        { keepCursor: true },
      ),
    [update],
  );
  const firstPage = useCallback(() => update(() => undefined), [update]);

  const isFiltered = q !== '' || (narrowingKey ? (narrowingKey.split(',') as F[]) : []).some((name) => filters[name] !== undefined);
  const reset = useCallback(() => {
    clearTimeout(timer.current);
    update((next) => {
      next.delete('q');
      for (const name of narrowingKey ? narrowingKey.split(',') : []) next.delete(name);
    });
  }, [update, narrowingKey]);

  const query = useMemo(() => {
    const out: Record<string, string | number | undefined> = {};
    if (q) out.q = q;
    for (const [name, value] of Object.entries(filters) as [string, string | undefined][]) if (value !== undefined) out[name] = value;
    if (sort) {
      out.sort = sort;
      out.order = order;
    }
    if (limit) out.limit = limit;
    if (cursor) out.cursor = cursor;
    return out;
  }, [q, filters, sort, order, limit, cursor]);

  return {
    searchInput,
    setSearchInput,
    q,
    filters,
    setFilter,
    setFilters,
    sort,
    order,
    setSort,
    limit,
    setLimit,
    cursor,
    pageIndex: cursors.length,
    nextPage,
    previousPage,
    firstPage,
    isFiltered,
    reset,
    query,
  };
}
