import { afterEach, describe, expect, it } from 'vitest';
import { act, useState } from 'react';
import { i18n } from '../lib/i18n';
import { renderWithApp, settle, type Rendered } from '../test-utils/render';
import { DataTable, translateFixedLabels, type DataTableSortStatus } from './data-table';

type Row = { id: string; name: string; qty: number };
const rows: Row[] = [
  { id: '1', name: 'Screen', qty: 2 },
  { id: '2', name: 'Battery', qty: 5 },
];

function Table() {
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Row>>({ columnAccessor: 'name', direction: 'asc' });
  return (
    <DataTable<Row>
      records={rows}
      columns={[
        { accessor: 'name', sortable: true },
        { accessor: 'qty', sortable: true },
      ]}
      sortStatus={sortStatus}
      onSortStatusChange={setSortStatus}
    />
  );
}

const sortLabels = () => [...document.querySelectorAll('th [role=img][aria-label]')].map((el) => el.getAttribute('aria-label'));

describe('DataTable', () => {
  let rendered: Rendered | undefined;
  afterEach(() => {
    rendered?.unmount();
    rendered = undefined;
  });

  it('names the sort state of each column in the page language, also after a change of sort or language', async () => {
    rendered = await renderWithApp(<Table />, { language: 'ar' });
    await settle();
    expect(sortLabels()).toEqual(['مرتّب تصاعديًا', 'غير مرتّب']);

    const nameHeader = document.querySelector('th[data-accessor=name]') as HTMLElement;
    await act(async () => nameHeader.click());
    await settle();
    expect(sortLabels()).toEqual(['مرتّب تنازليًا', 'غير مرتّب']);

    await act(async () => {
      await i18n.changeLanguage('en');
    });
    await settle();
    expect(sortLabels()).toEqual(['Sorted descending', 'Not sorted']);
  });

  it('translates only the labels the library hard-codes', () => {
    const root = document.createElement('div');
    root.innerHTML = '<span aria-label="Not sorted"></span><span aria-label="Sorted ascending"></span><button aria-label="Screen"></button>';
    translateFixedLabels(root, (label) => `«${label}»`);
    expect([...root.children].map((el) => el.getAttribute('aria-label'))).toEqual(['«Not sorted»', '«Sorted ascending»', 'Screen']);
    // Again (a later language): from the English it started as, not from the translation.
    translateFixedLabels(root, (label) => label.toUpperCase());
    expect([...root.children].map((el) => el.getAttribute('aria-label'))).toEqual(['NOT SORTED', 'SORTED ASCENDING', 'Screen']);
  });
});
