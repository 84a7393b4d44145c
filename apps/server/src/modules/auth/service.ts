import type { TRecoverRequest, TSession, TSignupRequest, TUpdateUserRequest, TUser } from '@portal/shared';
import { RECOVERY_CODE_TTL_MS } from '@portal/shared';
import type { AppContext, Actor } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { audit } from '../../lib/audit.js';
import { passwordResetMail, signInPausedMail } from '../../mail/templates.js';
import { getSettings } from '../settings/index.js';
import { hashPassword, pkceChallenge, randomToken, sha256, timingDummyHash, verifyPassword } from './crypto.js';
import { AccountThrottle, accountOf, tooMany, type AccountLock } from './rate-limit.js';
import {
  customerAddress,
  expireRecoveryCodes,
  findLiveSessionIn,
  findUserByEmail,
  findUserById,
  insertCustomer,
  insertRecoveryCode,
  insertRefreshToken,
  insertSession,
  insertUser,
  lockRecoveryCode,
  lockRefreshToken,
  markRecoveryCodeUsed,
  markRefreshTokenSpent,
  setPasswordHash,
  slideSession,
  toApiUser,
  touchLastSignIn,
  updateCustomer,
  updateUser,
  type UserRow,
} from './queries.js';
import { publishUsersChanged, revokeSession, revokeUserSessions } from './sessions.js';

// A recovery session only lets the browser set a new password: keep it short.
const RECOVERY_SESSION_TTL_S = 15 * 60;

interface ClientInfo {
  ip: string | null;
  userAgent?: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const invalidCredentials = () => new AppError(400, 'invalid_credentials', 'Invalid email or password');
const sessionRevoked = () => new AppError(401, 'session_revoked', 'Your session has ended. Please sign in again.');
const recoveryCodeInvalid = () =>
  new AppError(400, 'recovery_code_invalid', 'This password reset link is invalid, already used or expired.');

export function createAuthService(ctx: AppContext) {
  const { db, signer, limiter, config } = ctx;
  const limits = config.rateLimits;

  /** Opens a session and returns its first token pair. Runs inside the caller's transaction. */
  async function openSession(tx: DbOrTx, user: UserRow, client: ClientInfo, recovery = false): Promise<TSession> {
    const ttl = recovery ? RECOVERY_SESSION_TTL_S : config.refreshTokenTtlDays * 86_400;
    const sessionId = await insertSession(tx, {
      userId: user.id,
      recovery,
      expiresAt: new Date(Date.now() + ttl * 1000),
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    });
    return issueTokens(tx, sessionId, user, recovery);
  }

  async function issueTokens(tx: DbOrTx, sessionId: string, user: UserRow, recovery: boolean): Promise<TSession> {
    const refreshToken = randomToken();
    await insertRefreshToken(tx, sessionId, sha256(refreshToken));
    const accessTtl = recovery ? Math.min(RECOVERY_SESSION_TTL_S, signer.ttlSeconds) : signer.ttlSeconds;
    const { token, expiresAt } = await signer.sign({ userId: user.id, sessionId, role: user.role, recovery }, accessTtl);
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: accessTtl,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: toApiUser(user),
      ...(recovery ? { recovery: true } : {}),
    };
  }

  /** Per address: sign-in, sign-up and recovery calls together, counted before any work. */
  const countAuthCall = (ip: string | null) =>
    limiter.consume(`auth-ip:${ip ?? 'unknown'}`, limits.ipMax, limits.ipWindowS);

  /** Per account, from every address together (issue #22): see AccountThrottle. */
  const accounts = new AccountThrottle(limiter, {
    failuresMax: limits.accountFailuresMax,
    windowS: limits.accountWindowS,
    lockS: limits.accountLockS,
  });

  /** Tells the owner that sign-in was paused. In the background, like the reset mail: no timing difference. */
  function mailSignInPaused(user: UserRow, account: string, lock: AccountLock) {
    const link = new URL('/forgot-password', config.publicOrigin).toString();
    void (async () => {
      const addresses = await accounts.addresses(account);
      const { company_name, time_zone } = await getSettings(db, ['company_name', 'time_zone']);
      const mail = signInPausedMail({
        name: user.name,
        company: company_name,
        language: user.language,
        failures: lock.failures,
        addresses,
        until: lock.until,
        timeZone: time_zone,
        link,
      });
      await ctx.mailer.send({ to: user.email, ...mail, links: [link] });
    })().catch((err: unknown) => ctx.log.error({ err }, 'could not send the sign-in paused mail'));
  }

