import { z } from 'zod';
import { LANGUAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import { ROLES } from './roles.js';

/** Emails are trimmed and lowercased before anything else looks at them (PRODUCT.md §6). */
export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'invalid_email' }).max(254));

export const ZPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: 'password_too_short' })
  .max(PASSWORD_MAX_LENGTH, { message: 'password_too_long' });

export const ZName = z.string().trim().min(1, { message: 'required' }).max(120);
/** Digits with an optional leading + and spaces/dashes; stored as typed (trimmed). */
export const ZMobile = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 -]{5,19}$/, { message: 'invalid_mobile' });

export const ZLanguage = z.enum(LANGUAGES);
export const ZRole = z.enum(ROLES);

export const ZUser = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: ZRole,
  mobile: z.string().nullable(),
  language: ZLanguage,
  /** A customer's default service address (new requests and bookings start from it); absent for staff. */
  address: z.string().nullable().optional(),
});
export type TUser = z.infer<typeof ZUser>;

/** The maximum length of a customer's default address (as `new_customer.default_address`). */
export const ADDRESS_MAX_LENGTH = 500;
/** A customer's default address in an update: trimmed, at most 500 characters; empty or null clears it, absent leaves it. */
export const ZAddressUpdate = z
  .string()
  .trim()
  .max(ADDRESS_MAX_LENGTH, { message: 'too_long' })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

export const ZSession = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  /** Unix seconds. */
  expires_at: z.number().int(),
  refresh_token: z.string(),
  user: ZUser,
  /** True for the short session a password-recovery code gives: it may only set a password. */
  recovery: z.boolean().optional(),
});
export type TSession = z.infer<typeof ZSession>;

export const ZSignupRequest = z.object({
  email: ZEmail,
  password: ZPassword,
  name: ZName,
  mobile: ZMobile,
});
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

export const ZPasswordGrant = z.object({ email: ZEmail, password: z.string().min(1, { message: 'required' }) });
export const ZRefreshGrant = z.object({ refresh_token: z.string().min(1, { message: 'required' }) });
export const ZPkceGrant = z.object({
  auth_code: z.string().min(1, { message: 'required' }),
  code_verifier: z.string().min(43, { message: 'invalid_code_verifier' }).max(128),
});
export const ZGrantType = z.enum(['password', 'refresh_token', 'pkce']);

export const ZRecoverRequest = z.object({
  email: ZEmail,
  code_challenge: z.string().min(43).max(128),
  code_challenge_method: z.literal('S256'),
  /**
   * Where the reset link opens: a path of the portal (`/reset-password`), or an absolute URL on
   * the portal's own public origin — the server checks that, never trusting the request's Host.
   */
  redirect_to: z
    .string()
    .max(2000)
    .refine((v) => /^\/(?![/\\])/.test(v) || URL.canParse(v), { message: 'invalid_url' }),
});
export type TRecoverRequest = z.infer<typeof ZRecoverRequest>;

export const ZUpdateUserRequest = z
  .object({
    password: ZPassword.optional(),
    name: ZName.optional(),
    mobile: ZMobile.optional(),
    language: ZLanguage.optional(),
    /** A customer's default address (400 on this field for staff, who have none). */
    address: ZAddressUpdate,
  })
  .strict();
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;

export const ZAdminResetPasswordRequest = z.object({ new_password: ZPassword });

export const ZOk = z.object({ ok: z.literal(true) });
