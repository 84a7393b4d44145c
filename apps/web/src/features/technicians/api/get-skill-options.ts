import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TCatalogEntry } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { technicianKeys } from './keys';

/** GET /api/admin/technicians/options — the service types (settings) a skill may be, named in the reader's language. */
export function useSkillOptions() {
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: technicianKeys.options,
    queryFn: ({ signal }) => apiFetch<{ service_types: TCatalogEntry[] }>('/api/admin/technicians/options', { signal }),
    staleTime: 5 * 60_000,
  });
  const ar = i18n.resolvedLanguage === 'ar';
  const types = query.data?.service_types ?? [];
  const nameOf = (code: string) => {
    const entry = types.find((e) => e.code === code);
    return entry ? (ar ? entry.name_ar : entry.name_en) : code;
  };
  return { query, data: types.map((e) => ({ value: e.code, label: ar ? e.name_ar : e.name_en })), nameOf };
}
