import { z } from 'zod';
import { ZMobile, ZName, ZRole, ZUser } from './auth.js';

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
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'required', path: ['name'] });
export type TAdminUpdateUserRequest = z.infer<typeof ZAdminUpdateUserRequest>;
