import { useQuery } from '@tanstack/react-query';
import type { TAdminSettings } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { adminSettingsKey } from './keys';

/** GET /api/admin/settings — every setting and the logo (refetched on `settings.updated`). */
export function useAdminSettings() {
  return useQuery({
    queryKey: adminSettingsKey,
    queryFn: ({ signal }) => apiFetch<TAdminSettings>('/api/admin/settings', { signal }),
  });
}
