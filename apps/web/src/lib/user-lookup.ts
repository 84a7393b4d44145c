import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Role } from '@portal/shared';
import { apiFetch } from './api-client';

export interface LookupUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

export interface UserLookupFilter {
  /** Only users of this role; any role when left out. */
  role?: Role;
  /** `all` finds deactivated users too (who made a change long ago); active users only otherwise. */
  active?: 'all';
}

/** GET /api/admin/users/lookup?q=&role=&active= (admin) — users whose name or email matches, at most 20. */
export function lookupUsers(q: string, { role, active }: UserLookupFilter, signal?: AbortSignal): Promise<{ items: LookupUser[] }> {
  return apiFetch<{ items: LookupUser[] }>('/api/admin/users/lookup', { query: { q, role, active }, signal });
}

/**
 * The users matching `q` (already debounced by the caller). Under ['admin', 'users'], so
 * whatever changes a user refreshes the lookups too.
 */
export function useUserLookup(q: string, filter: UserLookupFilter = {}) {
  const { role, active } = filter;
  return useQuery({
    queryKey: ['admin', 'users', 'lookup', { role: role ?? null, active: active ?? null, q }],
    queryFn: async ({ signal }) => {
      const found = await lookupUsers(q, { role, active }, signal);
      // An older server ignores `role`: never offer a user of another role.
      return role ? found.items.filter((u) => u.role === role) : found.items;
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
