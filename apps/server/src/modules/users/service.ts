import type { TAdminCreateUserRequest, TAdminUpdateUserRequest, TAdminUser, TAdminUserList, TAdminUserListQuery, TUserLookupQuery } from '@portal/shared';
import { INVITATION_TTL_DAYS } from '@portal/shared';
import type { AppContext, Actor } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { welcomeMail } from '../../mail/templates.js';
import { hashPassword, randomToken, invitationLink, issueInvitation, customerAddress, publishUsersChanged, revokeUserSessions, toApiUser, type UserRow } from '../auth/index.js';
import { getSettings } from '../settings/index.js';
import { refuseIfBusy } from './open-work.js';
import { emailTaken, ensureVan, insertAccount, vanCodeTaken, type NewAccount } from './accounts.js';
import {
  findUser,
  insertCustomerIfMissing,
  insertTechnicianIfMissing,
  listUsers,
  lockOtherActiveAdmins,
  lockUser,
  lookupUsers,
  setCustomerAddress,
  setCustomerContact,
  setTechnicianActive,
  setVanIfNone,
  toListedUser,
  updateUser,
} from './queries.js';

/** The constraint name and message of a database error and its causes, for telling unique violations apart. */
const describeDbError = (err: unknown): string => {
  const parts: string[] = [];
  for (let e = err as { constraint?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0; e && i < 3; e = e.cause as typeof e, i++) {
    parts.push(String(e.constraint ?? ''), String(e.message ?? ''));
  }
  return parts.join(' ');
};

export const toAdminUser = (u: UserRow, address?: string | null): TAdminUser => ({
  ...toApiUser(u),
  ...(u.role === 'customer' && address !== undefined ? { address } : {}),
  active: u.active,
  created_at: u.createdAt.toISOString(),
  last_sign_in_at: u.lastSignInAt?.toISOString() ?? null,
});

/**
 * Changes a user's name, mobile, role or active flag, in the caller's transaction. Deactivating
 * ends every session (and so every socket) of the user on every instance; any change reaches every
 * instance's session cache on commit. The last active admin can be neither deactivated nor
 * demoted; a technician holding open work can be neither deactivated nor given another role.
 */
export async function applyUserUpdate(tx: DbOrTx, actor: Actor, id: string, input: TAdminUpdateUserRequest): Promise<TAdminUser> {
  const before = await lockUser(tx, id);
  if (!before) throw notFound('User');
  // Only a customer (or a user being made one) has a default service address.
  if (input.address !== undefined && (input.role ?? before.role) !== 'customer') throw badRequest({ address: 'invalid' });
  const addressBefore = before.role === 'customer' ? await customerAddress(tx, id) : undefined;
  const losesAdmin = before.role === 'admin' && before.active && ((input.role && input.role !== 'admin') || input.active === false);
  if (losesAdmin) {
    // Lock the other active admins too, so two admins demoting each other at once can't both win.
    const others = await lockOtherActiveAdmins(tx, id);
    if (others.length === 0) throw conflict('last_admin', 'The last active admin cannot be deactivated or given another role.');
  }
  const losesTechnician = before.role === 'technician' && ((input.role && input.role !== 'technician') || (input.active === false && before.active));
  if (losesTechnician) await refuseIfBusy(tx, id);
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.mobile !== undefined ? { mobile: input.mobile } : {}),
    ...(input.role !== undefined ? { role: input.role } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
  // Only a customer's address may change: the user row stays as it is.
  const after = Object.keys(changes).length ? await updateUser(tx, id, changes) : before;
  // Every role has its profile row: a user moved into a role gets one (a technician their van too).
  if (input.role === 'customer') {
    await insertCustomerIfMissing(tx, { userId: id, name: after!.name, email: after!.email, mobileNumber: after!.mobile });
  }
  if (input.address !== undefined) await setCustomerAddress(tx, id, input.address);
  const addressAfter = after!.role === 'customer' ? await customerAddress(tx, id) : undefined;
  if (input.role === 'technician' && before.role !== 'technician') {
    const vanId = await ensureVan(tx, after!);
    await insertTechnicianIfMissing(tx, id, vanId);
    await setVanIfNone(tx, id, vanId);
  }
  // The technician profile's flag follows the account's.
  if (after!.role === 'technician' && input.active !== undefined) {
    await setTechnicianActive(tx, id, after!.active);
  }
  if (after!.role === 'customer' && (input.name !== undefined || input.mobile !== undefined)) {
    await setCustomerContact(tx, id, after!.name, after!.mobile);
  }
  // Their requests are found by the customer's name too (decision 004).
  if (input.active === false && before.active) await revokeUserSessions(tx, id, 'deactivated');
  await publishUsersChanged(tx, [id]);
  const action = input.active === false && before.active ? 'user.deactivated' : input.active === true && !before.active ? 'user.reactivated' : 'user.updated';
  await audit(tx, {
    actorId: actor.userId,
    action,
    entity: 'user',
    entityId: id,
    before: toAdminUser(before, addressBefore),
    after: toAdminUser(after!, addressAfter),
    ip: actor.ip,
  });
  return toAdminUser(after!, addressAfter);
}

export function createUserAdminService(ctx: AppContext) {
  const { db } = ctx;

  /**
   * Creates an account (and its profile rows) with a password nobody knows, and mails the user
   * a one-time link to choose theirs. Returns the new user row. The mail goes out after the commit;
   * a mail failure is logged, not undone (the user can still use "forgot password").
   */
  async function createAccount(actor: Actor, input: Omit<NewAccount, 'passwordHash'>, auditAfter?: Record<string, unknown>) {
    // Hashing takes a while: outside the transaction (PGlite is one connection).
    const passwordHash = await hashPassword(randomToken());
    let created: { user: UserRow; invitation: { code: string; verifier: string } };
    try {
      created = await db.transaction(async (tx) => {
        const user = await insertAccount(tx, { ...input, passwordHash });
        const invitation = await issueInvitation(tx, user.id);
        await audit(tx, {
          actorId: actor.userId,
          action: input.role === 'technician' ? 'technician.created' : 'user.created',
          entity: 'user',
          entityId: user.id,
          after: { ...toAdminUser(user), ...auditAfter },
          ip: actor.ip,
        });
        return { user, invitation };
      });
    } catch (err) {
      // Two admins creating the same account (or van code) at once: the loser gets the same 409.
      if (isUniqueViolation(err)) throw /warehouses_code/.test(describeDbError(err)) ? vanCodeTaken(input.technician?.vanCode ?? '') : emailTaken();
      throw err;
    }
    const { user, invitation } = created;
    const link = invitationLink(ctx.config.publicOrigin, invitation);
    const { company_name } = await getSettings(db, ['company_name']);
    const mail = welcomeMail({ name: user.name, email: user.email, link, company: company_name, language: user.language, days: INVITATION_TTL_DAYS });
    await ctx.mailer
      .send({ to: user.email, ...mail, links: [link] })
      .catch((err) => ctx.log.error({ err }, 'could not send the welcome mail'));
    return user;
  }

  return {
    /** Up to 20 users by name or email, of one role and active only when asked (a picker: a recipient, a customer, a technician). */
    async lookup(q: TUserLookupQuery) {
      const items = await lookupUsers(db, q);
      return { items };
    },

    createAccount,

    async list(q: TAdminUserListQuery): Promise<TAdminUserList> {
      const { rows, next_cursor, total } = await listUsers(db, q);
      return { items: rows.map(toListedUser), next_cursor, total };
    },

    async get(id: string): Promise<TAdminUser> {
      const row = await findUser(db, id);
      if (!row) throw notFound('User');
      return toAdminUser(row, row.role === 'customer' ? await customerAddress(db, id) : undefined);
    },

    async create(actor: Actor, input: TAdminCreateUserRequest): Promise<TAdminUser> {
      return toAdminUser(await createAccount(actor, input));
    },

    async update(actor: Actor, id: string, input: TAdminUpdateUserRequest): Promise<TAdminUser> {
      return db.transaction((tx) => applyUserUpdate(tx, actor, id, input));
    },
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
