import { and, eq, ne } from 'drizzle-orm';
import type { TAdminUpdateUserRequest, TAdminUser } from '@portal/shared';
import type { AppContext, Actor } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { customers, technicians, users } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { publishUsersChanged, revokeUserSessions, toApiUser, type UserRow } from '../auth/queries.js';
import { refreshCustomerSearchText } from '../service-requests/queries.js';

export const toAdminUser = (u: UserRow): TAdminUser => ({
  ...toApiUser(u),
  active: u.active,
  created_at: u.createdAt.toISOString(),
  last_sign_in_at: u.lastSignInAt?.toISOString() ?? null,
});

async function lockUser(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export function createUserAdminService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async get(id: string): Promise<TAdminUser> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      if (!row) throw notFound('User');
      return toAdminUser(row);
    },

    /**
     * Changes a user's name, mobile, role or active flag. Deactivating ends every session (and so
     * every socket) of the user on every instance; any change reaches every instance's session
     * cache on commit. The last active admin can be neither deactivated nor demoted.
     */
    async update(actor: Actor, id: string, input: TAdminUpdateUserRequest): Promise<TAdminUser> {
      return db.transaction(async (tx) => {
        const before = await lockUser(tx, id);
        if (!before) throw notFound('User');
        const losesAdmin = before.role === 'admin' && before.active && ((input.role && input.role !== 'admin') || input.active === false);
        if (losesAdmin) {
          // Lock the other active admins too, so two admins demoting each other at once can't both win.
          const others = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.role, 'admin'), eq(users.active, true), ne(users.id, id)))
            .for('update');
          if (others.length === 0) throw conflict('last_admin', 'The last active admin cannot be deactivated or given another role.');
        }
        const [after] = await tx
          .update(users)
          .set({
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.mobile !== undefined ? { mobile: input.mobile } : {}),
            ...(input.role !== undefined ? { role: input.role } : {}),
            ...(input.active !== undefined ? { active: input.active } : {}),
          })
          .where(eq(users.id, id))
          .returning();
        // Every role has its profile row: a user moved into a role gets an empty one.
        if (input.role === 'customer') {
          await tx
            .insert(customers)
            .values({ userId: id, name: after!.name, email: after!.email, mobileNumber: after!.mobile })
            .onConflictDoNothing();
        }
        if (input.role === 'technician') await tx.insert(technicians).values({ userId: id }).onConflictDoNothing();
        if (after!.role === 'customer' && (input.name !== undefined || input.mobile !== undefined)) {
          await tx.update(customers).set({ name: after!.name, mobileNumber: after!.mobile }).where(eq(customers.userId, id));
        }
        // Their requests are found by the customer's name too (decision 004).
        if (input.name !== undefined && input.name !== before.name) await refreshCustomerSearchText(tx, id);
        if (input.active === false && before.active) await revokeUserSessions(tx, id, 'deactivated');
        await publishUsersChanged(tx, [id]);
        await audit(tx, {
          actorId: actor.userId,
          action: 'user.updated',
          entity: 'user',
          entityId: id,
          before: toAdminUser(before),
          after: toAdminUser(after!),
          ip: actor.ip,
        });
        return toAdminUser(after!);
      });
    },

  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
