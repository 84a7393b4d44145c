import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPage, TWarehouse } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';

/** Vans by code or name (GET /api/warehouses?kind=van): the typed text is the search, so any van is found. */
export function useVans(q: string, enabled = true) {
  const [debounced] = useDebouncedValue(q, 300);
  return useQuery({
    queryKey: ['admin', 'technicians', 'vans', debounced],
    queryFn: ({ signal }) =>
      apiFetch<TPage<TWarehouse>>('/api/warehouses', { query: { kind: 'van', active: 'true', q: debounced || undefined, limit: 50 }, signal }),
    select: (page) => page.items,
    placeholderData: keepPreviousData,
    enabled,
  });
}
