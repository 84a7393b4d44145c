import { z } from 'zod';
import { NOTIFICATIONS_PAGE_SIZE } from './constants.js';
import { ROLES } from './roles.js';

export const NOTIFICATION_TYPES = ['success', 'error', 'warning', 'info'] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * A notification's title and message are translation keys (`notifications.<kind>.title`),
 * with `params` to interpolate, so each reader sees them in their own language. Free text
 * (an admin's announcement) travels in params: keys `notifications.announcement.*`.
 */
export const ZNotification = z.object({
  id: z.uuid(),
  type: ZNotificationType,
  title: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
  /** Opaque cursor from `next_cursor`: the page after it (older notifications). */
  cursor: z.string().optional(),
  unread: z.enum(['true', 'false']).optional(),
});

export const ZNotificationList = z.object({
  items: z.array(ZNotification),
  unread_count: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

export const ZUnreadCount = z.object({ count: z.number().int() });
export const ZMarkAllRead = z.object({ updated: z.number().int() });

/** A link inside the portal only: a path, never another site. */
export const ZInternalLink = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/(?!\/)[^\s]*$/, { message: 'invalid' });

export const ZAnnouncementAudience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), user_id: z.uuid() }),
  z.object({ kind: z.literal('role'), role: z.enum(ROLES) }),
  z.object({ kind: z.literal('all') }),
]);

export const ZAnnouncementRequest = z.object({
  audience: ZAnnouncementAudience,
  type: ZNotificationType.default('info'),
  title: z.string().trim().min(1, { message: 'required' }).max(120, { message: 'too_long' }),
  message: z.string().trim().min(1, { message: 'required' }).max(1000, { message: 'too_long' }),
  link: ZInternalLink.optional(),
});
export type TAnnouncementRequest = z.infer<typeof ZAnnouncementRequest>;
export const ZAnnouncementResult = z.object({ recipients: z.number().int() });

/** For picking one recipient: users whose name or email matches. */
export const ZUserLookupQuery = z.object({
  q: z.string().trim().max(100).default(''),
  /** Only users of this role (pickers: the customer of a request, the technician to assign). */
  role: z.enum(ROLES, { message: 'invalid' }).optional(),
  /** Only active users (default), or everyone with `active=all`. */
  active: z.enum(['true', 'all']).default('true'),
});
export type TUserLookupQuery = z.infer<typeof ZUserLookupQuery>;
export const ZUserLookup = z.object({
  items: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string(), role: z.enum(ROLES) })),
});
