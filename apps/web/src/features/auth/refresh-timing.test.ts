import { describe, expect, it } from 'vitest';
import { shouldRefresh } from './refresh-timing';

describe('shouldRefresh', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  const inSeconds = (s: number) => Math.floor(now / 1000) + s;

  it('leaves a token with more than 3 ticks (90 s) to live alone', () => {
    expect(shouldRefresh(inSeconds(3600), now)).toBe(false);
    expect(shouldRefresh(inSeconds(91), now)).toBe(false);
  });

  it('refreshes when 3 ticks or fewer remain', () => {
    expect(shouldRefresh(inSeconds(90), now)).toBe(true);
    expect(shouldRefresh(inSeconds(45), now)).toBe(true);
    expect(shouldRefresh(inSeconds(1), now)).toBe(true);
  });

  it('refreshes a token that has already expired (a tab woken from sleep)', () => {
    expect(shouldRefresh(inSeconds(0), now)).toBe(true);
    expect(shouldRefresh(inSeconds(-3600), now)).toBe(true);
  });

  it('on a 30 s tick, a 1-hour token is refreshed between 90 s and 60 s before expiry', () => {
    const expiresAt = inSeconds(3600);
    let firstRefreshAt: number | null = null;
    for (let t = now; t < now + 3600_000; t += 30_000) {
      if (shouldRefresh(expiresAt, t)) {
        firstRefreshAt = t;
        break;
      }
    }
    expect(firstRefreshAt).not.toBeNull();
    const remaining = expiresAt * 1000 - firstRefreshAt!;
    expect(remaining).toBeLessThanOrEqual(90_000);
    expect(remaining).toBeGreaterThan(60_000);
  });
});
