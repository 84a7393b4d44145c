import { TOKEN_REFRESH_MARGIN_TICKS, TOKEN_REFRESH_TICK_MS } from '@portal/shared';

/**
 * Whether a session whose access token expires at `expiresAt` (Unix seconds) should be
 * refreshed at `nowMs`: when 3 ticks (90 s) or fewer remain, or it has already expired.
 * Checked on every 30 s tick, so a token is refreshed one to three ticks before it expires.
 */
export function shouldRefresh(
  expiresAt: number,
  nowMs: number,
  tickMs: number = TOKEN_REFRESH_TICK_MS,
  marginTicks: number = TOKEN_REFRESH_MARGIN_TICKS,
): boolean {
  return expiresAt * 1000 - nowMs <= tickMs * marginTicks;
}
