import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { rateLimits, recoveryCodes, refreshTokens, sessions } from '../../db/schema.js';

// Ended sessions are kept a while for support questions ("was I signed out?"), then go.
const KEEP_ENDED_SESSIONS_DAYS = 30;
const EVERY_MS = 10 * 60 * 1000;

/**
 * Deletes what has no further use: passed rate-limit windows, spent refresh tokens, used or
 * expired recovery codes, and sessions long ended. Every statement is idempotent, so any
 * number of instances may run it.
 */
export async function sweep(ctx: Pick<AppContext, 'db'>): Promise<void> {
  const { db } = ctx;
  const cutoff = sql`now() - make_interval(days => ${KEEP_ENDED_SESSIONS_DAYS})`;
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
  await db.delete(refreshTokens).where(and(isNotNull(refreshTokens.spentAt), lt(refreshTokens.spentAt, sql`now() - interval '1 day'`)));
  await db.delete(recoveryCodes).where(or(isNotNull(recoveryCodes.usedAt), lt(recoveryCodes.expiresAt, sql`now()`)));
  await db.delete(sessions).where(or(lt(sessions.revokedAt, cutoff), lt(sessions.expiresAt, cutoff)));
}

/** Runs the sweep now and then every 10 minutes; returns a function that stops it. */
export function startHousekeeping(ctx: AppContext): () => void {
  const run = () => sweep(ctx).catch((err) => ctx.log.error({ err }, 'housekeeping failed'));
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
