import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Role } from '@portal/shared';
import { apiFetch } from './api-client';

export interface LookupUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** GET /api/admin/users/lookup?q=&role= (admin) — active users of `role` whose name or email matches. */
export function lookupUsers(role: Role, q: string, signal?: AbortSignal): Promise<{ items: LookupUser[] }> {
  return apiFetch<{ items: LookupUser[] }>('/api/admin/users/lookup', { query: { q, role }, signal });
}

export function useUserLookup(role: Role, q: string, enabled = true) {
  return useQuery({
    queryKey: ['users-lookup', role, q],
    queryFn: async ({ signal }) => {
      const found = await lookupUsers(role, q, signal);
      // An older server ignores `role`: never offer a user of another role.
      return { items: found.items.filter((u) => u.role === role) };
    },
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
