import { useMutation } from '@tanstack/react-query';
import type { TAnnouncementRequest } from '@portal/shared';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/admin/announcements — how many users it went to. */
export function sendAnnouncement(request: TAnnouncementRequest): Promise<{ recipients: number }> {
  return apiFetch<{ recipients: number }>('/api/admin/announcements', { method: 'POST', body: request });
}

export function useSendAnnouncement() {
  return useMutation({ mutationFn: sendAnnouncement });
}
