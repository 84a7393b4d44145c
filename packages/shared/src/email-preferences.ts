import { z } from 'zod';

/**
 * The customer e-mails a user can turn off (issue #28). Each kind is always an in-app
 * notification; a row in `email_opt_outs` (user, kind) means "in-app only" for that kind, no row
 * means "in-app and e-mail".
 */
export const EMAIL_KINDS = ['request_received', 'appointment', 'appointment_reminder', 'on_the_way', 'pending_parts', 'completed'] as const;
export const ZEmailKind = z.enum(EMAIL_KINDS);
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** `GET` and `PUT /api/me/email-preferences`: one entry per kind (a PUT may name only some; the rest stay as they are). */
export const ZEmailPreferences = z.object({
  kinds: z
    .array(z.object({ kind: ZEmailKind, email: z.boolean() }))
    .max(EMAIL_KINDS.length * 2)
    .refine((list) => new Set(list.map((k) => k.kind)).size === list.length, { message: 'invalid' }),
});
export type TEmailPreferences = z.infer<typeof ZEmailPreferences>;

/** `<userId>.<signature>`: the link at the foot of every customer e-mail. */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/;

/** `POST /api/email-preferences/unsubscribe`: every kind off for the user the token names. */
export const ZUnsubscribeRequest = z.object({
  token: z.string().max(200),
});
export type TUnsubscribeRequest = z.infer<typeof ZUnsubscribeRequest>;
