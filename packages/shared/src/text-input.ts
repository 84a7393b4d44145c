import { z } from 'zod';

/**
 * The input fields every form shares, with the field error codes the UI translates
 * (FIELD_ERROR_CODES): a missing value is `required`, one of the wrong kind `invalid`.
 */

/** 'required' when the field is missing, 'invalid' when it holds something else. */
export const missingOrInvalid = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? 'required' : 'invalid');

export const ZId = z.uuid({ error: missingOrInvalid });

/**
 * What no text the portal takes may hold: NUL (PostgreSQL's text cannot store it) and unpaired
 * UTF-16 surrogates (not Unicode at all). The server refuses both anywhere in a request's
 * body, query or path, naming the field (apps/server/src/plugins/input-guard.ts).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isSafeText = (value: string) => !UNSAFE_TEXT.test(value);

/** Free text that must be there, trimmed. */
export const requiredText = (max: number) =>
  z
    .string({ error: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .max(max, { message: 'too_long' });

/** Optional free text: '' and whitespace mean absent (null). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'too_long' })
    .transform((v) => (v === '' ? null : v))
    .nullish()
    .transform((v) => v ?? null);
