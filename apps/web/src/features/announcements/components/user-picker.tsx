import { useEffect, useMemo, useState } from 'react';
import { Badge, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr';
import { useUserLookup, type UserLookupItem } from '../api/lookup-users';

const SEARCH_DEBOUNCE_MS = 300;

const labelOf = (user: UserLookupItem) => `${user.name} (${user.email})`;

/** Picks one user by name or email; the server does the matching. */
export function UserPicker({
  value,
  onChange,
  error,
  label,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
  label: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<UserLookupItem | null>(null);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);

  // The form was reset: forget the picked user and the search.
  useEffect(() => {
    if (value === null && selected) {
      setSelected(null);
      setSearch('');
    }
  }, [value, selected]);

  // Once picked, the box shows the user's label: that is no search term.
  const query = selected && debounced === labelOf(selected) ? '' : debounced.trim();
  const lookup = useUserLookup(query, true);
  const users = useMemo(() => {
    const found = lookup.data?.items ?? [];
    return selected && !found.some((u) => u.id === selected.id) ? [selected, ...found] : found;
  }, [lookup.data, selected]);
  const byId = useMemo(() => new Map(users.map((u) => [u.id, u])), [users]);

  return (
    <Select
      label={label}
      placeholder={t('announcements.userPlaceholder')}
      searchable
      clearable
      required
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        setSelected(id ? (byId.get(id) ?? null) : null);
        onChange(id);
      }}
      data={users.map((u) => ({ value: u.id, label: labelOf(u) }))}
      filter={({ options }) => options}
      nothingFoundMessage={
        lookup.isError ? t('announcements.userSearchFailed') : lookup.isFetching ? t('app.loading') : t('announcements.userNothingFound')
      }
      leftSection={<IconSearch size={16} />}
      rightSection={lookup.isFetching ? <Loader size={14} /> : undefined}
      renderOption={({ option }) => {
        const user = byId.get(option.value);
        if (!user) return option.label;
        return (
          <Group gap="sm" wrap="nowrap" justify="space-between" w="100%">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} dir="auto" truncate>
                {user.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                <Ltr>{user.email}</Ltr>
              </Text>
            </Stack>
            <Badge size="xs" variant="light" style={{ flex: 'none' }}>
              {t(`roles.${user.role}`)}
            </Badge>
          </Group>
        );
      }}
      error={error}
      comboboxProps={{ shadow: 'md' }}
      data-testid="announcement-user"
    />
  );
}
