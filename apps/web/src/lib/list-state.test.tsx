import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListState, type ListState } from './list-state';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Filter = 'category' | 'status';

let root: Root | null = null;
let container: HTMLElement | null = null;

afterEach(() => {
  if (root) act(() => root!.unmount());
  container?.remove();
  root = null;
  vi.useRealTimers();
});

/** Mounts the hook in a memory router at `url`; `state()` is its latest value, `search()` the URL's. */
async function mount(url: string, views: readonly Filter[] = []) {
  let latest: ListState<Filter> | null = null;
  let location = '';
  function Probe() {
    latest = useListState<Filter>({ filters: ['category', 'status'], views, defaultSort: 'code', defaultOrder: 'asc', defaultLimit: 25 });
    location = useLocation().search;
    return null;
  }
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: [url] });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<RouterProvider router={router} />));
  return {
    state: () => latest!,
    search: () => new URLSearchParams(location),
    router,
    act: async (fn: () => unknown) => act(async () => void fn()),
  };
}

describe('useListState', () => {
  it('reads the search, filters, sort, page size and current cursor from the URL', async () => {
    const h = await mount('/dashboard/inventory?q=cable&category=Parts&sort=name&order=desc&limit=50&c=AAA&c=BBB');
    const s = h.state();
    expect(s.q).toBe('cable');
    expect(s.searchInput).toBe('cable');
    expect(s.filters).toEqual({ category: 'Parts', status: undefined });
    expect([s.sort, s.order, s.limit]).toEqual(['name', 'desc', 50]);
    expect(s.cursor).toBe('BBB');
    expect(s.pageIndex).toBe(2);
    expect(s.isFiltered).toBe(true);
    expect(s.query).toEqual({ q: 'cable', category: 'Parts', sort: 'name', order: 'desc', limit: 50, cursor: 'BBB' });
  });

  it('falls back to the defaults, which never appear in the URL', async () => {
    const h = await mount('/x');
    expect(h.state().query).toEqual({ sort: 'code', order: 'asc', limit: 25 });
    expect(h.state().isFiltered).toBe(false);
    await h.act(() => h.state().setSort('name', 'desc'));
    expect(h.search().get('sort')).toBe('name');
    await h.act(() => h.state().setSort('code', 'asc'));
    expect(h.search().has('sort')).toBe(false);
    expect(h.search().has('order')).toBe(false);
    await h.act(() => h.state().setLimit(25));
    expect(h.search().has('limit')).toBe(false);
  });

  it('writes the search to the URL only after typing pauses, and starts at the first page', async () => {
    vi.useFakeTimers();
    const h = await mount('/x?c=AAA');
    await h.act(() => h.state().setSearchInput('ca'));
    await h.act(() => vi.advanceTimersByTime(100));
    await h.act(() => h.state().setSearchInput('cab '));
    await h.act(() => vi.advanceTimersByTime(299));
    expect(h.state().searchInput).toBe('cab ');
    expect(h.search().get('q')).toBeNull();
    expect(h.search().get('c')).toBe('AAA');
    await h.act(() => vi.advanceTimersByTime(1));
    expect(h.search().get('q')).toBe('cab');
    expect(h.search().has('c')).toBe(false);
    expect(h.state().searchInput).toBe('cab ');
  });

  it('keeps a filter chosen while the search was still pending', async () => {
    vi.useFakeTimers();
    const h = await mount('/x');
    await h.act(() => h.state().setSearchInput('ab'));
    await h.act(() => h.state().setFilter('status', 'low_stock'));
    await h.act(() => vi.advanceTimersByTime(300));
    expect(h.search().get('q')).toBe('ab');
    expect(h.search().get('status')).toBe('low_stock');
  });

  it('keeps a stack of cursors: next pushes, previous pops, a filter change starts over', async () => {
    const h = await mount('/x?status=low_stock');
    await h.act(() => h.state().nextPage('P2'));
    await h.act(() => h.state().nextPage('P3'));
    expect(h.search().getAll('c')).toEqual(['P2', 'P3']);
    expect(h.state().cursor).toBe('P3');
    await h.act(() => h.state().previousPage());
    expect(h.search().getAll('c')).toEqual(['P2']);
    expect(h.state().pageIndex).toBe(1);
    await h.act(() => h.state().setFilter('category', 'Screens'));
    expect(h.search().getAll('c')).toEqual([]);
    expect(h.search().get('category')).toBe('Screens');
    expect(h.search().get('status')).toBe('low_stock');
    await h.act(() => h.state().setFilter('status', null));
    expect(h.search().has('status')).toBe(false);
  });

  it('follows the browser back: filters, page and the search box come back', async () => {
    vi.useFakeTimers();
    const h = await mount('/x?category=Parts');
    await h.act(() => h.state().nextPage('P2'));
    await h.act(() => h.state().setFilter('status', 'out_of_stock'));
    expect(h.state().filters.status).toBe('out_of_stock');
    await h.act(() => h.router.navigate(-1));
    expect(h.state().filters).toEqual({ category: 'Parts', status: undefined });
    expect(h.state().cursor).toBe('P2');

    await h.act(() => h.state().setSearchInput('hdmi'));
    await h.act(() => vi.advanceTimersByTime(300));
    expect(h.state().q).toBe('hdmi');
    // Typing replaced the entry, so back leaves the search's page; a link to a fresh URL
    // (here: a reset) empties the box.
    await h.act(() => h.state().reset());
    expect(h.state().q).toBe('');
    expect(h.state().searchInput).toBe('');
    expect(h.search().has('category')).toBe(false);
    await h.act(() => h.router.navigate(-1));
    expect(h.state().q).toBe('hdmi');
    expect(h.state().searchInput).toBe('hdmi');
  });

  it('leaves a view parameter (a tab) to the reset, and does not count it as a filter', async () => {
    const h = await mount('/x?status=assigned', ['status']);
    expect(h.state().isFiltered).toBe(false);
    await h.act(() => h.state().setFilter('category', 'Parts'));
    expect(h.state().isFiltered).toBe(true);
    await h.act(() => h.state().reset());
    expect(h.search().has('category')).toBe(false);
    expect(h.search().get('status')).toBe('assigned');
    expect(h.state().isFiltered).toBe(false);
  });
});
