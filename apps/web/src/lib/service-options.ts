import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TCatalogEntry, TServiceRequestOptions } from '@portal/shared';
import { apiFetch } from './api-client';

/** Under ['service-requests'], so whatever refreshes the requests' queries refreshes these too. */
export const SERVICE_OPTIONS_KEY = ['service-requests', 'options'] as const;

/** GET /api/service-requests/options — the service and fault types kept in settings. */
export function useServiceRequestOptions() {
  return useQuery({
    queryKey: SERVICE_OPTIONS_KEY,
    queryFn: ({ signal }) => apiFetch<TServiceRequestOptions>('/api/service-requests/options', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** A catalogue code's name in the reader's language (the code itself while the lists load or when it was removed). */
export function useCatalogNames() {
  const { i18n } = useTranslation();
  const options = useServiceRequestOptions();
  const arabic = i18n.resolvedLanguage === 'ar';
  const name = (list: readonly TCatalogEntry[] | undefined, code: string) => {
    const entry = list?.find((e) => e.code === code);
    return entry ? (arabic ? entry.name_ar : entry.name_en) : code;
  };
  return {
    options,
    serviceType: (code: string) => name(options.data?.service_types, code),
    faultType: (code: string) => name(options.data?.fault_types, code),
    entries: (list: readonly TCatalogEntry[] | undefined) =>
      (list ?? []).map((e) => ({ value: e.code, label: arabic ? e.name_ar : e.name_en })),
  };
}
