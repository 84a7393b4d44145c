import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { networkRetry, withRetry } from './retry';

describe('withRetry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries network failures after 1 s, then 2 s, and gives up after 3 attempts', async () => {
    const fn = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const result = withRetry(fn);
    const settled = result.catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(0);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(3);

    const error = await settled;
    expect(error).toBeInstanceOf(TypeError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('returns the first success after a network failure', async () => {
    const fn = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce('ok');
    const result = withRetry(fn);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('never retries an HTTP error', async () => {
    const httpError = new ApiError({ status: 500, code: 'internal_error', message: 'boom' });
    const fn = vi.fn().mockRejectedValue(httpError);
    await expect(withRetry(fn)).rejects.toBe(httpError);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('never retries other errors either', async () => {
    const fn = vi.fn().mockRejectedValue(new Error('bug'));
    await expect(withRetry(fn)).rejects.toThrow('bug');
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('networkRetry (TanStack Query options)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tries a query again after 1 s, then 2 s, while the network fails, 3 attempts in all', async () => {
    const fn = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const client = new QueryClient();
    const settled = client.fetchQuery({ queryKey: ['retry-test'], queryFn: fn, ...networkRetry }).catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(0);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(3);
    expect(await settled).toBeInstanceOf(TypeError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('never retries a 4xx answer', async () => {
    const notFound = new ApiError({ status: 404, code: 'not_found', message: 'gone' });
    const fn = vi.fn().mockRejectedValue(notFound);
    const client = new QueryClient();
    await expect(client.fetchQuery({ queryKey: ['retry-test'], queryFn: fn, ...networkRetry })).rejects.toBe(notFound);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
