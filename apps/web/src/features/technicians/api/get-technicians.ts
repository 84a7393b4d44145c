import type { TTechnician } from '@portal/shared';
import { usePagedQuery, type ListQuery } from '../../../lib/paged-query';
import { technicianKeys } from './keys';

/** GET /api/admin/technicians — with skills, van, weekly hours, today's load, open jobs and rating. */
export function useTechnicians(query: ListQuery) {
  return usePagedQuery<TTechnician>(technicianKeys.list, '/api/admin/technicians', query);
}
