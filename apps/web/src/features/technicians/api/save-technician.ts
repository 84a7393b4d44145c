import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateTechnicianRequest, TPatchTechnicianRequest, TTechnician } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { technicianKeys } from './keys';

/** POST /api/admin/technicians — the account, the technician profile and the van in one step. */
export function createTechnician(body: TCreateTechnicianRequest): Promise<TTechnician> {
  return apiFetch<TTechnician>('/api/admin/technicians', { method: 'POST', body });
}

/** PATCH /api/admin/technicians/:id — skills, van, weekly hours, or the active flag. */
export function patchTechnician({ id, body }: { id: string; body: TPatchTechnicianRequest }): Promise<TTechnician> {
  return apiFetch<TTechnician>(`/api/admin/technicians/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function useCreateTechnician() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTechnician,
    // Users and warehouses lists show the new account and van too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: technicianKeys.all }), queryClient.invalidateQueries({ queryKey: ['admin', 'users'] })]),
  });
}

export function usePatchTechnician() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: patchTechnician, onSuccess: () => queryClient.invalidateQueries({ queryKey: technicianKeys.all }) });
}
