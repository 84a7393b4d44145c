import { useState, type ChangeEvent, type ReactNode } from 'react';
import { Button, Group, Paper, SimpleGrid, TextInput, type SimpleGridProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFilter, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../lib/list-state';

/**
 * A list's filters in a bordered panel, with the list's search first. On a phone they fold
 * behind a button (beside the search, when the list has one) and start closed; their fields are
 * drawn only when shown — on the requests list's first phone screen seven closed fields were a
 * third of its render (issue #26). Each field reads its value from the URL, so nothing is lost
 * when the panel folds. Below the fields, while the list is filtered, a button clears it all.
 */
export function FilterPanel<F extends string>({
  list,
  search,
  toggleLabel,
  testId,
  cols = { base: 1, sm: 2, lg: 3 },
  filteredNote,
  children,
}: {
  list: ListState<F>;
  /** The free-text search, when the list has one. */
  search?: { label: string; placeholder: string };
  /** The phone's fold button; "Filters" unless told. */
  toggleLabel?: string;
  /** Prefix of the test ids: `<prefix>-search`, `<prefix>-filters-toggle`, `<prefix>-filters-reset`. */
  testId: string;
  cols?: SimpleGridProps['cols'];
  /** Said at the start of the clear row while filtered (the audit log's "one record: …"). */
  filteredNote?: ReactNode;
  /** The filter fields. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // Read at once, not after a first render: a phone never draws the closed fields.
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(false);

  // The same box twice: beside the fold button on a phone, first among the fields elsewhere.
  const searchBox = search && {
    placeholder: search.placeholder,
    leftSection: <IconSearch size={16} />,
    value: list.searchInput,
    onChange: (event: ChangeEvent<HTMLInputElement>) => list.setSearchInput(event.currentTarget.value),
    dir: 'auto',
  };
  const toggle = (
    <Button
      fullWidth={!search}
      variant={open ? 'light' : 'default'}
      leftSection={<IconFilter size={16} />}
      onClick={() => setOpen((o) => !o)}
      aria-expanded={open}
      data-testid={`${testId}-filters-toggle`}
    >
      {toggleLabel ?? t('list.filters')}
    </Button>
  );

  return (
    <Paper withBorder p="md" mb="md">
      <Group gap="sm" hiddenFrom="sm" mb={open ? 'sm' : 0} wrap="nowrap">
        {searchBox && <TextInput {...searchBox} aria-label={search.label} style={{ flex: 1 }} />}
        {toggle}
      </Group>
      {(open || wide) && (
        <SimpleGrid cols={cols} spacing="sm">
          {searchBox && <TextInput {...searchBox} label={search.label} visibleFrom="sm" data-testid={`${testId}-search`} />}
          {children}
        </SimpleGrid>
      )}
      {list.isFiltered && (
        <Group justify={filteredNote ? 'space-between' : 'flex-end'} mt="sm">
          {filteredNote}
          <Button variant="subtle" size="xs" leftSection={<IconFilterOff size={14} />} onClick={list.reset} data-testid={`${testId}-filters-reset`}>
            {t('list.reset')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
