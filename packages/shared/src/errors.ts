/** Stable machine codes of every error the API returns. The web app translates them. */
export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'invalid_state',
  'insufficient_stock',
  'own_transfer',
  'email_taken',
  'last_admin',
  'technician_busy',
  'invalid_credentials',
  'invalid_grant',
  'session_revoked',
  'profile_not_found',
  'account_disabled',
  'rate_limited',
  'weak_password',
  'recovery_code_invalid',
  'payload_too_large',
  'item_inactive',
  'warehouse_inactive',
  'code_taken',
  'no_change',
  'feedback_given',
  'catalog_in_use',
  'slot_unavailable',
  'schedule_conflict',
  'appointment_booked',
  'work_log_open',
  'no_open_work_log',
  'no_van',
  'already_checked',
  'not_an_image',
  'file_too_large',
  'lead_time_passed',
  'appointment_not_started',
  'idempotency_key_reused',
  'idempotency_in_progress',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** `{ "error": { code, message, fields? } }` — the body of every failed API call. */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Field path (dot separated) → message, for 400 validation_failed. */
    fields?: Record<string, string>;
    /** Seconds to wait, for 429 rate_limited. */
    retry_after?: number;
    /** Safe facts about a refusal, e.g. insufficient_stock's item, warehouse, available and requested. */
    details?: Record<string, unknown>;
  };
}

/**
 * The values of `error.fields`: short codes, never prose, so each side can word them in the
 * user's language. The server maps every validation failure onto one of these.
 */
export const FIELD_ERROR_CODES = [
  'required',
  'invalid',
  'invalid_email',
  'invalid_mobile',
  'invalid_url',
  'password_too_short',
  'password_too_long',
  'too_short',
  'too_long',
  'invalid_code_verifier',
  'out_of_range',
  'duplicate',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];
