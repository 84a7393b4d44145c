import { useEffect, useMemo, useState } from 'react';
import { Badge, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@portal/shared';
import { useUserLookup, type LookupUser } from '../lib/user-lookup';
import { Ltr } from './ltr';

const labelOf = (user: LookupUser) => `${user.name} (${user.email})`;

/**
 * Picks one active user by name or email; the server matches. With a `role` (a customer, a
 * technician) only users of that role are offered; without one, every option shows its role.
 */
export function UserPicker({
  role,
  value,
  onChange,
  label,
  error,
  required,
  testId,
}: {
  role?: Role;
  value: string | null;
  onChange: (id: string | null, user: LookupUser | null) => void;
  label: string;
  error?: string;
  required?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<LookupUser | null>(null);
  const [debounced] = useDebouncedValue(search, 300);

  // The value was cleared from outside (a form reset, "clear filters"): forget the picked user and the search.
  useEffect(() => {
    if (value === null && selected) {
      setSelected(null);
      setSearch('');
    }
  }, [value, selected]);

  // Once picked, the box shows the user's label: that is no search term.
  const query = selected && debounced === labelOf(selected) ? '' : debounced.trim();
  const lookup = useUserLookup(query, { role });
  const users = useMemo(() => {
    const found = lookup.data ?? [];
    return selected && !found.some((u) => u.id === selected.id) ? [selected, ...found] : found;
  }, [lookup.data, selected]);
  const byId = useMemo(() => new Map(users.map((u) => [u.id, u])), [users]);

  return (
    <Select
      label={label}
      placeholder={t('serviceRequests.picker.placeholder')}
      searchable
      clearable
      required={required}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        const user = id ? (byId.get(id) ?? null) : null;
        setSelected(user);
        onChange(id, user);
      }}
      data={users.map((u) => ({ value: u.id, label: labelOf(u) }))}
      filter={({ options }) => options}
      nothingFoundMessage={
        lookup.isError ? t('serviceRequests.picker.failed') : lookup.isFetching ? t('app.loading') : t('serviceRequests.picker.nothingFound')
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
            {!role && (
              <Badge size="xs" variant="light" style={{ flex: 'none' }}>
                {t(`roles.${user.role}`)}
              </Badge>
            )}
          </Group>
        );
      }}
      error={error}
      comboboxProps={{ shadow: 'md', withinPortal: true }}
      data-testid={testId}
    />
  );
}
