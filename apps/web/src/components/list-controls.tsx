import type { ReactNode } from 'react';
import { Button, CloseButton, Group, Select, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconFilterOff, IconSearch } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@portal/shared';
import type { ListState } from '../lib/list-state';
import { ListEmpty, ListError, ListLoading } from './list-states';
import { numberFormat } from '../lib/intl-format';

/**
 * The controls every list screen shares: a toolbar (search, filters, reset) and paging. Strings
 * are keys under `list.` in both languages; the lists' loading, empty and error states are in
 * list-states.tsx.
 */

export function ListToolbar({
  search,
  onSearch,
  searchPlaceholder,
  children,
  filtered,
  onReset,
  actions,
}: {
  search?: string;
  onSearch?: (value: string) => void;
  searchPlaceholder?: string;
  /** Filter inputs. */
  children?: ReactNode;
  filtered?: boolean;
  onReset?: () => void;
  /** Buttons at the end (export, …). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" mb="md" data-testid="list-toolbar">
      {onSearch && (
        <TextInput
          aria-label={searchPlaceholder ?? t('list.search')}
          placeholder={searchPlaceholder ?? t('list.search')}
          leftSection={<IconSearch size={16} />}
          rightSection={search ? <CloseButton size="sm" aria-label={t('list.clearSearch')} onClick={() => onSearch('')} /> : null}
          value={search ?? ''}
          onChange={(event) => onSearch(event.currentTarget.value)}
          dir="auto"
          style={{ flex: '1 1 220px', minWidth: 180 }}
          data-testid="list-search"
        />
      )}
      {children}
      {filtered && onReset && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={onReset} data-testid="list-reset">
          {t('list.reset')}
        </Button>
      )}
      {actions && <Group gap="xs" ms="auto">{actions}</Group>}
    </Group>
  );
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Keyset paging: previous / next, where we are, how many in all, and the page size. */
export function ListPager({
  pageIndex,
  pageSize,
  shown,
  total,
  hasNext,
  onPrevious,
  onNext,
  onPageSize,
  loading,
}: {
  pageIndex: number;
  pageSize: number;
  shown: number;
  total: number;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onPageSize?: (size: number) => void;
  loading?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.resolvedLanguage ?? 'en', { numberingSystem: 'latn' });
  const from = shown === 0 ? 0 : pageIndex * pageSize + 1;
  const to = pageIndex * pageSize + shown;
  return (
    <Group justify="space-between" gap="sm" mt="sm" wrap="wrap" data-testid="list-pager">
      <Text size="sm" c="dimmed" data-testid="list-range">
        {t('list.range', { from: number.format(from), to: number.format(to), total: number.format(total) })}
      </Text>
      <Group gap="xs" wrap="nowrap">
        {onPageSize && (
          <Select
            aria-label={t('list.pageSize')}
            size="xs"
            w={80}
            allowDeselect={false}
            value={String(pageSize)}
            data={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
            onChange={(value) => value && onPageSize(Number(value))}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Button
          size="xs"
          variant="default"
          leftSection={<IconChevronLeft size={14} className="mirror-in-rtl" />}
          disabled={pageIndex === 0 || loading}
          onClick={onPrevious}
          data-testid="list-previous"
        >
          {t('list.previous')}
        </Button>
        <Button
          size="xs"
          variant="default"
          rightSection={<IconChevronRight size={14} className="mirror-in-rtl" />}
          disabled={!hasNext || loading}
          onClick={onNext}
          data-testid="list-next"
        >
          {t('list.next')}
        </Button>
      </Group>
    </Group>
  );
}

/** The pager of a list whose state is in the URL (`useListState`), for a page of `{ items, next_cursor, total }`. */
export function UrlListPager({
  list,
  page,
  loading,
}: {
  list: Pick<ListState<string>, 'pageIndex' | 'limit' | 'previousPage' | 'nextPage' | 'setLimit'>;
  page: { items: readonly unknown[]; next_cursor: string | null; total: number };
  loading?: boolean;
}) {
  const nextCursor = page.next_cursor;
  return (
    <ListPager
      pageIndex={list.pageIndex}
      pageSize={list.limit ?? DEFAULT_PAGE_SIZE}
      shown={page.items.length}
      total={page.total}
      hasNext={!!nextCursor}
      loading={loading}
      onPrevious={list.previousPage}
      onNext={() => nextCursor && list.nextPage(nextCursor)}
      onPageSize={list.setLimit}
    />
  );
}

/** What a list's query gives `UrlListBody`: a TanStack query of one page. */
interface PageQuery<P> {
  data: P | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The body every paged list screen shares: loading, the error with a retry, empty (nothing at
 * all, or nothing matching the filters, with a reset), else the rows and the pager under them.
 * `emptyTitle` / `emptyBody` replace the generic words only when nothing is filtered.
 */
export function UrlListBody<P extends { items: readonly unknown[]; next_cursor: string | null; total: number }>({
  query,
  list,
  icon,
  emptyTitle,
  emptyBody,
  children,
}: {
  query: PageQuery<P>;
  list: Pick<ListState<string>, 'isFiltered' | 'reset' | 'pageIndex' | 'limit' | 'previousPage' | 'nextPage' | 'setLimit'>;
  icon?: Icon;
  emptyTitle?: string;
  emptyBody?: string;
  /** The rows of the page (a table, cards). */
  children: (page: P | undefined) => ReactNode;
}) {
  const page = query.data;
  if (query.isPending) return <ListLoading />;
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  if (page && page.items.length === 0) {
    return (
      <ListEmpty
        filtered={list.isFiltered}
        onReset={list.reset}
        icon={icon}
        title={list.isFiltered ? undefined : emptyTitle}
        body={list.isFiltered ? undefined : emptyBody}
      />
    );
  }
  return (
    <>
      {children(page)}
      {page && <UrlListPager list={list} page={page} loading={query.isFetching} />}
    </>
  );
}

/** The filter of a list whose records can be deactivated: active only, inactive only, or both (URL `active=true|false`). */
export function ActiveFilter({
  list,
  label,
  placeholder = label,
  activeLabel,
  inactiveLabel,
  width,
  testId,
}: {
  list: Pick<ListState<'active'>, 'filters' | 'setFilter'>;
  label: string;
  placeholder?: string;
  activeLabel: string;
  inactiveLabel: string;
  width: number;
  testId?: string;
}) {
  return (
    <Select
      aria-label={label}
      placeholder={placeholder}
      clearable
      w={{ base: '100%', xs: width }}
      data={[
        { value: 'true', label: activeLabel },
        { value: 'false', label: inactiveLabel },
      ]}
      value={list.filters.active ?? null}
      onChange={(value) => list.setFilter('active', value)}
      data-testid={testId}
    />
  );
}
