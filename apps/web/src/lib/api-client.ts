import type { FieldErrorCode } from '@portal/shared';
import { getAccessToken } from './session-store';

/**
 * The one HTTP client: JSON in and out, the bearer token of the current session, and
 * failures as ApiError. No toasts, redirects or retries here: callers decide, and the auth
 * layer decides what a 401 means.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, FieldErrorCode | string>;
  readonly retryAfter?: number;
  /** Safe facts about a refusal (insufficient_stock: item, warehouse, available, requested). */
  readonly details?: Record<string, unknown>;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string>;
    retryAfter?: number;
    details?: Record<string, unknown>;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    if (init.fields) this.fields = init.fields;
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
    if (init.details) this.details = init.details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Send the session's bearer token (default true). */
  auth?: boolean;
  /** Use this access token instead of the stored session's. */
  token?: string;
  /** Extra request headers (e.g. `Prefer: respond-async`). */
  headers?: Record<string, string>;
}

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(response: Response, body: unknown): ApiError {
  const err = (body as { error?: Record<string, unknown> } | undefined)?.error;
  const header = Number(response.headers.get('retry-after'));
  const retryAfter =
    typeof err?.retry_after === 'number' ? err.retry_after : Number.isFinite(header) && header > 0 ? header : undefined;
  return new ApiError({
    status: response.status,
    code: typeof err?.code === 'string' ? err.code : response.status >= 500 ? 'internal_error' : 'unknown',
    message: typeof err?.message === 'string' ? err.message : response.statusText || `HTTP ${response.status}`,
    ...(err?.fields && typeof err.fields === 'object' ? { fields: err.fields as Record<string, string> } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
    ...(err?.details && typeof err.details === 'object' ? { details: err.details as Record<string, unknown> } : {}),
  });
}

/** Throws ApiError for an HTTP failure, and fetch's TypeError when the network fails. */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = options.token ?? (options.auth === false ? null : getAccessToken());
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) {
    // A file upload: the browser writes the multipart content type with its boundary.
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(buildUrl(path, options.query), {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: options.signal,
  });
  const data = await readBody(response);
  if (!response.ok) throw toApiError(response, data);
  return data as T;
}

/** A file (PDF, CSV…) from the API with the session's bearer token; failures as in apiFetch. */
export async function apiFetchBlob(path: string, options: Pick<ApiRequestOptions, 'query' | 'signal'> = {}): Promise<Blob> {
  return (await apiFetchFile(path, options)).blob;
}

/** As apiFetchBlob, with the response's `content-disposition` (for the file's name). */
export async function apiFetchFile(
  path: string,
  options: Pick<ApiRequestOptions, 'query' | 'signal'> = {},
): Promise<{ blob: Blob; disposition: string | null }> {
  const headers: Record<string, string> = {};
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(buildUrl(path, options.query), { headers, signal: options.signal });
  if (!response.ok) throw toApiError(response, await readBody(response));
  return { blob: await response.blob(), disposition: response.headers.get('content-disposition') };
}
