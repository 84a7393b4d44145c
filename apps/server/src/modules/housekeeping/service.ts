import type { AppContext } from '../../context.js';
import { deleteEndedSessions, deleteOldIdempotencyKeys, deletePassedRateLimits, deleteSpentRefreshTokens, deleteUsedRecoveryCodes } from './queries.js';

// Ended sessions are kept a while for support questions ("was I signed out?"), then go.
const KEEP_ENDED_SESSIONS_DAYS = 30;
// A device offline for days replays its queued actions with their keys: kept a week (issue #27).
const KEEP_IDEMPOTENCY_KEYS_DAYS = 7;
const EVERY_MS = 10 * 60 * 1000;

/**
 * Deletes what has no further use: passed rate-limit windows, spent refresh tokens, used or
 * expired recovery codes, sessions long ended, and idempotency keys older than a week. Every
 * statement is idempotent, so any number of instances may run it.
 */
export async function sweep(ctx: Pick<AppContext, 'db'>): Promise<void> {
  const { db } = ctx;
  await deletePassedRateLimits(db);
  await deleteSpentRefreshTokens(db);
  await deleteUsedRecoveryCodes(db);
  await deleteEndedSessions(db, KEEP_ENDED_SESSIONS_DAYS);
  await deleteOldIdempotencyKeys(db, KEEP_IDEMPOTENCY_KEYS_DAYS);
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
