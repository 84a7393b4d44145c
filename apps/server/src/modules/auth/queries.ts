import { and, eq, isNull, ne, sql, type Placeholder } from 'drizzle-orm';
import type { TUser } from '@portal/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { customers, sessions, users } from '../../db/schema.js';
import { publish } from '../realtime/index.js';

export type UserRow = typeof users.$inferSelect;

export const toApiUser = (u: UserRow): TUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  mobile: u.mobile,
  language: u.language,
});

/** A customer's default service address (null: none, or not a customer). */
export async function customerAddress(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ address: customers.defaultAddress }).from(customers).where(eq(customers.userId, userId));
  return row?.address ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

function liveSessionQuery(db: DbOrTx, sessionId: string | Placeholder) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`));
}
const buildLiveSessionQuery = (db: Db) => liveSessionQuery(db, sql.placeholder('sessionId')).prepare('live_session');
// Built once per database handle (not per request), and a named statement on PostgreSQL, so the
// server parses and plans it once per connection.
const liveSessionQueries = new WeakMap<Db, ReturnType<typeof buildLiveSessionQuery>>();

/** The live session and its user, in one query: what an authenticated request needs on a cache miss. */
export async function findLiveSession(db: Db, sessionId: string) {
  let query = liveSessionQueries.get(db);
  if (!query) liveSessionQueries.set(db, (query = buildLiveSessionQuery(db)));
  const [row] = await query.execute({ sessionId });
  return row;
}

/** The same, inside a transaction (prepared statements belong to the pool, not to a transaction). */
export async function findLiveSessionIn(tx: DbOrTx, sessionId: string) {
  const [row] = await liveSessionQuery(tx, sessionId);
  return row;
}

/**
 * Tells every instance, on commit, that these users' role, profile or active flag changed, so
 * none of them keeps serving what it cached of them. Call it in the transaction that changes them.
 */
export async function publishUsersChanged(tx: DbOrTx, userIds: string[]) {
  if (userIds.length) await publish(tx, { topic: '_users', event: 'changed', userIds });
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
