import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TUser } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { publish } from '../realtime/events.js';

export type UserRow = typeof users.$inferSelect;

export const toApiUser = (u: UserRow): TUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  mobile: u.mobile,
  language: u.language,
});

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The live session and its user, in one query: what every authenticated request needs. */
export async function findLiveSession(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`));
  return row;
}

/** Revokes a session; its open realtime sockets, on every instance, are closed on commit. */
export async function revokeSession(db: DbOrTx, sessionId: string, reason: string) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (rows.length) await publish(db, { topic: '_sessions', event: 'revoked', sessionIds: rows.map((r) => r.id) });
}

/** Revokes every live session of a user, except `keep` when given. */
export async function revokeUserSessions(db: DbOrTx, userId: string, reason: string, keep?: string) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  if (rows.length) await publish(db, { topic: '_sessions', event: 'revoked', sessionIds: rows.map((r) => r.id) });
}
