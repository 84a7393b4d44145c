import { useLayoutEffect, useMemo, useRef } from 'react';
import { useMergedRef } from '@mantine/hooks';
import { DataTable as BaseDataTable, type DataTableProps } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';

export type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';

/**
 * The labels mantine-datatable writes in English and offers no prop for: the sort state of a
 * sortable column's header (`aria-label` of its sort icon).
 */
const FIXED_LABELS = {
  'Not sorted': 'list.table.notSorted',
  'Sorted ascending': 'list.table.sortedAscending',
  'Sorted descending': 'list.table.sortedDescending',
} as const;

type FixedLabel = keyof typeof FIXED_LABELS;
const isFixedLabel = (label: string | null): label is FixedLabel => label !== null && label in FIXED_LABELS;

/**
 * Puts the page's language into the labels the library hard-codes. The library sets them on
 * every change of the sort (and on new header cells); each time, the English text is noted in
 * `data-label-source` and replaced, so a later change of language can translate it again.
 */
export function translateFixedLabels(root: ParentNode, translate: (label: FixedLabel) => string): void {
  for (const element of root.querySelectorAll('[aria-label]')) {
    const current = element.getAttribute('aria-label');
    if (isFixedLabel(current)) element.setAttribute('data-label-source', current);
    const source = element.getAttribute('data-label-source');
    if (!isFixedLabel(source)) continue;
    const wanted = translate(source);
    if (current !== wanted) element.setAttribute('aria-label', wanted);
  }
}

/**
 * mantine-datatable's DataTable with the labels it would otherwise give in English — the sort
 * state of sortable columns, the selection checkboxes, "no records" — in the page's language.
 * Every list table uses this one instead of importing the library's directly.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const ownRef = useRef<HTMLTableElement>(null);
  const tableRef = useMergedRef(ownRef, props.tableRef);
  const translate = useMemo(() => (label: FixedLabel) => t(FIXED_LABELS[label]), [t]);

  useLayoutEffect(() => {
    const table = ownRef.current;
    if (!table) return;
    translateFixedLabels(table, translate);
    const observer = new MutationObserver(() => translateFixedLabels(table, translate));
    observer.observe(table, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, [translate]);

  return (
    <BaseDataTable<T>
      noRecordsText={t('list.emptyTitle')}
      allRecordsSelectionCheckboxProps={{ 'aria-label': t('list.table.selectAll') }}
      getRecordSelectionCheckboxProps={(_record, index) => ({ 'aria-label': t('list.table.selectRow', { index: index + 1 }) })}
      {...props}
      tableRef={tableRef}
    />
  );
}
