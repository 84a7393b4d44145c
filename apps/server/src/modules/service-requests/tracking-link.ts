import { createHash, createHmac } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';
import { serverSecret } from '../auth/index.js';
import { ensureTrackingLink, findRequestIdByTrackingHash, setTrackingHash } from './tracking-queries.js';

/**
 * A request's public tracking link, `/track/<token>` (issue #28, decision 014).
 *
 * The token is derived, never stored: HMAC-SHA256 of `<request id>.<generation>` under the
 * database's `tracking_secret`, 24 bytes in base64url (32 characters, 192 bits). So the intake
 * receipt, every e-mail and the admin's copy show the same link without the database ever
 * holding it; `tracking_links` keeps only its SHA-256, to find the request a presented token
 * opens. Revoking bumps the generation, which changes the token and its hash at once.
 */

export const TRACKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

const SECRET_NAME = 'tracking_secret';

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function tokenAt(db: DbOrTx, requestId: string, generation: number): Promise<string> {
  const secret = await serverSecret(db, SECRET_NAME);
  return createHmac('sha256', secret).update(`${requestId}.${generation}`).digest().subarray(0, 24).toString('base64url');
}

/** The request's current tracking token, issuing its link on first use. */
export async function trackingTokenOf(db: DbOrTx, requestId: string): Promise<string> {
  const first = await tokenAt(db, requestId, 0);
  const row = await ensureTrackingLink(db, requestId, hashOf(first));
  const token = row.generation === 0 ? first : await tokenAt(db, requestId, row.generation);
  const hash = hashOf(token);
  // A database restored from another installation holds hashes made under that one's secret:
  // the link is issued again under this one's (the old printed links stop working).
  if (hash !== row.tokenHash) await setTrackingHash(db, requestId, row.generation, hash);
  return token;
}

/** Revokes the request's tracking link and returns the new token that replaces it. */
export async function revokeTrackingToken(db: DbOrTx, requestId: string): Promise<string> {
  const current = await ensureTrackingLink(db, requestId, hashOf(await tokenAt(db, requestId, 0)));
  const generation = current.generation + 1;
  const token = await tokenAt(db, requestId, generation);
  await setTrackingHash(db, requestId, generation, hashOf(token));
  return token;
}

/** The request a presented token opens, or null for a malformed, unknown or revoked one. */
export async function requestIdOfTrackingToken(db: DbOrTx, token: string): Promise<string | null> {
  if (!TRACKING_TOKEN_PATTERN.test(token)) return null;
  return findRequestIdByTrackingHash(db, hashOf(token));
}

/** The link as a customer opens it, on the portal's own origin (never the request's Host). */
export function trackingUrl(publicOrigin: string, token: string): string {
  return `${publicOrigin}/track/${token}`;
}
