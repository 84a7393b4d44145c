import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { LANGUAGES } from '@portal/shared';
import type { Language, NotificationType, Role } from '@portal/shared';
import { MAX_WRITE_PARAMETERS, writeInTransaction } from '../../db/at-commit.js';
import type { DbOrTx } from '../../db/client.js';
import { notifications, users } from '../../db/schema.js';
import { pageOf } from '../../db/keyset.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** The columns every recipient's row of one notification shares. */
export interface NotificationValues {
  type: NotificationType;
  title: string;
  message: string;
  params: Record<string, string | number>;
  link: string | null;
}

/** Params written in each language (times formatted for its readers). */
export type ParamsByLanguage = Record<Language, Record<string, string | number>>;

/** The params column of an insert-select from `users`: the reader's language's version. */
const paramsOf = (byLanguage: ParamsByLanguage) =>
  sql`case language ${sql.join(
    LANGUAGES.map((l) => sql`when ${l}::language then ${JSON.stringify(byLanguage[l])}::jsonb`),
    sql` `,
  )} end`;

/**
 * One notification for each of these users, its params in the user's own language: one
 * insert-select reading the language from their row (an unknown id gets none). Returns the new ids.
 */
export async function insertNotificationsInLanguages(
  tx: DbOrTx,
  userIds: string[],
  values: NotificationValues,
  paramsByLanguage: ParamsByLanguage,
): Promise<string[]> {
  const inserted = await tx.execute(sql`
        insert into notifications (user_id, type, title, message, params, link)
        select id, ${values.type}::notification_type, ${values.title}, ${values.message}, ${paramsOf(paramsByLanguage)}, ${values.link}
        from users
        where id in (${sql.join(
          userIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        returning id`);
  return (inserted as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

/** How many recipients one queued insert carries: 7 parameters each, within MAX_WRITE_PARAMETERS. */
const RECIPIENTS_PER_WRITE = Math.floor(MAX_WRITE_PARAMETERS / 7);

/**
 * One notification for each of these users, the same params for all. Returns the new ids, made
 * here: in a transaction the rows go in with its commit (db/at-commit.ts), one round trip fewer
 * for every workflow that notifies; nothing in the transaction reads them back.
 */
export async function insertNotifications(tx: DbOrTx, userIds: string[], values: NotificationValues): Promise<string[]> {
  const rows = userIds.map((userId) => ({ id: randomUUID(), userId, ...values }));
  for (let i = 0; i < rows.length; i += RECIPIENTS_PER_WRITE) {
    await writeInTransaction(tx, tx.insert(notifications).values(rows.slice(i, i + RECIPIENTS_PER_WRITE)).getSQL());
  }
  return rows.map((r) => r.id);
}

/**
 * One notification for every active user of `role` (every active user when null), in one
 * insert-select; with `paramsByLanguage`, each in the reader's language. Returns how many.
 */
export async function insertNotificationsForRole(
  tx: DbOrTx,
  role: Role | null,
  values: NotificationValues,
  paramsByLanguage: ParamsByLanguage | null,
): Promise<number> {
  const inserted = await tx.execute(sql`
    insert into notifications (user_id, type, title, message, params, link)
    select id, ${values.type}::notification_type, ${values.title}, ${values.message},
      ${paramsByLanguage ? paramsOf(paramsByLanguage) : sql`${JSON.stringify(values.params)}::jsonb`}, ${values.link}
    from users
    where active and (${role}::role is null or role = ${role}::role)
    returning id`);
  // Both drivers answer with `rows`.
  return (inserted as unknown as { rows: unknown[] }).rows.length;
}

/** How many of the user's notifications are unread. */
export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return row?.n ?? 0;
}

/**
 * A page of the user's notifications, newest first, read or unread only when asked, after the
 * keyset `after` (the exact database timestamp, in microseconds, and id of the previous page's last row).
 */
export async function notificationsPage(
  db: DbOrTx,
  userId: string,
  q: { limit: number; unread?: 'true' | 'false'; after: [string, string] | null },
): Promise<{ items: NotificationRow[]; next_cursor: string | null }> {
  const { after } = q;
  const rows = await db
    .select({ n: notifications, ts: sql<string>`${notifications.createdAt}::text` })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        q.unread ? eq(notifications.read, q.unread === 'false') : undefined,
        after ? sql`(${notifications.createdAt}, ${notifications.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(q.limit + 1);
  const page = pageOf(rows, q.limit, (last) => [last.ts, last.n.id]);
  return { items: page.items.map((r) => r.n), next_cursor: page.next_cursor };
}

/** Marks one of the user's notifications read; null when it is not theirs or does not exist. */
export async function markNotificationRead(tx: DbOrTx, id: string, userId: string): Promise<NotificationRow | null> {
  const [row] = await tx
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ?? null;
}

/** Marks every unread notification of the user read; returns how many there were. */
export async function markAllNotificationsRead(tx: DbOrTx, userId: string): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The user's id, or null when there is no such user. */
export async function findUserId(tx: DbOrTx, id: string): Promise<string | null> {
  const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
  return target?.id ?? null;
}
