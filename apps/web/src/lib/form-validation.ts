/**
 * Client-side checks with the shared zod schemas. Kept apart from ./form so that a screen that
 * only lays out inputs (the sign-in page) does not load zod with its first paint.
 */
import { z } from 'zod';
import { fieldErrorsOf, ZPassword } from '@portal/shared';

const ZNewPassword = z.object({ password: ZPassword });

function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let node: unknown = values;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/**
 * Validates form values with a shared zod schema and returns `{ path: code }`: the codes the
 * server would answer with (an empty field is `required`), worded later by translateFieldError.
 */
export function zodFieldErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return fieldErrorsOf(result.error.issues, { valueAt: (path) => valueAt(values, path) });
}

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/**
 * Errors of a "new password + confirm" pair (sign-up, reset, profile): the shared password
 * rule, then the confirmation, unless `errors` already holds one for it.
 */
export function newPasswordErrors(values: NewPasswordValues, errors: Record<string, string> = {}): Record<string, string> {
  const result = { ...zodFieldErrors(ZNewPassword, values), ...errors };
  if (!result.confirmPassword) {
    if (!values.confirmPassword) result.confirmPassword = 'required';
    else if (values.confirmPassword !== values.password) result.confirmPassword = 'passwords_mismatch';
  }
  return result;
}
