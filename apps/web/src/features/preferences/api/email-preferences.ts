import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailKind, TEmailPreferences } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';

export const EMAIL_PREFERENCES_KEY = ['me', 'email-preferences'] as const;

/** GET /api/me/email-preferences: each customer e-mail kind, on or off. */
export function useEmailPreferences() {
  return useQuery({ queryKey: EMAIL_PREFERENCES_KEY, queryFn: () => apiFetch<TEmailPreferences>('/api/me/email-preferences') });
}

/** PUT /api/me/email-preferences for one kind; the answer (every kind) replaces the cached list. */
export function useSetEmailPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: EmailKind; email: boolean }) =>
      apiFetch<TEmailPreferences>('/api/me/email-preferences', { method: 'PUT', body: { kinds: [change] } }),
    onSuccess: (data) => queryClient.setQueryData(EMAIL_PREFERENCES_KEY, data),
  });
}

/** POST /api/email-preferences/unsubscribe: the e-mail's link, signed out (204; 404 for a bad token). */
export function unsubscribe(token: string): Promise<void> {
  return apiFetch<void>('/api/email-preferences/unsubscribe', { method: 'POST', auth: false, body: { token } });
}
