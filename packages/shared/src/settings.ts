import { z } from 'zod';
import { LANGUAGES } from './constants.js';

/** Settings anyone may read (the login page and the support panel need them). */
export const ZPublicSettings = z.object({
  company_name: z.string(),
  support_phone: z.string(),
  default_language: z.enum(LANGUAGES),
  currency: z.string(),
  time_zone: z.string(),
  /** Demo accounts are listed only when the server runs in demo mode. */
  demo: z
    .object({
      password: z.string(),
      accounts: z.array(z.object({ email: z.string(), role: z.string() })),
    })
    .nullable(),
});
export type TPublicSettings = z.infer<typeof ZPublicSettings>;

export const ZHealth = z.object({ status: z.literal('ok'), database: z.literal('ok') });
