import type { TAdminUser } from '@portal/shared';
import { usePagedQuery, type ListQuery } from '../../../lib/paged-query';
import { userKeys } from './keys';

/** GET /api/admin/users — searched, filtered, sorted and paged as the URL says. */
export function useUsers(query: ListQuery) {
  return usePagedQuery<TAdminUser>(userKeys.list, '/api/admin/users', query);
}
