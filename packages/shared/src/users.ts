import { z } from 'zod';
import { ZLanguage, ZMobile, ZName, ZRole } from './auth.js';

/** A user as an admin sees them. */
export const ZAdminUser = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: ZRole,
  mobile: z.string().nullable(),
  language: ZLanguage,
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
