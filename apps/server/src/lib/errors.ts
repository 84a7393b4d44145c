import type { ErrorCode, FieldErrorCode } from '@portal/shared';
import { FIELD_ERROR_CODES } from '@portal/shared';

/** The one error type of the server: a stable code, an HTTP status and safe details. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: { fields?: Record<string, FieldErrorCode>; retry_after?: number; details?: Record<string, unknown> } = {},
  ) {
    super(message);
  }
}

export const badRequest = (fields: Record<string, FieldErrorCode>, message = 'Some fields are not valid') =>
  new AppError(400, 'validation_failed', message, { fields });
export const unauthenticated = (message = 'Authentication required') => new AppError(401, 'unauthenticated', message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, 'forbidden', message);
export const notFound = (what = 'Record') => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);

interface ZodLikeIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Maps one schema issue onto a field code the client can word in the user's language. */
export function fieldCodeOf(issue: ZodLikeIssue): FieldErrorCode {
  const message = issue.message ?? '';
  if ((FIELD_ERROR_CODES as readonly string[]).includes(message)) return message as FieldErrorCode;
  const params = issue.params ?? {};
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined|received null/.test(message) ? 'required' : 'invalid';
    case 'too_small':
      return params.minimum === 1 && params.origin === 'string' ? 'required' : 'too_short';
    case 'too_big':
      return 'too_long';
    case 'invalid_format':
      if (params.format === 'email') return 'invalid_email';
      if (params.format === 'url') return 'invalid_url';
      return 'invalid';
    default:
      return 'invalid';
  }
}

/** `{ "body.email": "invalid_email" }` from a list of schema issues, first issue per field. */
export function fieldsOf(issues: ZodLikeIssue[], context?: string): Record<string, FieldErrorCode> {
  // No prototype: an unknown key named `constructor` or `__proto__` is a field like any other.
  const fields = Object.create(null) as Record<string, FieldErrorCode>;
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const key = path || context || '_';
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      for (const k of issue.params.keys as string[]) fields[path ? `${path}.${k}` : k] ??= 'invalid';
      continue;
    }
    fields[key] ??= fieldCodeOf(issue);
  }
  return fields;
}

/** The same field codes from a zod error raised outside a route schema. */
export function fieldsOfZodError(error: { issues: { code: string; path: PropertyKey[]; message: string }[] }) {
  return fieldsOf(
    error.issues.map((i) => ({
      keyword: i.code,
      instancePath: `/${i.path.map(String).join('/')}`,
      message: i.message,
      params: i as unknown as Record<string, unknown>,
    })),
  );
}
