import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ar from '@portal/shared/locales/ar.json';
import en from '@portal/shared/locales/en.json';
import { useListState } from '../lib/list-state';
import { click, renderWithApp, waitFor, type Rendered } from '../test-utils/render';
import { FilterPanel } from './filter-panel';

/** happy-dom's own window API: the media queries follow the viewport it sets. */
const viewport = (size: { width: number; height: number }) =>
  (window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }).happyDOM.setViewport(size);

function Panel({ withSearch = true }: { withSearch?: boolean }) {
  const list = useListState<'status'>({ filters: ['status'] });
  return (
    <FilterPanel
      list={list}
      search={withSearch ? { label: 'Search', placeholder: 'Number or name' } : undefined}
      testId="things"
      filteredNote={list.filters.status && <span data-testid="note">only {list.filters.status}</span>}
    >
      <input data-testid="status-field" readOnly value={list.filters.status ?? ''} />
    </FilterPanel>
  );
}

describe('a list’s filter panel', () => {
  let rendered: Rendered | null = null;
  const find = (testId: string) => rendered!.container.querySelector<HTMLElement>(`[data-testid=${testId}]`);

  beforeEach(() => viewport({ width: 390, height: 844 }));
  afterEach(() => {
    rendered?.unmount();
    rendered = null;
    viewport({ width: 1024, height: 768 });
  });

  for (const [language, messages] of [['ar', ar], ['en', en]] as const) {
    it(`(${language}) on a phone starts folded: the search beside a "${messages.list.filters}" button, the fields drawn only once it opens`, async () => {
      rendered = await renderWithApp(<Panel />, { path: '/things?status=open', language });
      const toggle = await waitFor(() => find('things-filters-toggle'));
      expect(toggle.textContent).toBe(messages.list.filters);
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(rendered.container.querySelector<HTMLInputElement>('input[aria-label=Search]')!.placeholder).toBe('Number or name');
      expect(find('status-field')).toBeNull();

      await click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect((find('status-field') as HTMLInputElement).value).toBe('open');

      await click(toggle);
      expect(find('status-field')).toBeNull();
    });
  }

  it('on a wide screen draws the search and the fields at once, and clears the filters it holds', async () => {
    viewport({ width: 1280, height: 800 });
    rendered = await renderWithApp(<Panel />, { path: '/things?status=open', language: 'en' });
    await waitFor(() => find('status-field'));
    expect(find('things-search')).not.toBeNull();
    expect(find('note')!.textContent).toBe('only open');

    await click(find('things-filters-reset'));
    expect((find('status-field') as HTMLInputElement).value).toBe('');
    expect(find('things-filters-reset')).toBeNull();
    expect(find('note')).toBeNull();
  });

  it('without a search, the fold button takes the whole row; unfiltered, nothing offers to clear', async () => {
    rendered = await renderWithApp(<Panel withSearch={false} />, { path: '/things', language: 'en' });
    const toggle = await waitFor(() => find('things-filters-toggle'));
    expect(toggle.hasAttribute('data-block')).toBe(true);
    expect(rendered.container.querySelector('input[aria-label]')).toBeNull();
    expect(find('things-filters-reset')).toBeNull();
  });
});
