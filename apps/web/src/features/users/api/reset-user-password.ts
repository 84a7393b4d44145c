import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/admin/users/:id/reset-password — ends every session of that user. */
export function resetUserPassword({ id, password }: { id: string; password: string }): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>(`/api/admin/users/${encodeURIComponent(id)}/reset-password`, { method: 'POST', body: { new_password: password } });
}

export function useResetUserPassword() {
  return useMutation({ mutationFn: resetUserPassword });
}
