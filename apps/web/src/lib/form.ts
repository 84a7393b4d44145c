import { useTranslation } from 'react-i18next';
import type { UseFormReturnType } from '@mantine/form';
import { z } from 'zod';
import { fieldErrorsOf, ZPassword } from '@portal/shared';
import { translateFieldError } from './errors';

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

/** getInputProps with the error code translated at render time (so it follows the language). */
export function useTranslatedInputProps<Values>(form: UseFormReturnType<Values>) {
  const { t } = useTranslation();
  return (path: string, options?: Parameters<UseFormReturnType<Values>['getInputProps']>[1]) => {
    const props = form.getInputProps(path as never, options);
    return { ...props, error: translateFieldError(t, props.error) };
  };
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

/** Server field paths (`body.lines.0.quantity` or `lines.0.quantity`) as form paths; the first code of a path wins. */
export function toFormPaths(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, code] of Object.entries(fields)) out[path.replace(/^body\./, '')] ??= code;
  return out;
}
