import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeSession } from '../test-utils/session-factory';
import { ApiError, apiFetch } from './api-client';
import { clearSession, setSession } from './session-store';

describe('apiFetch', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => clearSession('user'));

  it('sends JSON with the session bearer token and returns the JSON answer', async () => {
    const session = makeSession();
    setSession(session, 'SIGNED_IN');
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));

    await expect(apiFetch('/api/auth/user', { method: 'PUT', body: { name: 'N' } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/user');
    const headers = init!.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Bearer ${session.access_token}`);
    expect(headers['Content-Type']).toBe('application/json');
    expect(init!.body).toBe('{"name":"N"}');
  });

  it('sends extra headers, and lets the browser type a multipart body', async () => {
    setSession(makeSession(), 'SIGNED_IN');
    fetchMock.mockResolvedValue(jsonResponse(202, { id: 'job' }));
    const body = new FormData();
    body.append('file', new File(['a,b'], 'x.csv'));
    await apiFetch('/api/admin/data/items/import', { method: 'POST', body, headers: { Prefer: 'respond-async' } });
    const [, init] = fetchMock.mock.calls[0]!;
    const headers = init!.headers as Record<string, string>;
    expect(headers.Prefer).toBe('respond-async');
    expect(headers.Accept).toBe('application/json');
    expect(headers['Content-Type']).toBeUndefined();
    expect(init!.body).toBe(body);
  });

  it('leaves the token out when asked (the sign-in calls)', async () => {
    setSession(makeSession(), 'SIGNED_IN');
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await apiFetch('/api/auth/token', { query: { grant_type: 'password' }, body: {}, auth: false });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/token?grant_type=password');
    expect((init!.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('turns the server error body into an ApiError with code, fields and retry_after', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, {
        error: { code: 'validation_failed', message: 'Bad input', fields: { email: 'invalid_email' } },
      }),
    );
    const error = await apiFetch('/api/auth/signup', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Bad input', fields: { email: 'invalid_email' } });

    fetchMock.mockResolvedValueOnce(jsonResponse(429, { error: { code: 'rate_limited', message: 'Slow down', retry_after: 42 } }));
    await expect(apiFetch('/api/auth/token', { body: {} })).rejects.toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 42 });
  });

  it('copes with an answer that is not our error shape', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiFetch('/api/health')).rejects.toMatchObject({ status: 502, code: 'internal_error' });
  });

  it('lets a network failure through as the TypeError the retry wrapper looks for', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiFetch('/api/health')).rejects.toBeInstanceOf(TypeError);
  });
});
