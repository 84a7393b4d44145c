import { and, eq, gt, inArray, isNull, ne, sql, type Placeholder } from 'drizzle-orm';
import type { TUser } from '@portal/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { customers, rateLimits, recoveryCodes, refreshTokens, serverSecrets, sessions, users } from '../../db/schema.js';

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

/** Marks a live session revoked; returns its id (none when it had already ended). */
export async function markSessionRevoked(db: DbOrTx, sessionId: string, reason: string): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** Marks every live session of a user revoked, except `keep` when given; returns their ids. */
export async function markUserSessionsRevoked(db: DbOrTx, userId: string, reason: string, keep?: string): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

// Users and customers

export async function insertUser(tx: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [user] = await tx.insert(users).values(values).returning();
  return user!;
}

export async function insertCustomer(tx: DbOrTx, values: typeof customers.$inferInsert): Promise<void> {
  await tx.insert(customers).values(values);
}

/** Changes these columns of the user; returns the row as it is now (undefined: no such user). */
export async function updateUser(tx: DbOrTx, userId: string, changes: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
  const [after] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
  return after;
}

export async function touchLastSignIn(tx: DbOrTx, userId: string): Promise<void> {
  await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
}

export async function setPasswordHash(tx: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Changes these columns of the user's customer row (none when they are not a customer). */
export async function updateCustomer(tx: DbOrTx, userId: string, changes: Partial<typeof customers.$inferInsert>): Promise<void> {
  await tx.update(customers).set(changes).where(eq(customers.userId, userId));
}

// Sessions and refresh tokens

/** Opens a session; returns its id. */
export async function insertSession(tx: DbOrTx, values: typeof sessions.$inferInsert): Promise<string> {
  const [session] = await tx.insert(sessions).values(values).returning({ id: sessions.id });
  return session!.id;
}

export async function insertRefreshToken(tx: DbOrTx, sessionId: string, tokenHash: string): Promise<void> {
  await tx.insert(refreshTokens).values({ sessionId, tokenHash });
}

/**
 * The refresh token with this hash and its session, locked (`for update`): two refreshes with
 * the same token queue here, so only the first spends it and the second sees it spent.
 */
export async function lockRefreshToken(tx: DbOrTx, tokenHash: string) {
  const [row] = await tx
    .select({ token: refreshTokens, session: sessions })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markRefreshTokenSpent(tx: DbOrTx, tokenId: string): Promise<void> {
  await tx.update(refreshTokens).set({ spentAt: new Date() }).where(eq(refreshTokens.id, tokenId));
}

/** Records a refresh of the session and moves its end to `expiresAt`. */
export async function slideSession(tx: DbOrTx, sessionId: string, expiresAt: Date): Promise<void> {
  await tx
    .update(sessions)
    .set({ lastRefreshedAt: new Date(), expiresAt })
    .where(eq(sessions.id, sessionId));
}

// Recovery codes

export async function insertRecoveryCode(
  tx: DbOrTx,
  values: { userId: string; codeHash: string; codeChallenge: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(recoveryCodes).values(values);
}

/** The recovery code with this hash, locked (`for update`) so that it can be used only once. */
export async function lockRecoveryCode(tx: DbOrTx, codeHash: string) {
  const [code] = await tx
    .select()
    .from(recoveryCodes)
    .where(eq(recoveryCodes.codeHash, codeHash))
    .for('update');
  return code;
}

export async function markRecoveryCodeUsed(tx: DbOrTx, codeId: string): Promise<void> {
  await tx.update(recoveryCodes).set({ usedAt: new Date() }).where(eq(recoveryCodes.id, codeId));
}

/** Marks the user's outstanding (unused, unexpired) recovery codes used. */
export async function expireRecoveryCodes(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt), gt(recoveryCodes.expiresAt, new Date())));
}

// Rate-limit counters (rate-limit.ts)

/**
 * Counts one hit on `key` and returns the count and when the window resets. One upsert both
 * counts and starts a new window (of `windowS` seconds) once the old one has passed, so
 * concurrent hits on every instance count exactly.
 */
export async function hitRateLimit(db: DbOrTx, key: string, windowS: number): Promise<{ count: number; resetAt: Date }> {
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${windowS})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then now() + make_interval(secs => ${windowS}) else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return rows[0]!;
}

/** The counter of `key` while its window lasts; undefined once it has passed (or never started). */
export async function findLiveRateLimit(db: DbOrTx, key: string): Promise<{ count: number; resetAt: Date } | undefined> {
  const rows = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
  return rows[0];
}

export async function deleteRateLimit(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** The sum of the live counters of these keys (0 when none). */
export async function sumLiveRateLimits(db: DbOrTx, keys: string[]): Promise<number> {
  const rows = await db
    .select({ total: sql<number>`coalesce(sum(${rateLimits.count}), 0)::int` })
    .from(rateLimits)
    .where(sql`${inArray(rateLimits.key, keys)} and ${rateLimits.resetAt} > now()`);
  return Number(rows[0]?.total ?? 0);
}

/** How many live counters have a key starting with `prefix` (a scan). */
export async function countLiveRateLimitsWithPrefix(db: DbOrTx, prefix: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rateLimits)
    .where(sql`starts_with(${rateLimits.key}, ${prefix}) and ${rateLimits.resetAt} > now()`);
  return Number(rows[0]?.n ?? 0);
}

// Server secrets (tokens.ts)

/** Stores the secret unless one of that name exists already (the first instance to start wins). */
export async function insertServerSecretIfMissing(db: DbOrTx, name: string, value: string): Promise<void> {
  await db.insert(serverSecrets).values({ name, value }).onConflictDoNothing();
}

export async function findServerSecret(db: DbOrTx, name: string) {
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return row;
}
