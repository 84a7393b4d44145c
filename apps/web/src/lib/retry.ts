import { RETRY_ATTEMPTS, RETRY_BASE_DELAY_MS } from '@portal/shared';

export interface RetryOptions {
  attempts?: number;
  baseDelayMs?: number;
  signal?: AbortSignal;
}

/** fetch rejects with a TypeError when the request never got an answer (offline, DNS, reset). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

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
 * Runs `fn`, and again after 1 s, 2 s, … while it fails with a network error, up to
 * `attempts` tries in all. An HTTP error (ApiError) is an answer, and is never retried.
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
