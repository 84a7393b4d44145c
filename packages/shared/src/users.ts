import { z } from 'zod';
import { ZAddressUpdate, ZEmail, ZLanguage, ZMobile, ZName, ZRole, ZUser } from './auth.js';
import { pageQueryFields, ZSortOrder, zPage } from './paging.js';

/** A user as an admin sees them. */
export const ZAdminUser = ZUser.extend({
  active: z.boolean(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

/** What an admin may change of a user; at least one field. */
export const ZAdminUpdateUserRequest = z
  .object({
    name: ZName.optional(),
    mobile: ZMobile.nullable().optional(),
    role: ZRole.optional(),
    active: z.boolean().optional(),
    /** A customer's default address (400 on this field for a user who is not a customer). */
    address: ZAddressUpdate,
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'required', path: ['name'] });
export type TAdminUpdateUserRequest = z.infer<typeof ZAdminUpdateUserRequest>;

// ---------------------------------------------------------------------------------------
// The users list and creating an account (issue #11).

export const USER_SORTS = ['name', 'email', 'created_at', 'last_sign_in_at', 'role'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export const ZAdminUserListQuery = z.object({
  /** Searches name and email. */
  q: z.string().trim().max(100).optional(),
  role: ZRole.optional(),
  active: z.enum(['true', 'false']).optional(),
  sort: z.enum(USER_SORTS).default('name'),
  order: ZSortOrder.default('asc'),
  ...pageQueryFields,
});
export type TAdminUserListQuery = z.infer<typeof ZAdminUserListQuery>;
export const ZAdminUserList = zPage(ZAdminUser);
export type TAdminUserList = z.infer<typeof ZAdminUserList>;

/**
 * A new account, staff or customer. No password: the user gets a welcome mail with a
 * one-time link to choose one (docs/decisions/005-welcome-invitation.md).
 */
export const ZAdminCreateUserRequest = z.object({
  name: ZName,
  email: ZEmail,
  mobile: ZMobile.nullable().optional(),
  role: ZRole,
  language: ZLanguage.optional(),
});
export type TAdminCreateUserRequest = z.infer<typeof ZAdminCreateUserRequest>;

/** How long a welcome link works (it works once). */
export const INVITATION_TTL_DAYS = 7;