  return {
    openSession,

    async signup(input: TSignupRequest, client: ClientInfo): Promise<TSession> {
      await countAuthCall(client.ip);
      // Hash outside the transaction: PGlite is one connection and hashing takes a while.
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const user = await insertUser(tx, { email: input.email, name: input.name, mobile: input.mobile, role: 'customer', passwordHash, lastSignInAt: new Date() });
          await insertCustomer(tx, { userId: user.id, name: input.name, email: input.email, mobileNumber: input.mobile });
          return openSession(tx, user, client);
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw new AppError(409, 'email_taken', 'An account with this email already exists', {
            fields: { email: 'invalid' },
          });
        }
        throw err;
      }
    },

    async passwordGrant(input: { email: string; password: string }, client: ClientInfo): Promise<TSession> {
      await countAuthCall(client.ip);
      // Failures are counted per (address, email): an attacker elsewhere cannot lock the real user out.
      const failureKey = `login-fail:${client.ip ?? 'unknown'}:${input.email}`;
      const failures = await limiter.peek(failureKey);
      if (failures.count >= limits.loginFailuresMax) throw tooMany(failures.retryAfter);

      const user = await findUserByEmail(db, input.email);
      // Per account, from every address: while locked the password is not even checked, so the
      // right one learns nothing. Unknown emails are counted and locked the same way.
      const account = accountOf(input.email, user?.passwordHash);
      const lockedFor = await accounts.lockedFor(account);
      if (lockedFor > 0) throw tooMany(lockedFor);

      const ok = await verifyPassword(user?.passwordHash ?? (await timingDummyHash()), input.password);
      if (!user || !ok) {
        const { count, retryAfter } = await limiter.hit(failureKey, limits.loginWindowS);
        const lock = await accounts.failed(account, client.ip);
        if (lock && user?.active) mailSignInPaused(user, account, lock);
        if (count > limits.loginFailuresMax) throw tooMany(retryAfter);
        // Repeated failures slow down before they lock: 0, 250, 500 … ms, at most 1 s.
        await sleep(Math.min(count - 1, 4) * 250);
        throw invalidCredentials();
      }
      if (!user.active) throw new AppError(403, 'account_disabled', 'This account is disabled. Please contact support.');
      // Only this address's own failures are forgiven; the account's count stands (see AccountThrottle).
      await limiter.reset(failureKey);
      return db.transaction(async (tx) => {
        await touchLastSignIn(tx, user.id);
        return openSession(tx, user, client);
      });
    },

    /** Rotates the refresh token. A spent token presented again revokes its whole session. */
    async refreshGrant(refreshToken: string): Promise<TSession> {
      const outcome = await db.transaction(async (tx) => {
        const row = await lockRefreshToken(tx, sha256(refreshToken));
        if (!row) return { error: new AppError(401, 'invalid_grant', 'Invalid refresh token') } as const;
        if (row.token.spentAt) {
          await revokeSession(tx, row.session.id, 'refresh_token_reused');
          return { error: sessionRevoked() } as const;
        }
        const live = await findLiveSessionIn(tx, row.session.id);
        if (!live) return { error: sessionRevoked() } as const;
        if (!live.user.active) return { error: sessionRevoked() } as const;
        await markRefreshTokenSpent(tx, row.token.id);
        // Sessions slide: one in use stays alive; one unused for the whole TTL ends.
        const slideTo = live.session.recovery
          ? live.session.expiresAt
          : new Date(Date.now() + config.refreshTokenTtlDays * 86_400_000);
        await slideSession(tx, row.session.id, slideTo);
        return { session: await issueTokens(tx, row.session.id, live.user, live.session.recovery) } as const;
      });
      // The revocation above must commit, so the error is thrown only after the transaction.
      if ('error' in outcome) throw outcome.error;
      return outcome.session;
    },

    /** Exchanges a one-time recovery code, with the verifier only the asking browser holds. */
    async pkceGrant(input: { auth_code: string; code_verifier: string }, client: ClientInfo): Promise<TSession> {
      await countAuthCall(client.ip);
      return db.transaction(async (tx) => {
        const code = await lockRecoveryCode(tx, sha256(input.auth_code));
        if (!code || code.usedAt || code.expiresAt.getTime() <= Date.now()) throw recoveryCodeInvalid();
        if (pkceChallenge(input.code_verifier) !== code.codeChallenge) throw recoveryCodeInvalid();
        const user = await findUserById(tx, code.userId);
        if (!user || !user.active) throw recoveryCodeInvalid();
        await markRecoveryCodeUsed(tx, code.id);
        return openSession(tx, user, client, true);
      });
    },

    /** Always answers the same, whether or not the email has an account. */
    async recover(input: TRecoverRequest, client: ClientInfo): Promise<void> {
      await countAuthCall(client.ip);
      // Reset links only ever point at this portal's public origin (PUBLIC_URL), never at the
      // request's Host: a client that chose the Host could otherwise receive the victim's code.
      const link = new URL(input.redirect_to, config.publicOrigin);
      if (link.origin !== config.publicOrigin) throw badRequest({ redirect_to: 'invalid_url' });
      const user = await findUserByEmail(db, input.email);
      if (!user || !user.active) return;
      const code = randomToken();
      await insertRecoveryCode(db, {
        userId: user.id,
        codeHash: sha256(code),
        codeChallenge: input.code_challenge,
        expiresAt: new Date(Date.now() + RECOVERY_CODE_TTL_MS),
      });
      link.searchParams.set('code', code);
      const { company_name } = await getSettings(db, ['company_name']);
      const mail = passwordResetMail({ name: user.name, link: link.toString(), company: company_name, language: user.language });
      // Sent in the background so the answer takes the same time for known and unknown emails.
      ctx.mailer
        .send({ to: user.email, ...mail, links: [link.toString()] })
        .catch((err) => ctx.log.error({ err }, 'could not send the password reset mail'));
    },

    async logout(actor: Actor): Promise<void> {
      await revokeSession(db, actor.sessionId, 'signed_out');
    },

    /** The access hook has just loaded this user (fresh: every change to them invalidates it). */
    async getUser(actor: Actor): Promise<TUser> {
      const { id, email, name, role, mobile, language } = actor.user;
      if (role !== 'customer') return { id, email, name, role, mobile, language };
      return { id, email, name, role, mobile, language, address: await customerAddress(db, id) };
    },

    async updateUser(actor: Actor, input: TUpdateUserRequest): Promise<TUser> {
      if (actor.recovery && (input.name !== undefined || input.mobile !== undefined || input.language !== undefined || input.address !== undefined)) {
        throw new AppError(403, 'forbidden', 'A password reset session can only set a new password');
      }
      // Only a customer has a default service address.
      if (input.address !== undefined && actor.role !== 'customer') throw badRequest({ address: 'invalid' });
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      return db.transaction(async (tx) => {
        const before = await findUserById(tx, actor.userId);
        if (!before) throw new AppError(404, 'profile_not_found', 'User profile not found. Please contact support.');
        const changes = {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.mobile !== undefined ? { mobile: input.mobile } : {}),
          ...(input.language !== undefined ? { language: input.language } : {}),
          ...(passwordHash ? { passwordHash } : {}),
        };
        // Only the address (a customer's row) may change: the user row stays as it is.
        const after = Object.keys(changes).length ? await updateUser(tx, actor.userId, changes) : before;
        await publishUsersChanged(tx, [actor.userId]);
        if (before.role === 'customer' && (input.name !== undefined || input.mobile !== undefined || input.address !== undefined)) {
          await updateCustomer(tx, actor.userId, {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.mobile !== undefined ? { mobileNumber: input.mobile } : {}),
            ...(input.address !== undefined ? { defaultAddress: input.address } : {}),
          });
        }
        // Their requests are found by the customer's name too (decision 004).
        if (passwordHash) {
          await revokeUserSessions(tx, actor.userId, 'password_changed', actor.sessionId);
          // Outstanding reset links die with the old password.
          await expireRecoveryCodes(tx, actor.userId);
        }
        if (actor.role !== 'customer') {
          await audit(tx, {
            actorId: actor.userId,
            action: passwordHash ? 'user.password_changed' : 'user.profile_updated',
            entity: 'user',
            entityId: actor.userId,
            before: toApiUser(before),
            after: toApiUser(after!),
            ip: actor.ip,
          });
        }
        return after!.role === 'customer' ? { ...toApiUser(after!), address: await customerAddress(tx, actor.userId) } : toApiUser(after!);
      });
    },

    /** An admin sets another user's password; every session of that user ends. */
    async adminResetPassword(actor: Actor, userId: string, newPassword: string): Promise<void> {
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        const target = await findUserById(tx, userId);
        if (!target) throw notFound('User');
        await setPasswordHash(tx, userId, passwordHash);
        await revokeUserSessions(tx, userId, 'password_reset_by_admin');
        await audit(tx, {
          actorId: actor.userId,
          action: 'user.password_reset',
          entity: 'user',
          entityId: userId,
          after: { email: target.email },
          ip: actor.ip,
        });
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
