import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminSettings, TUpdateSettingsRequest } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';
import { publicSettingsQuery } from '../../../lib/public-settings';
import { adminSettingsKey } from './keys';

/** PUT /api/admin/settings — only the keys that changed. */
export function saveSettings(body: TUpdateSettingsRequest): Promise<TAdminSettings> {
  return apiFetch<TAdminSettings>('/api/admin/settings', { method: 'PUT', body });
}

/** PUT /api/admin/settings/logo — the image as a data URL (the server reads its type from the bytes). */
export function uploadLogo(image: string): Promise<TAdminSettings> {
  return apiFetch<TAdminSettings>('/api/admin/settings/logo', { method: 'PUT', body: { image } });
}

export function removeLogo(): Promise<TAdminSettings> {
  return apiFetch<TAdminSettings>('/api/admin/settings/logo', { method: 'DELETE' });
}

/** Each answers the whole settings: it becomes the cache at once, and the public settings are refetched. */
function useSettingsMutation<T>(fn: (input: T) => Promise<TAdminSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (data) => {
      queryClient.setQueryData(adminSettingsKey, data);
      void queryClient.invalidateQueries({ queryKey: publicSettingsQuery.queryKey });
    },
  });
}

export const useSaveSettings = () => useSettingsMutation(saveSettings);
export const useUploadLogo = () => useSettingsMutation(uploadLogo);
export const useRemoveLogo = () => useSettingsMutation(() => removeLogo());
