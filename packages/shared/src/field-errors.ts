import { FIELD_ERROR_CODES, type FieldErrorCode } from './errors.js';

/**
 * What the mapping reads of a zod issue: its code, path, message and the params of some codes.
 * The server rebuilds one from a route's validation error.
 */
export interface FieldIssue {
  code: string;
  path: readonly PropertyKey[];
  message?: string | undefined;
  minimum?: unknown;
  origin?: unknown;
  format?: unknown;
  keys?: unknown;
}

/** Maps one schema issue onto a field code the client can word in the user's language. */
export function fieldCodeOf(issue: FieldIssue): FieldErrorCode {
  const message = issue.message ?? '';
  if ((FIELD_ERROR_CODES as readonly string[]).includes(message)) return message as FieldErrorCode;
  switch (issue.code) {
    case 'invalid_type':
      return /received undefined|received null/.test(message) ? 'required' : 'invalid';
    case 'too_small':
      return issue.minimum === 1 && issue.origin === 'string' ? 'required' : 'too_short';
    case 'too_big':
      return 'too_long';
    case 'invalid_format':
      if (issue.format === 'email') return 'invalid_email';
      if (issue.format === 'url') return 'invalid_url';
      return 'invalid';
    default:
      return 'invalid';
  }
}

export interface FieldErrorsOptions {
  /** The key of an issue about the whole input (empty path), e.g. the route's `body`. */
  context?: string;
  /** The submitted value at an issue's path, where the caller has it: a blank string is `required`. */
  valueAt?: (path: readonly PropertyKey[]) => unknown;
}

/**
 * `{ "email": "invalid_email", "address.city": "required" }` from a list of schema issues,
 * first issue per field: what the server answers in `fields` and what a form shows before
 * sending, so both speak the same codes.
 */
export function fieldErrorsOf(issues: readonly FieldIssue[], options: FieldErrorsOptions = {}): Record<string, FieldErrorCode> {
  // No prototype: an unknown key named `constructor` or `__proto__` is a field like any other.
  const fields = Object.create(null) as Record<string, FieldErrorCode>;
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && Array.isArray(issue.keys)) {
      for (const k of issue.keys as string[]) fields[path ? `${path}.${k}` : k] ??= 'invalid';
      continue;
    }
    const key = path || options.context || '_';
    if (fields[key]) continue;
    const value = options.valueAt?.(issue.path);
    fields[key] = typeof value === 'string' && value.trim() === '' ? 'required' : fieldCodeOf(issue);
  }
  return fields;
}
