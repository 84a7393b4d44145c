import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { sha256 } from './crypto.js';
import { countLiveRateLimitsWithPrefix, deleteRateLimit, findLiveRateLimit, hitRateLimit, sumLiveRateLimits } from './queries.js';

/**
 * Fixed-window counters in the database, so every instance sees the same counts.
 * One upsert statement both counts and starts a new window once the old one has passed.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  /** Counts one hit; returns the count in the current window and seconds until (and when) it resets. */
  async hit(key: string, windowS: number): Promise<{ count: number; retryAfter: number; resetAt: Date }> {
    const row = await hitRateLimit(this.db, key, windowS);
    return { count: row.count, retryAfter: secondsUntil(row.resetAt), resetAt: row.resetAt };
  }

  /** The current count without counting, 0 when the window has passed. */
  async peek(key: string): Promise<{ count: number; retryAfter: number }> {
    const row = await findLiveRateLimit(this.db, key);
    return row ? { count: row.count, retryAfter: secondsUntil(row.resetAt) } : { count: 0, retryAfter: 0 };
  }

  async reset(key: string): Promise<void> {
    await deleteRateLimit(this.db, key);
  }

  /**
   * Counts one hit in a rolling window and returns the hits in it. The window is kept as up to
   * twelve fixed slices, one row each (`key#slice`), so it rolls to a twelfth: with an hour,
   * the count covers the last 55 to 60 minutes. Each row expires as its slice leaves the window.
   */
  async hitRolling(key: string, windowS: number): Promise<number> {
    const sliceS = Math.ceil(windowS / ROLLING_SLICES);
    const slices = Math.ceil(windowS / sliceS);
    const nowS = Date.now() / 1000;
    const current = Math.floor(nowS / sliceS);
    await this.hit(`${key}#${current}`, (current + slices) * sliceS - nowS);
    const keys = Array.from({ length: slices }, (_, i) => `${key}#${current - i}`);
    return sumLiveRateLimits(this.db, keys);
  }

  /** How many live counters there are whose key starts with `prefix` (a scan: keep it off hot paths). */
  async countPrefix(prefix: string): Promise<number> {
    return countLiveRateLimitsWithPrefix(this.db, prefix);
  }

  /** Counts a hit and refuses (429) once the window holds more than `max`. */
  async consume(key: string, max: number, windowS: number): Promise<void> {
    const { count, retryAfter } = await this.hit(key, windowS);
    if (count > max) throw tooMany(retryAfter);
  }
}

const ROLLING_SLICES = 12;

/** A lock that a failure has just started: the owner is told once, when it starts. */
export interface AccountLock {
  until: Date;
  /** Failed sign-ins in the rolling window when the lock started. */
  failures: number;
}

/**
 * The account-wide sign-in throttle (security issue #22): failed password sign-ins are counted
 * per account, from every address together, over a rolling window. At `failuresMax` the account
 * is locked for sign-in with a password for `lockS` seconds — twice as long for each further lock
 * within a day, up to 16 × `lockS` — and the password is not checked while it lasts.
 *
 * An account is the normalised email plus a fingerprint of the password hash (`accountOf`), so
 * an unknown email is counted and locked exactly like a known one, and a new password — a reset
 * through "forgot password" or by an admin — starts from zero: the old counters are never read
 * again and expire. A successful sign-in does not clear the count: it would also erase the
 * failures an attacker made from other addresses in the meantime.
 */
export class AccountThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: { failuresMax: number; windowS: number; lockS: number },
  ) {}

  /** Seconds left of the account's lock, or 0. */
  async lockedFor(account: string): Promise<number> {
    const lock = await this.limiter.peek(`login-lock:${account}`);
    return lock.count > 0 ? lock.retryAfter : 0;
  }

  /** Counts a failed sign-in; returns the lock it started, or null (none, or one already started). */
  async failed(account: string, ip: string | null): Promise<AccountLock | null> {
    const { failuresMax, windowS, lockS } = this.limits;
    const failures = await this.limiter.hitRolling(`login-account:${account}`, windowS);
    // One row per address, only to tell the owner how many addresses tried.
    await this.limiter.hit(`login-account-ip:${account}:${ip ?? 'unknown'}`, windowS);
    if (failures < failuresMax) return null;
    // Failures already in the window when a lock ends lock again at the next failure, for longer.
    const strikes = await this.limiter.peek(`login-lock-strikes:${account}`);
    const lockForS = lockS * 2 ** Math.min(strikes.count, MAX_LOCK_DOUBLINGS);
    // The upsert counts 1 only for the request that starts the lock, on whichever instance.
    const lock = await this.limiter.hit(`login-lock:${account}`, lockForS);
    if (lock.count !== 1) return null;
    await this.limiter.hit(`login-lock-strikes:${account}`, STRIKES_WINDOW_S);
    return { until: lock.resetAt, failures };
  }

  /** How many addresses failed to sign in to the account within the window (for the owner's mail). */
  addresses(account: string): Promise<number> {
    return this.limiter.countPrefix(`login-account-ip:${account}:`);
  }
}

const MAX_LOCK_DOUBLINGS = 4;
const STRIKES_WINDOW_S = 86_400;

/** The throttle's name for an account: the normalised email and its password's version. */
export function accountOf(email: string, passwordHash: string | null | undefined): string {
  return `${email}:${passwordHash ? sha256(passwordHash).slice(0, 12) : 'none'}`;
}

export function tooMany(retryAfter: number): AppError {
  return new AppError(429, 'rate_limited', 'Too many attempts. Please wait and try again.', {
    retry_after: Math.max(1, retryAfter),
  });
}

const secondsUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 1000));
