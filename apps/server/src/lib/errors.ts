import type { ErrorCode, FieldErrorCode } from '@portal/shared';
import { fieldErrorsOf } from '@portal/shared';

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

/** One entry of a route's validation error: fastify-type-provider-zod's view of a zod issue. */
interface RouteValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** `{ "email": "invalid_email" }` from a route's validation error, first issue per field. */
export function fieldsOf(issues: RouteValidationIssue[], context?: string): Record<string, FieldErrorCode> {
  return fieldErrorsOf(
    issues.map((issue) => ({
      ...issue.params,
      code: issue.keyword,
      path: issue.instancePath.split('/').filter(Boolean),
      message: issue.message,
    })),
    context === undefined ? {} : { context },
  );
}
