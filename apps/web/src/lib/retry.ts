import { QUERY_RETRY, RETRY_ATTEMPTS, RETRY_BASE_DELAY_MS } from '@portal/shared';
import { isApiError } from './api-client';

export interface RetryOptions {
  attempts?: number;
  baseDelayMs?: number;
  signal?: AbortSignal;
}

/** fetch rejects with a TypeError when the request never got an answer (offline, DNS, reset). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/** Every query's policy: a 4xx is an answer; anything else is tried again QUERY_RETRY times. */
export function retryQuery(failureCount: number, error: unknown): boolean {
  return !(isApiError(error) && error.status < 500) && failureCount < QUERY_RETRY;
}

/**
 * TanStack `retry`/`retryDelay` for a query that must ride out a flaky network (the public
 * settings, needed before anyone signs in): a network failure is tried again after 1 s, 2 s, …
 * up to RETRY_ATTEMPTS tries in all; any other failure follows `retryQuery`.
 */
export const networkRetry = {
  retry: (failureCount: number, error: unknown): boolean =>
    isNetworkError(error) ? failureCount < RETRY_ATTEMPTS - 1 : retryQuery(failureCount, error),
  retryDelay: (failureCount: number): number => RETRY_BASE_DELAY_MS * 2 ** failureCount,
};

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * For a call outside TanStack Query (a query uses `networkRetry`, the auth layer's profile
 * check does not: its 401 has its own handling). Runs `fn`, and again after 1 s, 2 s, … while
 * it fails with a network error, up to `attempts` tries in all. An HTTP error (ApiError) is an
 * answer, and is never retried.
 */
export async function withRetry<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? RETRY_ATTEMPTS;
  const baseDelay = options.baseDelayMs ?? RETRY_BASE_DELAY_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!isNetworkError(error) || attempt >= attempts || options.signal?.aborted) throw error;
      await sleep(baseDelay * 2 ** (attempt - 1), options.signal);
    }
  }
}
