import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '@portal/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { randomToken } from './crypto.js';
import { findServerSecret, insertServerSecretIfMissing } from './queries.js';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  role: Role;
  recovery: boolean;
  /** Unix seconds; set on verified tokens. */
  expiresAt?: number;
}

const ISSUER = 'service-portal';
// Verified tokens kept in memory: a client sends the same token for up to an hour, and checking
// its HMAC through WebCrypto on every request was a sixth of the CPU of an authenticated call.
const VERIFIED_CACHE_MAX = 20_000;

/**
 * The named random secret kept in the database (`server_secrets`), made by the first instance that
 * asks for it: every instance on the same database gets the same value with no configuration.
 */
export async function serverSecret(db: DbOrTx, name: string): Promise<string> {
  await insertServerSecretIfMissing(db, name, randomToken(48));
  const row = await findServerSecret(db, name);
  if (!row) throw new Error(`Could not load the server secret ${name}`);
  return row.value;
}

/** Signs and verifies the short-lived access tokens (HS256). */
export class TokenSigner {
  /** token → its claims; only tokens that verified, each dropped once it expires. */
  private readonly verified = new Map<string, AccessClaims & { expiresAt: number }>();

  private constructor(
    private readonly key: Uint8Array,
    readonly ttlSeconds: number,
  ) {}

  /**
   * Uses JWT_SECRET when set; otherwise one random key kept in the database, so that every
   * instance on the same database signs and accepts the same tokens with no configuration.
   */
  static async create(db: Db, secret: string | undefined, ttlSeconds: number): Promise<TokenSigner> {
    if (secret) return new TokenSigner(new TextEncoder().encode(secret), ttlSeconds);
    return new TokenSigner(new TextEncoder().encode(await serverSecret(db, 'jwt_secret')), ttlSeconds);
  }

  async sign(claims: AccessClaims, ttlSeconds = this.ttlSeconds): Promise<{ token: string; expiresAt: number }> {
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = now + ttlSeconds;
    const token = await new SignJWT({ sid: claims.sessionId, role: claims.role, rec: claims.recovery || undefined })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresAt };
  }

  /** The claims of a valid token, or null for a bad, expired or foreign one. */
  async verify(token: string): Promise<AccessClaims | null> {
    // The same string verified before is the same signature over the same claims.
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt * 1000 > Date.now()) return known;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
      const claims = {
        userId: payload.sub,
        sessionId: payload.sid,
        role: payload.role as Role,
        recovery: payload.rec === true,
        expiresAt: payload.exp,
      };
      if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, claims);
      return claims;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }
}
