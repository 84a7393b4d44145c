import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { idempotencyKeys, rateLimits, recoveryCodes, refreshTokens, sessions } from '../../db/schema.js';

/** Deletes the rate-limit counters whose window has passed. */
export async function deletePassedRateLimits(db: DbOrTx): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}

/** Deletes the refresh tokens spent more than a day ago. */
export async function deleteSpentRefreshTokens(db: DbOrTx): Promise<void> {
  await db.delete(refreshTokens).where(and(isNotNull(refreshTokens.spentAt), lt(refreshTokens.spentAt, sql`now() - interval '1 day'`)));
}

/** Deletes the recovery codes that were used or have expired. */
export async function deleteUsedRecoveryCodes(db: DbOrTx): Promise<void> {
  await db.delete(recoveryCodes).where(or(isNotNull(recoveryCodes.usedAt), lt(recoveryCodes.expiresAt, sql`now()`)));
}

/** Deletes the sessions revoked or expired more than `keepDays` days ago. */
export async function deleteEndedSessions(db: DbOrTx, keepDays: number): Promise<void> {
  const cutoff = sql`now() - make_interval(days => ${keepDays})`;
  await db.delete(sessions).where(or(lt(sessions.revokedAt, cutoff), lt(sessions.expiresAt, cutoff)));
}

/** Deletes the idempotency keys claimed more than `keepDays` days ago (a device replays its outbox within days). */
export async function deleteOldIdempotencyKeys(db: DbOrTx, keepDays: number): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(days => ${keepDays})`));
}
