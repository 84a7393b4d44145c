import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TAdminUser } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { useUserLookup } from '../../../lib/user-lookup';

/** Who made the change: any user, active or not, found by name or email on the server. */
export function ActorSelect({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.replace(/\s*\(.*$/, ''), 300);
  const found = useUserLookup(debounced, { active: 'all' });
  // The user already chosen (from the URL) keeps their name even when the search no longer lists them.
  const chosen = useQuery({
    queryKey: ['admin', 'users', 'one', value],
    queryFn: ({ signal }) => apiFetch<TAdminUser>(`/api/admin/users/${encodeURIComponent(value!)}`, { signal }),
    enabled: !!value,
  });
  const options = (found.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.email})` }));
  if (value && chosen.data && !options.some((o) => o.value === value)) options.unshift({ value, label: `${chosen.data.name} (${chosen.data.email})` });
  return (
    <Select
      label={t('audit.filters.user')}
      placeholder={t('audit.filters.anyone')}
      searchable
      clearable
      data={options}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={found.isFetching ? undefined : t('list.noMatchesTitle')}
      data-testid="audit-user-filter"
    />
  );
}
