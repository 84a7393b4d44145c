import { useQuery } from '@tanstack/react-query';
import type { TPublicSettings } from '@portal/shared';
import { apiFetch } from './api-client';
import { registerRealtimeInvalidation, useRealtimeSubscription } from './realtime';
import { networkRetry } from './retry';

export const publicSettingsQuery = {
  queryKey: ['settings', 'public'] as const,
  queryFn: () => apiFetch<TPublicSettings>('/api/settings/public', { auth: false }),
  ...networkRetry,
  staleTime: 5 * 60_000,
};

export function usePublicSettings() {
  return useQuery(publicSettingsQuery);
}

/**
 * A settings change reaches every signed-in tab (topic `settings`): everything kept under
 * ['settings'] refetches, and so do the lists the settings feed (service and fault types, skills).
 */
registerRealtimeInvalidation('settings.updated', [['settings'], ['service-requests', 'options'], ['admin', 'technicians', 'options']]);

const ignore = () => {};
/** Keeps this tab joined to the `settings` topic while mounted (the shell mounts it once). */
export function useLiveSettings(): void {
  useRealtimeSubscription('settings', ignore);
}

/** `+966 55-123 4567` → `966551234567`, as wa.me wants it. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

export function whatsappLink(phone: string): string {
  return `https://wa.me/${phoneDigits(phone)}`;
}

export function telLink(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${phoneDigits(trimmed)}`;
}
