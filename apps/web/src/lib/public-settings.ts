import { useQuery } from '@tanstack/react-query';
import type { TPublicSettings } from '@portal/shared';
import { apiFetch } from './api-client';
import { withRetry } from './retry';

export const publicSettingsQuery = {
  queryKey: ['settings', 'public'] as const,
  queryFn: () => withRetry(() => apiFetch<TPublicSettings>('/api/settings/public', { auth: false })),
  staleTime: 5 * 60_000,
};

export function usePublicSettings() {
  return useQuery(publicSettingsQuery);
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
