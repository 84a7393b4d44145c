import { and, count, desc, eq, sql } from 'drizzle-orm';
import { LANGUAGES, ROLES } from '@portal/shared';
import type { Language, NotificationType, Role, TAnnouncementRequest, TNotification, TNotificationList } from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { notifications, users } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { pageOf } from '../../db/keyset.js';
import { cursorTuple, decodeCursor } from '../../lib/cursor.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { formatInZone } from '../../mail/templates.js';
import { publish } from '../realtime/index.js';
import { getSettings } from '../settings/index.js';

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
  const values = {
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
      const inserted = await tx.execute(sql`
        insert into notifications (user_id, type, title, message, params, link)
        select id, ${values.type}::notification_type, ${values.title}, ${values.message}, ${paramsOf(paramsByLanguage)}, ${values.link}
        from users
        where id in (${sql.join(
          userIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        returning id`);
      const ids = (inserted as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
      await publish(tx, {
        topic: 'notifications',
        event: 'notification.created',
        audience: { userIds },
        payload: { ids: userIds.length === 1 ? ids : undefined },
      });
      return ids.length;
    }
    const rows = await tx
      .insert(notifications)
      .values(userIds.map((userId) => ({ userId, ...values })))
      .returning({ id: notifications.id });
    await publish(tx, {
      topic: 'notifications',
      event: 'notification.created',
      audience: { userIds },
      payload: { ids: userIds.length === 1 ? rows.map((r) => r.id) : undefined },
    });
    return rows.length;
  }
  // A role or everyone: one insert-select, one event addressed by role.
  const role = 'role' in recipients ? recipients.role : null;
  const inserted = await tx.execute(sql`
    insert into notifications (user_id, type, title, message, params, link)
    select id, ${values.type}::notification_type, ${values.title}, ${values.message},
      ${paramsByLanguage ? paramsOf(paramsByLanguage) : sql`${JSON.stringify(values.params)}::jsonb`}, ${values.link}
    from users
    where active and (${role}::role is null or role = ${role}::role)
    returning id`);
  // Both drivers answer with `rows`.
  const insertedCount = (inserted as unknown as { rows: unknown[] }).rows.length;
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
  ) as Record<Language, Record<string, string | number>>;
}

/** The params column of an insert-select from `users`: the reader's language's version. */
const paramsOf = (byLanguage: Record<Language, Record<string, string | number>>) =>
  sql`case language ${sql.join(
    LANGUAGES.map((l) => sql`when ${l}::language then ${JSON.stringify(byLanguage[l])}::jsonb`),
    sql` `,
  )} end`;

type Row = typeof notifications.$inferSelect;
const toApi = (n: Row): TNotification => ({
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
  const unreadCount = async (userId: string) => {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
    return row?.n ?? 0;
  };

  return {
    unreadCount,

    async list(actor: Actor, q: { limit: number; cursor?: string; unread?: 'true' | 'false' }): Promise<TNotificationList> {
      const after = q.cursor ? (decodeCursor(CURSOR, q.cursor) as [string, string]) : null;
      const rows = await db
        .select({ n: notifications, ts: sql<string>`${notifications.createdAt}::text` })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, actor.userId),
            q.unread ? eq(notifications.read, q.unread === 'false') : undefined,
            after ? sql`(${notifications.createdAt}, ${notifications.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(q.limit + 1);
      const page = pageOf(rows, q.limit, (last) => [last.ts, last.n.id]);
      return {
        items: page.items.map((r) => toApi(r.n)),
        unread_count: await unreadCount(actor.userId),
        next_cursor: page.next_cursor,
      };
    },

    /** Another user's notification answers 404, exactly like one that does not exist. */
    async markRead(actor: Actor, id: string): Promise<TNotification> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(notifications)
          .set({ read: true })
          .where(and(eq(notifications.id, id), eq(notifications.userId, actor.userId)))
          .returning();
        if (!row) throw notFound('Notification');
        await publish(tx, { topic: 'notifications', event: 'notification.read', audience: { userIds: [actor.userId] }, payload: { ids: [id] } });
        return toApi(row);
      });
    },

    async markAllRead(actor: Actor): Promise<{ updated: number }> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(notifications)
          .set({ read: true })
          .where(and(eq(notifications.userId, actor.userId), eq(notifications.read, false)))
          .returning({ id: notifications.id });
        if (rows.length) {
          await publish(tx, { topic: 'notifications', event: 'notification.read', audience: { userIds: [actor.userId] } });
        }
        return { updated: rows.length };
      });
    },

    async announce(actor: Actor, input: TAnnouncementRequest): Promise<{ recipients: number }> {
      return db.transaction(async (tx) => {
        let recipients: Recipients;
        if (input.audience.kind === 'user') {
          const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.audience.user_id));
          if (!target) throw badRequest({ 'audience.user_id': 'invalid' });
          recipients = { userIds: [target.id] };
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
