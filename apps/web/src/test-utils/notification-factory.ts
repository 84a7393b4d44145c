import type { TNotification } from '@portal/shared';

let counter = 0;

/** A notification as the server sends it, with overrides. */
export function makeNotification(overrides: Partial<TNotification> = {}): TNotification {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    type: 'info',
    title: 'notifications.announcement.title',
    message: 'notifications.announcement.message',
    params: { title: `Title ${counter}`, message: `Message ${counter}` },
    link: null,
    read: false,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}
