import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminCreateUserRequest, TAdminUpdateUserRequest, TAdminUser } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { userKeys } from './keys';

/** POST /api/admin/users (the user is mailed a link to choose a password). */
export function createUser(body: TAdminCreateUserRequest): Promise<TAdminUser> {
  return apiFetch<TAdminUser>('/api/admin/users', { method: 'POST', body });
}

/** PATCH /api/admin/users/:id — name, mobile, role, or the active flag. */
export function updateUser({ id, body }: { id: string; body: TAdminUpdateUserRequest }): Promise<TAdminUser> {
  return apiFetch<TAdminUser>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }) });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }) });
}
