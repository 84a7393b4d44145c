import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimits } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/**
 * Fixed-window counters in the database, so every instance sees the same counts.
 * One upsert statement both counts and starts a new window once the old one has passed.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  /** Counts one hit; returns the count in the current window and seconds until it resets. */
  async hit(key: string, windowS: number): Promise<{ count: number; retryAfter: number }> {
    const rows = await this.db
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
    const row = rows[0]!;
    return { count: row.count, retryAfter: secondsUntil(row.resetAt) };
  }

  /** The current count without counting, 0 when the window has passed. */
  async peek(key: string): Promise<{ count: number; retryAfter: number }> {
    const rows = await this.db
      .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
    const row = rows[0];
    return row ? { count: row.count, retryAfter: secondsUntil(row.resetAt) } : { count: 0, retryAfter: 0 };
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
  }

  /** Counts a hit and refuses (429) once the window holds more than `max`. */
  async consume(key: string, max: number, windowS: number): Promise<void> {
    const { count, retryAfter } = await this.hit(key, windowS);
    if (count > max) throw tooMany(retryAfter);
  }
}

export function tooMany(retryAfter: number): AppError {
  return new AppError(429, 'rate_limited', 'Too many attempts. Please wait and try again.', {
    retry_after: Math.max(1, retryAfter),
  });
}

const secondsUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 1000));
