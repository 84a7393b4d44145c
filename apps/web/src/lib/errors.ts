import type { TFunction } from 'i18next';
import { ERROR_CODES, FIELD_ERROR_CODES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/shared';
import { isApiError } from './api-client';
import { isNetworkError } from './retry';

/** The user-facing sentence for any failure, in the current language. */
export function describeError(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'rate_limited' && error.retryAfter) {
      return t('auth.login.rateLimited', { seconds: Math.ceil(error.retryAfter) });
    }
    // An image refused for its size in pixels (a photo or the logo): say the limit, not "too large".
    const image = error.details as { width?: unknown; height?: unknown; max_pixels?: unknown; max_side?: unknown } | undefined;
    if (error.code === 'payload_too_large' && typeof image?.max_side === 'number' && typeof image.max_pixels === 'number') {
      return t('errors.image_too_many_pixels', {
        width: image.width,
        height: image.height,
        megapixels: Math.floor(image.max_pixels / 1_000_000),
        side: image.max_side,
      });
    }
    const key = `errors.${error.code}`;
    return t(key, { defaultValue: t('errors.unknown') });
  }
  if (isNetworkError(error)) return t('errors.network');
  return t('errors.unknown');
}

const FIELD_CODES = new Set<string>([...FIELD_ERROR_CODES, 'passwords_mismatch']);
const API_CODES = new Set<string>(ERROR_CODES);

/**
 * Form errors hold codes — field codes from zod or the server, or an API error code pinned to
 * a field (email_taken) — and are worded only when shown, so they follow the language.
 */
export function translateFieldError(t: TFunction, error: unknown): string | undefined {
  if (typeof error !== 'string' || error === '') return undefined;
  if (API_CODES.has(error)) return t(`errors.${error}`);
  const code = FIELD_CODES.has(error) ? error : 'invalid';
  return t(`validation.${code}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
}

/**
 * translateFieldError for a form with codes of its own (`duplicate_item`, …): those are worded
 * under `${section}.form.errors.`, the rest as everywhere.
 */
export function translateFormError(t: TFunction, error: unknown, section: string, ownCodes: ReadonlySet<string>): string | undefined {
  if (typeof error === 'string' && ownCodes.has(error)) return t(`${section}.form.errors.${error}`);
  return translateFieldError(t, error);
}

/** The server's field errors, keyed by form path, as codes. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!isApiError(error) || !error.fields) return null;
  return { ...error.fields };
}
