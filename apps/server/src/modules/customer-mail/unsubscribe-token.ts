import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_TOKEN_PATTERN } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { serverSecret } from '../auth/index.js';

/**
 * The unsubscribe link's token, `<userId>.<signature>`: HMAC-SHA256 of the user id under the
 * database's `unsubscribe_secret` (base64url). Stateless — every e-mail to a user carries the
 * same link, and any instance verifies it — and unforgeable without the secret.
 */

const SECRET_NAME = 'unsubscribe_secret';

const signatureOf = (secret: string, userId: string) => createHmac('sha256', secret).update(`unsubscribe:${userId}`).digest();

export async function unsubscribeTokenOf(db: DbOrTx, userId: string): Promise<string> {
  return `${userId}.${signatureOf(await serverSecret(db, SECRET_NAME), userId).toString('base64url')}`;
}

/** The user a token names, or null for a malformed or forged one (compared in constant time). */
export async function userIdOfUnsubscribeToken(db: DbOrTx, token: string): Promise<string | null> {
  if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return null;
  const [userId, sig] = token.split('.') as [string, string];
  // Compared as text, not decoded: base64url's last character carries spare bits, so a decoded
  // comparison would accept several spellings of one signature.
  const expected = Buffer.from(signatureOf(await serverSecret(db, SECRET_NAME), userId).toString('base64url'));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

export const unsubscribeUrl = (publicOrigin: string, token: string) => `${publicOrigin}/unsubscribe/${token}`;
