import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Role } from '@portal/shared';

import { apiFetch } from '../../../lib/api-client';

export interface UserLookupItem {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** GET /api/admin/users/lookup?q= — users whose name or email matches. */
export function lookupUsers(q: string, signal?: AbortSignal): Promise<{ items: UserLookupItem[] }> {
  return apiFetch<{ items: UserLookupItem[] }>('/api/admin/users/lookup', { query: { q }, signal });
}

export function useUserLookup(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'users', 'lookup', q],
    queryFn: ({ signal }) => lookupUsers(q, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
