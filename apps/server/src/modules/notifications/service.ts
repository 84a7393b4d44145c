import { LANGUAGES, ROLES } from '@portal/shared';
import type { NotificationType, Role, TAnnouncementRequest, TNotification, TNotificationList } from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { cursorTuple, decodeCursor } from '../../lib/cursor.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { formatInZone } from '../../mail/templates.js';
import { publish } from '../realtime/index.js';
import { getSettings } from '../settings/index.js';
import {
  countUnread,
  findUserId,
  insertNotifications,
  insertNotificationsForRole,
  insertNotificationsInLanguages,
  markAllNotificationsRead,
  markNotificationRead,
  notificationsPage,
  type NotificationRow,
  type NotificationValues,
  type ParamsByLanguage,
} from './queries.js';

export interface NewNotification {
  type?: NotificationType;
  /** Translation keys (e.g. `notifications.request_assigned.title`) and their parameters. */
  title: string;
  message: string;
  params?: Record<string, string | number>;
  /**
   * Instants (ISO text or epoch milliseconds) to interpolate like params, each written for its
   * reader: in their language, in the company's time zone ("Thursday, November 26, 2026 at 8:00 AM").
   */
  times?: Record<string, string | number>;
  /** A path inside the portal. */
  link?: string | null;
}

export type Recipients = { userIds: string[] } | { role: Role } | { everyone: true };

/**
 * The one way to create notifications. Runs in the caller's transaction: the rows and their
 * realtime event land together on commit, and neither exists if the change rolls back.
 * Returns how many users were notified.
 */
export async function notify(tx: DbOrTx, recipients: Recipients, n: NewNotification): Promise<number> {
  const values: NotificationValues = {
    type: n.type ?? 'info',
    title: n.title,
    message: n.message,
    params: n.params ?? {},
    link: n.link ?? null,
  };
  const paramsByLanguage = n.times && Object.keys(n.times).length ? await withTimes(tx, values.params, n.times) : null;
  if ('userIds' in recipients) {
    const userIds = [...new Set(recipients.userIds)];
    if (!userIds.length) return 0;
    if (paramsByLanguage) {
      // Each recipient's own language: one insert-select reading it from their row.
      const ids = await insertNotificationsInLanguages(tx, userIds, values, paramsByLanguage);
      await publish(tx, {
        topic: 'notifications',
        event: 'notification.created',
        audience: { userIds },
        payload: { ids: userIds.length === 1 ? ids : undefined },
      });
      return ids.length;
    }
    const ids = await insertNotifications(tx, userIds, values);
    await publish(tx, {
      topic: 'notifications',
      event: 'notification.created',
      audience: { userIds },
      payload: { ids: userIds.length === 1 ? ids : undefined },
    });
    return ids.length;
  }
  // A role or everyone: one insert-select, one event addressed by role.
  const role = 'role' in recipients ? recipients.role : null;
  const insertedCount = await insertNotificationsForRole(tx, role, values, paramsByLanguage);
  await publish(tx, {
    topic: 'notifications',
    event: 'notification.created',
    audience: { roles: role ? [role] : [...ROLES] },
  });
  return insertedCount;
}

/** The params with each time written in each language, in the company's time zone. */
async function withTimes(tx: DbOrTx, params: Record<string, string | number>, times: Record<string, string | number>) {
  const { time_zone } = await getSettings(tx, ['time_zone']);
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      { ...params, ...Object.fromEntries(Object.entries(times).map(([k, v]) => [k, formatInZone(new Date(v), language, time_zone, { withZone: false })])) },
    ]),
  ) as ParamsByLanguage;
}

const toApi = (n: NotificationRow): TNotification => ({
  id: n.id,
  type: n.type,
  title: n.title,
  message: n.message,
  params: n.params,
  link: n.link,
  read: n.read,
  created_at: n.createdAt.toISOString(),
});

/** Keyset cursor: the exact database timestamp (microseconds) and id of the last row. */
const CURSOR = cursorTuple(['timestamptz', 'uuid']);

export function createNotificationService(ctx: AppContext) {
  const { db } = ctx;
  const unreadCount = (userId: string) => countUnread(db, userId);

  return {
    unreadCount,

    async list(actor: Actor, q: { limit: number; cursor?: string; unread?: 'true' | 'false' }): Promise<TNotificationList> {
      const after = q.cursor ? (decodeCursor(CURSOR, q.cursor) as [string, string]) : null;
      const page = await notificationsPage(db, actor.userId, { limit: q.limit, unread: q.unread, after });
      return {
        items: page.items.map(toApi),
        unread_count: await unreadCount(actor.userId),
        next_cursor: page.next_cursor,
      };
    },

    /** Another user's notification answers 404, exactly like one that does not exist. */
    async markRead(actor: Actor, id: string): Promise<TNotification> {
      return db.transaction(async (tx) => {
        const row = await markNotificationRead(tx, id, actor.userId);
        if (!row) throw notFound('Notification');
        await publish(tx, { topic: 'notifications', event: 'notification.read', audience: { userIds: [actor.userId] }, payload: { ids: [id] } });
        return toApi(row);
      });
    },

    async markAllRead(actor: Actor): Promise<{ updated: number }> {
      return db.transaction(async (tx) => {
        const updated = await markAllNotificationsRead(tx, actor.userId);
        if (updated) {
          await publish(tx, { topic: 'notifications', event: 'notification.read', audience: { userIds: [actor.userId] } });
        }
        return { updated };
      });
    },

    async announce(actor: Actor, input: TAnnouncementRequest): Promise<{ recipients: number }> {
      return db.transaction(async (tx) => {
        let recipients: Recipients;
        if (input.audience.kind === 'user') {
          const targetId = await findUserId(tx, input.audience.user_id);
          if (!targetId) throw badRequest({ 'audience.user_id': 'invalid' });
          recipients = { userIds: [targetId] };
        } else if (input.audience.kind === 'role') {
          recipients = { role: input.audience.role };
        } else {
          recipients = { everyone: true };
        }
        const count = await notify(tx, recipients, {
          type: input.type,
          title: 'notifications.announcement.title',
          message: 'notifications.announcement.message',
          params: { title: input.title, message: input.message },
          link: input.link ?? null,
        });
        await audit(tx, {
          actorId: actor.userId,
          action: 'notification.announced',
          entity: 'announcement',
          after: { ...input, recipients: count },
          ip: actor.ip,
        });
        return { recipients: count };
      });
    },

    /** Users to pick one from (a recipient, a customer, a technician), by name or email. */
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
